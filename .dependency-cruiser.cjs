// The import rules of the admin, the server and the bespoke pages (issue 32), checked by
// tests/unit/import-rules.test.ts (npm test) and by hand with `npx depcruise src custom-pages`:
//   - no import circles (an `import type` is erased by the compiler and is no circle at run time);
//   - src/admin in layers that only look down: the app (App.tsx, routes.tsx, main.tsx) -> the shell
//     and the bespoke pages' registry (customPages.tsx) -> the generator -> the core (api, session,
//     auth clients, data provider, i18n, the resource model and summaries) -> src/domain;
//   - bespoke pages reach the admin only through its one door, src/admin/pages.ts.
const ADMIN_APP = '^src/admin/(App|routes|main)\\.tsx?$';
const ADMIN_REGISTRY = '^src/admin/customPages\\.tsx$';
const ADMIN_DOOR = '^src/admin/pages\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other (directly or through others): a layer must only look down.',
      severity: 'error',
      from: { path: '^(src|custom-pages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'custom-pages-through-the-door',
      comment: 'A bespoke page imports the admin only from src/admin/pages.ts, its public surface for bespoke pages.',
      severity: 'error',
      from: { path: '^custom-pages/' },
      to: { path: '^src/admin/', pathNot: ADMIN_DOOR },
    },
    {
      name: 'door-without-registry',
      comment: 'The door offers the layers under the app: never the app, nor the registry that imports the bespoke pages.',
      severity: 'error',
      from: { path: ADMIN_DOOR },
      to: { path: [ADMIN_APP, ADMIN_REGISTRY, '^src/admin/shell/screens\\.ts$', '^custom-pages/'] },
    },
    {
      name: 'admin-core-looks-down',
      comment: 'The core (src/admin/core) imports only itself, src/domain and libraries.',
      severity: 'error',
      from: { path: '^src/admin/core/' },
      to: { path: ['^src/admin/(generator|shell)/', ADMIN_APP, ADMIN_REGISTRY, ADMIN_DOOR, '^custom-pages/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-generator-looks-down',
      comment: 'The generator imports the core, src/domain and libraries, never the shell, the registry or the app.',
      severity: 'error',
      from: { path: '^src/admin/generator/' },
      to: { path: ['^src/admin/shell/', ADMIN_APP, ADMIN_REGISTRY, ADMIN_DOOR, '^custom-pages/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-shell-looks-down',
      comment: 'The shell and the registry import the generator, the core and src/domain, never the app.',
      severity: 'error',
      from: { path: ['^src/admin/shell/', ADMIN_REGISTRY] },
      to: { path: [ADMIN_APP, ADMIN_DOOR], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
