// The react-admin application: sign-in (authProvider over the identity client the server names),
// data provider over /api, pt-BR (react-admin's texts and MUI's own, such as the pagers' labels),
// the generated resources on the spec's routes, the admin home, the public pages outside the
// layout; a path of the spec's route map not built yet shows the "not available yet" page
// (shell/plannedRoutes.ts), any other unknown path goes to '/'; a screen the user's roles may not
// open shows the one access-denied page (shell/AccessDenied.tsx).
import { lazy, useState } from 'react';
import { Route } from 'react-router-dom';
import { ptBR as muiPtBR } from '@mui/material/locale';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  AuthCallback,
  CoreAdminUI,
  CustomRoutes,
  defaultTheme,
  LoadingPage,
  localStorageStore,
  Notification,
  Resource,
  type DataProvider,
  type Store,
} from 'react-admin';
import { createDataProvider } from './core/dataProvider.js';
import { createAuthProvider, type IntranetAuthProvider } from './core/authProvider.js';
import { ApiBaseContext } from './core/auth/context.js';
import { i18nProvider } from './core/i18n/index.js';
import { resourceModules, resourceSummaries } from './core/resources.js';
import { Lazy } from './core/Lazy.js';
import { createQueryClient } from './core/queryClient.js';
import { resourceRoutes } from './routes.js';
import { setApiOrigin } from './core/api.js';
import { customPageRoutes } from './customPages.js';
import { Layout } from './shell/Layout.js';
import { APP_NAME } from './generator/TitleBar.js';
import { CatchAll } from './shell/CatchAll.js';
import { AccessDenied } from './generator/AccessDenied.js';
import { AuthenticationErrorPage, ErrorPage } from './shell/ErrorPage.js';

const AdminHome = lazy(() => import('./shell/AdminHome.js'));
const Home = lazy(() => import('./shell/Home.js'));

export const API_URL = '/api';

const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1a56a6' },
    secondary: { main: '#0f2e57' },
  },
  // MUI's own texts (pagers' 'Ir para a próxima página', the autocomplete's 'Sem opções', ...) in pt-BR.
  components: {
    ...defaultTheme.components,
    ...muiPtBR.components,
    MuiAutocomplete: {
      ...defaultTheme.components?.MuiAutocomplete,
      defaultProps: { ...defaultTheme.components?.MuiAutocomplete?.defaultProps, ...muiPtBR.components?.MuiAutocomplete?.defaultProps },
    },
  },
};

const Dashboard = () => (
  <Lazy key="/">
    <Home />
  </Lazy>
);

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
  // One query client per mounted app (its cache is the screens' data).
  const [queryClient] = useState(createQueryClient);
  let auth = authProvider ?? authProviders.get(apiBase);
  if (!auth) {
    auth = createAuthProvider({ apiBase });
    authProviders.set(apiBase, auth);
  }
  return (
    <ApiBaseContext.Provider value={apiBase}>
      <AdminContext
        dataProvider={dataProvider ?? defaultDataProvider}
        queryClient={queryClient}
        authProvider={auth}
        i18nProvider={i18nProvider}
        theme={theme}
        store={store ?? localStorageStore(undefined, 'intranet')}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            title={APP_NAME}
            requireAuth
            loginPage={false}
            layout={Layout}
            dashboard={Dashboard}
            catchAll={CatchAll}
            accessDenied={AccessDenied}
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationErrorPage}
            error={ErrorPage}
            loading={LoadingPage}
            disableTelemetry
          >
        {resourceSummaries.map((c) => (
          <Resource key={c.resource} name={c.resource} recordRepresentation={c.recordLabel} options={{ label: c.title }} />
        ))}
        <CustomRoutes>
          {/* A bespoke page replaces the generated screen of the same path (the first match wins). */}
          {customPageRoutes(false)}
          {resourceRoutes(resourceSummaries)}
          <Route
            path="/modulos/admin"
            element={
              <Lazy key="/modulos/admin">
                <AdminHome />
              </Lazy>
            }
          />
        </CustomRoutes>
        <CustomRoutes noLayout>{customPageRoutes(true, Layout)}</CustomRoutes>
          </CoreAdminUI>
          <Notification />
        </CssBaseline>
      </AdminContext>
    </ApiBaseContext.Provider>
  );
}

export default App;
