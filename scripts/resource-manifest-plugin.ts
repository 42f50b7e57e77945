// The Vite plugin of `virtual:resource-manifest`: the summary of every schemas/<area>/<resource>.json
// (routes, titles, rights, role areas: src/admin/core/schemas.ts summaryOf), computed at build
// time. The first screen imports only this; the schemas' bodies come with the generated screens' own
// chunks (src/admin/generator/registry.ts), so a register added costs the first screen a few bytes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildConfigs, summaryOf } from '../src/admin/core/schemas.js';

export const RESOURCE_MANIFEST_ID = 'virtual:resource-manifest';
const RESOLVED_ID = `\0${RESOURCE_MANIFEST_ID}`;

/** The schema files by the path the admin's glob names them (/schemas/<area>/<file>.json). */
function readSchemas(root: string): Record<string, unknown> {
  const dir = resolve(root, 'schemas');
  const files: Record<string, unknown> = {};
  for (const area of readdirSync(dir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const name of readdirSync(join(dir, area.name))) {
      if (name.endsWith('.json')) files[`/schemas/${area.name}/${name}`] = JSON.parse(readFileSync(join(dir, area.name, name), 'utf8'));
    }
  }
  return files;
}

export function resourceManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'intranet:resource-manifest',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === RESOURCE_MANIFEST_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const files = readSchemas(root);
      for (const path of Object.keys(files)) this.addWatchFile(join(root, path));
      return `export default ${JSON.stringify(buildConfigs(files).map(summaryOf))};`;
    },
  };
}
