// The routes of every generated resource, as the spec names them: <path>/list, <path>/register and
// <path>/edit/:id (and <path> itself leading to the list); the optional-id forms register/{id?}
// (an id opens that record's edit screen) and edit/{id?} (without an id, the register screen);
// <path>/list is always the table, and <path>/cards the cards view of the resources that have one
// (list.view 'cards': the categories, whose two routes the spec names), <path>/calendar the month
// calendar of those with list.calendar (the events); the same screens again under each of
// the schema's aliases (x-intranet.aliases: /companies shows the providers). Each screen is loaded
// on demand. The resource's name as a path (/onboardings, /microregions, where react-admin would
// draw an empty page) leads to its list too, and any other path under it to the index; internal
// tables (x-intranet.internal) have no screens at all. A scoped register (x-intranet.scope) lives
// under its parent: in query mode the same routes read the parent from the query (list?idCampaign=1,
// register?idCampaign=1, edit?idCampaign=1&idRule=2, and edit/{id} of a record, which names its
// parent itself); in path mode <path>/list/{param}, <path>/register/{param} and
// <path>/edit/{param}/{id}. Without the parent, each leads to the scope's back target (scopeHome).
// A query-mode edit screen moved by x-intranet.editPath onto another register's base
// (/marketing/imports-leads/edit?import_id=&lead_id=) wins over that register's own 'edit without
// an id' redirect.
import { lazy } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { Lazy } from './core/Lazy.js';
import { CatchAll } from './shell/CatchAll.js';
// The app's screens answer who may open what (core/screenAccess.ts) once loaded.
import './shell/screens.js';
import { aliasConfig, editBaseOf, editPathOf, editRoutePattern, registerPathOf, scopeHome, type ResourceSummary } from './core/schemas.js';

const ResourceList = lazy(() => import('./generator/ResourceList.js'));
const ResourceForm = lazy(() => import('./generator/ResourceForm.js'));
const CalendarView = lazy(() => import('./generator/CalendarView.js'));

export { Lazy };

export const listPath = (config: ResourceSummary) => config.listPath;
export const registerPath = (config: ResourceSummary) => `${config.path}/register`;
export const editPath = (config: ResourceSummary, id: string | number) => editPathOf(config, id);

const paramOf = (config: ResourceSummary) => `:${config.scope!.param}`;

function ToEdit({ config }: { config: ResourceSummary }) {
  const { id } = useParams();
  return <Navigate to={editPath(config, id ?? '')} replace />;
}

export function resourceRoutes(configs: ResourceSummary[]) {
  const screens = configs.filter((c) => !c.internal).flatMap((config) => [config, ...config.aliases.map((alias) => aliasConfig(config, alias))]);
  const claimed = new Set(screens.filter((c) => c.editable && c.scope?.in === 'query').map((c) => c.editBase));
  return [...screens.flatMap((config) => routesOf(config, claimed)), ...configs.flatMap(nameRoutes)];
}

/**
 * react-admin answers /<resource>/* of every registered resource, with nothing to draw when the
 * resource has no list of its own: the name alone opens the list (the index for an internal table),
 * any deeper path the catch-all. A screen of the same path (the resource's own base) wins.
 */
function nameRoutes(config: ResourceSummary) {
  const base = `/${config.resource}`;
  const routes = [<Route key={`${base}:name-any`} path={`${base}/*`} element={<CatchAll />} />];
  if (config.path !== base) {
    routes.push(<Route key={`${base}:name`} path={base} element={<Navigate to={config.internal ? '/' : listPath(config)} replace />} />);
  }
  return routes;
}

/** The screens' routes of one resource on its own base (tests mount a config of their own with it). */
export const resourceScreenRoutes = (config: ResourceSummary) => routesOf(config);

/** `claimed`: the bases of query-mode edit screens, which no other register's redirect may take. */
function routesOf(config: ResourceSummary, claimed: ReadonlySet<string> = new Set()) {
  // Keyed by path: a resource and its aliases share the resource name.
  return [
    <Route key={`${config.path}:base`} path={config.path} element={<Navigate to={listPath(config)} replace />} />,
    <Route
      key={`${config.path}:list`}
      path={listPath(config)}
      element={
        <Lazy key={listPath(config)}>
          <ResourceList config={config} view="table" />
        </Lazy>
      }
    />,
    ...(config.scope?.in === 'path'
      ? [
          <Route
            key={`${config.path}:list-scoped`}
            path={`${listPath(config)}/${paramOf(config)}`}
            element={
              <Lazy key={`${listPath(config)}/:scope`}>
                <ResourceList config={config} view="table" />
              </Lazy>
            }
          />,
        ]
      : []),
    ...(config.calendar
      ? [
          <Route
            key={`${config.path}:calendar`}
            path={`${config.path}/calendar`}
            element={
              <Lazy key={`${config.path}/calendar`}>
                <CalendarView config={config} />
              </Lazy>
            }
          />,
        ]
      : []),
    ...(config.listView === 'cards'
      ? [
          <Route
            key={`${config.path}:cards`}
            path={`${config.path}/cards`}
            element={
              <Lazy key={`${config.path}/cards`}>
                <ResourceList config={config} view="cards" />
              </Lazy>
            }
          />,
        ]
      : []),
    ...(config.editable ? formRoutes(config, claimed) : []),
  ];
}

function formRoutes(config: ResourceSummary, claimed: ReadonlySet<string>) {
  if (config.scope?.in === 'path') return pathScopedFormRoutes(config);
  const queryScoped = config.scope?.in === 'query';
  return [
    <Route
      key={`${config.path}:register`}
      path={registerPath(config)}
      element={
        <Lazy key={registerPath(config)}>
          <ResourceForm config={config} mode="create" />
        </Lazy>
      }
    />,
    <Route
      key={`${config.path}:edit`}
      path={editRoutePattern(config)}
      element={
        <Lazy key={editRoutePattern(config)}>
          <ResourceForm config={config} mode="edit" />
        </Lazy>
      }
    />,
    <Route
      key={`${config.path}:register-id`}
      path={`${registerPath(config)}/:id`}
      element={<ToEdit config={config} />}
    />,
    // Other addresses of the register (x-intranet.registerPaths: the news' /news/form).
    ...config.registerPaths.map((path) => (
      <Route
        key={`${path}:register`}
        path={path}
        element={
          <Lazy key={path}>
            <ResourceForm config={config} mode="create" />
          </Lazy>
        }
      />
    )),
    queryScoped ? (
      // edit?idCampaign=1&idRule=2: the record's id in the query.
      <Route
        key={`${config.path}:edit-query`}
        path={config.editBase}
        element={
          <Lazy key={`${config.editBase}?`}>
            <ResourceForm config={config} mode="edit" />
          </Lazy>
        }
      />
    ) : claimed.has(config.editBase) ? null : (
      <Route key={`${config.path}:edit-none`} path={editBaseOf(config)} element={<Navigate to={registerPath(config)} replace />} />
    ),
  ].filter((route) => route !== null);
}

/** The form routes of a register scoped in path mode: register/{param}, edit/{param}/{id}. */
function pathScopedFormRoutes(config: ResourceSummary) {
  const param = paramOf(config);
  const form = (mode: 'create' | 'edit', key: string) => (
    <Lazy key={key}>
      <ResourceForm config={config} mode={mode} />
    </Lazy>
  );
  return [
    <Route key={`${config.path}:register`} path={registerPath(config)} element={form('create', registerPath(config))} />,
    <Route key={`${config.path}:register-scoped`} path={`${registerPath(config)}/${param}`} element={form('create', `${registerPath(config)}/:scope`)} />,
    ...(config.scope?.labelParam
      ? [<Route key={`${config.path}:register-named`} path={`${registerPath(config)}/${param}/:${config.scope.labelParam}`} element={form('create', `${registerPath(config)}/:scope`)} />]
      : []),
    <Route key={`${config.path}:edit-scoped`} path={`${config.editBase}/${param}/:id`} element={form('edit', `${config.editBase}/:scope/:id`)} />,
    <Route key={`${config.path}:edit-parent`} path={`${config.editBase}/${param}`} element={<ToScopedRegister config={config} />} />,
    <Route key={`${config.path}:edit-none`} path={config.editBase} element={<Navigate to={scopeHome(config)} replace />} />,
  ];
}

/** edit/{param} without a record: the parent's register screen. */
function ToScopedRegister({ config }: { config: ResourceSummary }) {
  const params = useParams();
  return <Navigate to={registerPathOf(config, params[config.scope!.param])} replace />;
}
