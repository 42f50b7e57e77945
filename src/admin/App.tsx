// The react-admin application: sign-in (authProvider over the identity client the server names),
// data provider over /api, pt-BR, the generated resources on the spec's routes, the admin home, the
// public pages outside the layout; a path of the spec's route map not built yet shows the "not
// available yet" page (shell/plannedRoutes.ts), any other unknown path goes to '/'.
import { lazy } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Admin, CustomRoutes, defaultTheme, localStorageStore, Resource, type DataProvider, type Store } from 'react-admin';
import { createDataProvider } from './dataProvider.js';
import { createAuthProvider, type IntranetAuthProvider } from './authProvider.js';
import { ApiBaseContext } from './auth/context.js';
import { i18nProvider } from './i18n/index.js';
import { resourceConfigs, resourceModules } from './generator/registry.js';
import { Lazy, resourceRoutes } from './generator/routes.js';
import { setApiOrigin } from './generator/api.js';
import { customPageRoutes } from './customPages.js';
import { Layout } from './shell/Layout.js';
import { APP_NAME } from './shell/TitleBar.js';
import { plannedAreaOf } from './shell/plannedRoutes.js';

const AdminHome = lazy(() => import('./shell/AdminHome.js'));
const Home = lazy(() => import('./shell/Home.js'));
const NotYetAvailable = lazy(() => import('./shell/NotYetAvailable.js'));

export const API_URL = '/api';

const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1a56a6' },
    secondary: { main: '#0f2e57' },
  },
};

const Dashboard = () => (
  <Lazy key="/">
    <Home />
  </Lazy>
);

/** Unknown paths: the spec's not-yet-built areas get their notice, anything else goes to the index. */
function CatchAll() {
  const { pathname } = useLocation();
  if (!plannedAreaOf(pathname)) return <Navigate to="/" replace />;
  return (
    <Lazy key="planned">
      <NotYetAvailable />
    </Lazy>
  );
}

export interface AppProps {
  dataProvider?: DataProvider;
  authProvider?: IntranetAuthProvider;
  store?: Store;
  /** The server's origin ('' = this page's). */
  apiBase?: string;
}

let defaultDataProvider: DataProvider | undefined;
const authProviders = new Map<string, IntranetAuthProvider>();

export function App({ dataProvider, authProvider, store, apiBase = '' }: AppProps) {
  defaultDataProvider ??= createDataProvider(API_URL, resourceModules);
  // Every v1 call of the app (header, custom pages) goes to this server.
  setApiOrigin(apiBase);
  let auth = authProvider ?? authProviders.get(apiBase);
  if (!auth) {
    auth = createAuthProvider({ apiBase });
    authProviders.set(apiBase, auth);
  }
  return (
    <ApiBaseContext.Provider value={apiBase}>
      <Admin
        title={APP_NAME}
        dataProvider={dataProvider ?? defaultDataProvider}
        authProvider={auth}
        requireAuth
        loginPage={false}
        i18nProvider={i18nProvider}
        layout={Layout}
        dashboard={Dashboard}
        catchAll={CatchAll}
        theme={theme}
        store={store ?? localStorageStore(undefined, 'intranet')}
        disableTelemetry
      >
        {resourceConfigs.map((c) => (
          <Resource key={c.resource} name={c.resource} recordRepresentation={c.recordLabel} options={{ label: c.title }} />
        ))}
        <CustomRoutes>
          {/* A bespoke page replaces the generated screen of the same path (the first match wins). */}
          {customPageRoutes(false)}
          {resourceRoutes(resourceConfigs)}
          <Route
            path="/modulos/admin"
            element={
              <Lazy key="/modulos/admin">
                <AdminHome />
              </Lazy>
            }
          />
        </CustomRoutes>
        <CustomRoutes noLayout>{customPageRoutes(true)}</CustomRoutes>
      </Admin>
    </ApiBaseContext.Provider>
  );
}

export default App;
