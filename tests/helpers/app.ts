// A real server for a test file: buildApp() on a fresh in-memory PGlite, or on a fresh database of the
// PostgreSQL at DATABASE_URL when it is set (CI runs the API tests both ways).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app.js';
import { createPglite, createPostgres, type Database } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { loadRegistry, type Registry } from '../../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createUserWithPassword, DEFAULT_ADMIN, ensureSuperadmin } from '../../src/server/auth/bootstrap.js';
import type { InjectOptions } from 'fastify';

/** The tests' clock (tests/helpers/clock.ts), for the threads that read time (through a variable: Vite takes `new URL('./x', import.meta.url)` for a browser asset in the UI tests). */
const HERE = import.meta.url;
export const CLOCK = new URL('./clock.ts', HERE);

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDatabase {
  db: Database;
  url?: string;
  drop(): Promise<void>;
}

/** The migrated template of tests/helpers/databaseTemplate.ts, when the project's global setup made one. */
function template(): string | undefined {
  try {
    return inject('databaseTemplate') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database (PGlite in memory, or a new PostgreSQL database): a copy of the run's
 * migrated template when there is one; migrate() still runs and finds nothing to do (it checks the
 * template's migrations against the files, as at every start).
 */
export async function freshDatabase(options: { thread?: boolean; registry?: Registry } = {}): Promise<TestDatabase> {
  const registry = options.registry ?? loadRegistry(SCHEMAS_DIR);
  const from = template();
  if (!process.env.DATABASE_URL) {
    const tarball = from && existsSync(from) ? new Blob([readFileSync(from)]) : undefined;
    // The embedded database as the product runs it, but served on the test's own thread unless asked
    // (options.thread, or TEST_PGLITE_THREAD=1 for a whole run): on a 2-core machine a thread per
    // test file's database made the suites about 40% longer. Its thread has its own tests
    // (embedded-thread.test.ts, test-clock.test.ts), and the end-to-end suite and the drills run on it.
    // A thread reads the tests' clock too (TEST_CLOCK: now() and CURRENT_DATE in SQL).
    const thread = options.thread ?? process.env.TEST_PGLITE_THREAD === '1';
    const db = await createPglite(null, { loadDataDir: tarball, preload: [CLOCK], thread });
    await migrate(db, registry);
    return { db, drop: () => db.close() };
  }
  const base = new URL(process.env.DATABASE_URL);
  const name = `intranet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(from)}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const db = createPostgres(url.toString(), 5);
  await migrate(db, registry);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const TEST_PASSWORD = 'Teste#Senha2026';

/**
 * A real app on a fresh database, with its superadmin signed in (`embedded.thread`: PGlite in its own
 * thread, as the product runs it; see freshDatabase). `t.inject` calls as the superadmin;
 * `t.app.inject` calls with no token; `t.signIn` / `t.userToken` act as any other user.
 */
export async function testApp(options: Partial<AppOptions> = {}, embedded: { thread?: boolean } = {}) {
  // The schemas read once for the migrations' check and the app (as the product's main.ts does): half a second of
  // a loaded machine's processor per server.
  // A test's own registry (tests/helpers/fixtures.ts: the product's schemas plus fixtures whose tables the test creates
  // after the start) is not the database's: the database is migrated and checked against the product's schemas.
  const registry = options.registry ?? loadRegistry(SCHEMAS_DIR);
  const database = await freshDatabase({ ...embedded, registry: options.registry ? undefined : registry });
  const app = await buildApp({ db: database.db, registry, ...options, config: { jwtSecret: undefined, ...options.config } });
  await app.ready();
  await ensureSuperadmin(database.db, app.resources, app.identity, DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
  const signIn = async (email: string, password: string) => {
    const r = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
    if (r.statusCode !== 200 || r.json().status !== 'OK') throw new Error(`login de ${email} falhou: ${r.statusCode} ${r.body}`);
    return r.json().idToken as string;
  };
  // With Cognito the built-in sign-in answers 409: tests there get their tokens from the emulator.
  const adminToken = options.config?.cognito ? '' : await signIn(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
  let seq = 0;
  return {
    app,
    db: database.db,
    url: database.url,
    adminToken,
    signIn,
    /** Calls as the superadmin unless the options carry their own authorization header. */
    inject(opts: InjectOptions | string) {
      const o: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
      return app.inject({ ...o, headers: { authorization: `Bearer ${adminToken}`, ...(o.headers ?? {}) } });
    },
    /** Creates a user with these roles and providers and answers its identity token. */
    async userToken(user: { papeis: string[]; id_empresas?: number[]; email?: string; funcionario?: boolean; nome?: string }) {
      const email = user.email ?? `usuario${++seq}.${Date.now()}@teste.com.br`;
      await createUserWithPassword(database.db, app.resources, app.identity, { nome: user.nome ?? 'Usuário de Teste', funcionario: false, ...user, email }, TEST_PASSWORD);
      return signIn(email, TEST_PASSWORD);
    },
    async close() {
      // The test is over: its client's connections go first. A listening server's close otherwise waited
      // out the keep-alive (Fastify's 72 s) of the last connection the screens' fetch left open: 70 s of a
      // UI file's 94 (auth-login), idle, in most UI files.
      app.server.closeAllConnections();
      await app.close();
      await database.drop();
    },
  };
}

export const bearer = (token: string, role?: string) => ({ authorization: `Bearer ${token}`, ...(role ? { 'x-intranet-role': role } : {}) });

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** JSON query string helper for ra-data-simple-rest style parameters. */
export function qs(params: Record<string, unknown>) {
  return new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
}
