// The admin against the real server: buildApp() on a fresh in-memory database, listening on a
// loopback port, with the app's own data provider pointed at it.
import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { App } from '../../src/admin/App.js';
import { ApiBaseContext } from '../../src/admin/core/auth/context.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { fromAuthSession, setSession } from '../../src/admin/core/session.js';
import { BuiltinIdentityClient } from '../../src/admin/core/auth/builtinClient.js';
import { TEST_PASSWORD, testApp, type TestApp } from '../helpers/app.js';
import { createUserWithPassword } from '../../src/server/auth/bootstrap.js';

export { TEST_PASSWORD };
import WebSocketImpl from 'ws';

// jsdom's Event class and Node's built-in WebSocket do not mix: the notification bell's graphql-ws
// connection uses the 'ws' package here, as a browser would its own WebSocket.
(globalThis as { WebSocket: unknown }).WebSocket = WebSocketImpl;

export interface UiServer {
  server: TestApp;
  baseUrl: string;
  /** Creates a user with a known, active password (TEST_PASSWORD unless given); answers its id. */
  createUser(user: { email: string; nome?: string | null; papeis: string[]; funcionario?: boolean; ativo?: boolean; id_empresas?: number[] }, password?: string): Promise<number>;
  /** JSON call to the server's API. */
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
  close(): Promise<void>;
}

/** `options` as testApp's, e.g. { config: { accessTokenTtl: 3 } } for short-lived identity tokens. */
export async function startServer(options: Parameters<typeof testApp>[0] = {}): Promise<UiServer> {
  const server = await testApp(options);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = address.replace('localhost', '127.0.0.1');
  // The screens act as the server's superadmin, signed in through the real /v1/auth/login.
  setSession({ token: server.adminToken, roles: ['users:superadmin'] });
  return {
    server,
    baseUrl,
    async createUser(user, password = TEST_PASSWORD) {
      const row = await createUserWithPassword(server.db, server.app.resources, server.app.identity, { nome: 'Usuário de Teste', funcionario: false, ...user }, password);
      return row.id as number;
    },
    async api(method, path, body) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${server.adminToken}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    close: () => server.close(),
  };
}

/** Renders the whole admin at `path`, talking to the server at baseUrl (API and sign-in alike). */
export function renderAdmin(baseUrl: string, path: string) {
  const dataProvider = createDataProvider(`${baseUrl}/api`, resourceModules);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App dataProvider={dataProvider} apiBase={baseUrl} store={memoryStore()} />
    </MemoryRouter>,
  );
}

/**
 * Renders react-admin with only the custom pages (or the given `routes`) at `path`, with the app's
 * data provider, i18n and sign-in pointed at the server at baseUrl: the screens are tested even where
 * a generated route of the same path would answer first in the whole app.
 */
export function renderPage(baseUrl: string, path: string, routes: ReactNode = customPageRoutes(false)) {
  const dataProvider = createDataProvider(`${baseUrl}/api`, resourceModules);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ApiBaseContext.Provider value={baseUrl}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} disableTelemetry>
          <CustomRoutes>{routes}</CustomRoutes>
        </Admin>
      </ApiBaseContext.Provider>
    </MemoryRouter>,
  );
}

/**
 * Signs in through the app's own identity client against the server (POST /v1/auth/login) and
 * installs the session, as the login page does.
 */
export async function signInAs(baseUrl: string, email: string, password: string) {
  const result = await new BuiltinIdentityClient(baseUrl).signIn(email, password);
  if (result.status !== 'OK') throw new Error(`login de ${email}: desafio ${result.challenge.challenge}`);
  setSession(fromAuthSession(result.session));
  return result.session;
}

/**
 * Signs out locally (no session, empty storage), first unmounting what is rendered: a screen left
 * mounted would see the next user's session as a role change and sign them out.
 */
export function signOutLocally() {
  cleanup();
  setSession(null);
  localStorage.clear();
  sessionStorage.clear();
}
