// The database away (restarting, stopped, unreachable): requests answer 503 with Retry-After and the
// pt-BR text, never 500, REST, GraphQL and /health alike, and the same app answers again once it is
// back. On PostgreSQL, connections really lost (a restart's 57P01 on a client inside a transaction)
// must not end the process, and the pool must recover by itself. The full drill, with a real restart
// and stop, is `npm run drill:database`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createPostgres, FROM_DATABASE, type Database, type Queryable } from '../../src/server/db/index.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../src/server/errors.js';
import { DEFAULT_ADMIN, ensureSuperadmin } from '../../src/server/auth/bootstrap.js';
import { MSG } from '../../src/domain/messages.js';
import { freshDatabase, onPostgres, testApp, type TestApp, type TestDatabase } from '../helpers/app.js';

const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
const fromDriver = (e: Error) => Object.assign(e, { [FROM_DATABASE]: true });

// What pg, pg-pool and the network answer while the database restarts or is stopped.
const AWAY: Record<string, () => Error> = {
  'shutdown (57P01)': () => pgError('terminating connection due to administrator command', '57P01'),
  'starting up (57P03)': () => pgError('the database system is starting up', '57P03'),
  'connection failure (08006)': () => pgError('connection failure', '08006'),
  'connection refused': () => fromDriver(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
  'connection reset': () => fromDriver(pgError('read ECONNRESET', 'ECONNRESET')),
  'connection terminated': () => new Error('Connection terminated unexpectedly'),
  'pool connect timeout': () => new Error('timeout exceeded when trying to connect'),
  'connect timeout': () => new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
  'every address refused': () => fromDriver(new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')),
};

describe('isDatabaseUnavailable', () => {
  it.each(Object.entries(AWAY))('%s: the database is away', (_, error) => {
    expect(isDatabaseUnavailable(error())).toBe(true);
  });

  it('data errors, faults of ours and network errors of other services are not', () => {
    expect(isDatabaseUnavailable(pgError('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // The mail server or S3 refusing a connection is not the database.
    expect(isDatabaseUnavailable(pgError('connect ECONNREFUSED 10.0.0.1:587', 'ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

/** The database behind a switch: while `away` is set, every call fails with that error. */
function switchable(db: Database) {
  const state: { away: (() => Error) | null } = { away: null };
  const gate = (q: Queryable): Queryable => ({
    query: (sql, params) => (state.away ? Promise.reject(state.away()) : q.query(sql, params)),
    exec: (sql) => (state.away ? Promise.reject(state.away()) : q.exec(sql)),
  });
  const wrapped: Database = {
    ...db,
    ...gate(db),
    transaction: (fn) => (state.away ? Promise.reject(state.away()) : db.transaction((tx) => fn(gate(tx)))),
  };
  return { state, db: wrapped };
}

describe('the database away: 503 with Retry-After', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let state: { away: (() => Error) | null };
  let token = '';
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    database = await freshDatabase();
    const s = switchable(database.db);
    state = s.state;
    app = await buildApp({ db: s.db, config: { jwtSecret: undefined } });
    await app.ready();
    await ensureSuperadmin(database.db, app.resources, app.identity, DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
    const r = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password } });
    token = r.json().idToken;
  });
  afterAll(async () => {
    if (state) state.away = null;
    await app?.close();
    await database?.drop();
  });

  const expect503 = (r: Awaited<ReturnType<typeof call>>) => {
    expect(r.statusCode, r.body).toBe(503);
    expect(r.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(r.json().message).toBe(MSG.databaseUnavailable);
  };

  it.each(Object.entries(AWAY))('%s: reads and writes answer 503, then work again', async (_, error) => {
    state.away = error;
    expect503(await call('GET', '/api/categories'));
    expect503(await call('POST', '/api/categories', { titulo: 'Avisos' }));
    state.away = null;
    expect((await call('GET', '/api/categories')).statusCode).toBe(200);
  });

  it('a write acknowledged is there; one refused with 503 is not', async () => {
    state.away = AWAY['shutdown (57P01)'];
    expect503(await call('POST', '/api/categories', { titulo: 'Recusada' }));
    state.away = null;
    const ok = await call('POST', '/api/categories', { titulo: 'Aceita' });
    expect(ok.statusCode).toBe(201);
    const titles = (await call('GET', '/api/categories')).json().map((c: { titulo: string }) => c.titulo);
    expect(titles).toContain('Aceita');
    expect(titles).not.toContain('Recusada');
  });

  it('the sign-in answers 503 too', async () => {
    state.away = AWAY['connection refused'];
    const r = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password } });
    state.away = null;
    expect503(r);
  });

  it('/health answers 503 with Retry-After while away, 200 when back', async () => {
    state.away = AWAY['connection refused'];
    const r = await app.inject({ method: 'GET', url: '/health' });
    state.away = null;
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(r.json()).toMatchObject({ ok: false, message: MSG.databaseUnavailable });
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ ok: true });
  });

  it('GraphQL: an error with the pt-BR text and code SERVICE_UNAVAILABLE, not an internal one', async () => {
    state.away = AWAY['shutdown (57P01)'];
    const read = await call('POST', '/v1/graphql', { query: '{ rh_categoria { id } }' });
    const write = await call('POST', '/v1/graphql', { query: 'mutation { insert_rh_categoria_one(object: { titulo: "Nova" }) { id } }' });
    state.away = null;
    for (const r of [read, write]) {
      const body = r.json();
      expect(body.errors?.[0]?.message, r.body).toBe(MSG.databaseUnavailable);
      expect(body.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503, retryAfter: RETRY_AFTER_SECONDS });
    }
  });

  it('a data error is still answered as one (409), not as the database away', async () => {
    expect((await call('POST', '/api/categories', { titulo: 'Duplicada' })).statusCode).toBe(201);
    expect((await call('POST', '/api/categories', { titulo: 'Duplicada' })).statusCode).toBe(409);
  });
});

// Real connections, really lost: PostgreSQL only (PGlite lives in the process and cannot go away).
describe.skipIf(!onPostgres)('PostgreSQL: connections lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t?.close());

  /** Terminates every connection to the test database but the caller's, and waits until they are gone. */
  async function terminateAll(except: number[] = []) {
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    try {
      await c.query(
        `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND NOT pid = ANY ($1::int[])`,
        [except],
      );
    } finally {
      await c.end();
    }
  }

  it('a connection lost inside a transaction rejects it (no acknowledged write) and the process lives on', async () => {
    let reached: () => void = () => {};
    const inside = new Promise<void>((r) => (reached = r));
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const tx = t.db.transaction(async (q) => {
      await q.query(`INSERT INTO rh.categoria (titulo) VALUES ('Perdida')`);
      reached();
      await hold;
      await q.query('SELECT 1');
    });
    tx.catch(() => {});
    await inside;
    // The client sits idle in its transaction when the server ends it: before the fix, its 'error'
    // event had no listener and ended the process.
    await terminateAll();
    release();
    const error = await tx.then(() => null, (e) => e);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const { rows } = await t.db.query(`SELECT 1 FROM rh.categoria WHERE titulo = 'Perdida'`);
    expect(rows).toHaveLength(0);
  });

  it('after every connection is terminated: 503 with Retry-After or success, never another 5xx, and recovery', async () => {
    // Fill the pool with idle clients, then end them all on the server.
    await Promise.all(Array.from({ length: 5 }, (_, i) => t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: `Antes ${i}` } })));
    await terminateAll();
    const statuses: number[] = [];
    let n = 0;
    for (;;) {
      const r = await t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: `Depois ${n++}` } });
      statuses.push(r.statusCode);
      if (r.statusCode === 503) expect(r.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      if (r.statusCode === 201) break;
      expect(r.statusCode, r.body).toBe(503);
      expect(n).toBeLessThan(50);
    }
    expect((await t.inject('/api/categories')).statusCode).toBe(200);
    expect((await t.inject('/health')).statusCode).toBe(200);
  });

  it('a database that does not answer: queries and transactions fail as unavailable, not hang', async () => {
    // A port nobody listens on: the one of a server just closed.
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));
    const db = createPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, 2);
    try {
      const errors = await Promise.all([db.query('SELECT 1').catch((e) => e), db.transaction(async (q) => q.query('SELECT 1')).catch((e) => e)]);
      for (const e of errors) expect(isDatabaseUnavailable(e), String(e)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
