// Realtime: GraphQL subscriptions (live queries) over graphql-ws on a listening server, fed by the
// audit trigger's NOTIFY; and two server instances on one PostgreSQL agreeing through LISTEN/NOTIFY.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, SCHEMAS_DIR } from '../../src/server/app.js';
import { createPostgres, type Database } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import type { ChangeEvent } from '../../src/server/events.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUserWithPassword, DEFAULT_ADMIN, ensureSuperadmin } from '../../src/server/auth/bootstrap.js';

// Every call and subscription signs in as the superadmin of the instance's database.
let token = '';
const auth = () => ({ authorization: `Bearer ${token}` });

const WAIT = 10_000;

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

function wsClient(port: number) {
  return createClient({ url: `ws://127.0.0.1:${port}/v1/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: () => auth() });
}

async function post(port: number, path: string, body: unknown) {
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth() }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
}

async function put(port: number, path: string, body: unknown) {
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...auth() }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
}

/** A subscription whose messages are read one at a time, each within a time limit. */
function subscribe(client: Client, query: string, variables?: Record<string, unknown>) {
  const messages: { data?: any; errors?: any }[] = [];
  let failure: unknown = null;
  let completed = false;
  let wake: (() => void) | null = null;
  const stop = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        messages.push(value as any);
        wake?.();
      },
      error: (e) => {
        failure = e;
        wake?.();
      },
      complete: () => {
        completed = true;
        wake?.();
      },
    },
  );
  const waitFor = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (!messages.length && !failure && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };
  return {
    /** The next message's data; fails on an error or when none arrives in time. */
    async next(ms = WAIT) {
      await waitFor(ms);
      if (failure) throw new Error(`subscription failed: ${JSON.stringify(failure)}`);
      if (!messages.length) throw new Error(`no message within ${ms} ms`);
      const message = messages.shift()!;
      expect(message.errors, JSON.stringify(message.errors)).toBeUndefined();
      return message.data;
    },
    /** The error the server answered (graphql-ws hands it as a list of GraphQL errors). */
    async error(ms = WAIT) {
      await waitFor(ms);
      if (messages.length && messages[0].errors) return messages.shift()!.errors;
      if (!failure) throw new Error(`no error within ${ms} ms (messages: ${JSON.stringify(messages)})`);
      return failure as any;
    },
    /** Nothing arrives within ms. */
    async quiet(ms: number) {
      await new Promise((r) => setTimeout(r, ms));
      expect(messages, 'unexpected message').toEqual([]);
      expect(failure).toBeNull();
    },
    get completed() {
      return completed;
    },
    stop,
  };
}

async function eventually(check: () => Promise<boolean> | boolean, ms = WAIT) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const DEPARTMENTS = `subscription ($p: Int!) {
  rh_departamento(where: {id_empresa: {_eq: $p}}, order_by: {nome: asc}) { id nome id_empresa ativo }
}`;

describe('subscriptions over graphql-ws', () => {
  let t: TestApp;
  let port: number;
  let client: Client;
  const providers: number[] = [];

  beforeAll(async () => {
    t = await testApp();
    token = t.adminToken;
    port = await listen(t.app);
    client = wsClient(port);
    for (const nome of ['Bitcom', 'Vetorial']) {
      const r = await post(port, '/api/providers', { nome });
      expect(r.status).toBe(201);
      providers.push(r.body.id);
    }
  });
  afterAll(async () => {
    await client?.dispose();
    await t?.close();
  });

  it('answers a live list at once, then again after a write through REST', async () => {
    const baseline = t.app.events.handlerCount;
    const sub = subscribe(client, DEPARTMENTS, { p: providers[0] });
    expect(await sub.next()).toEqual({ rh_departamento: [] });

    const created = await post(port, '/api/departments', { nome: 'Técnico', id_empresa: providers[0] });
    expect(created.status).toBe(201);
    expect(await sub.next()).toEqual({ rh_departamento: [{ id: created.body.id, nome: 'Técnico', id_empresa: providers[0], ativo: true }] });

    // A change outside the filter leaves the answer as it was: nothing is sent.
    expect((await post(port, '/api/departments', { nome: 'Outro', id_empresa: providers[1] })).status).toBe(201);
    await sub.quiet(300);

    const second = await post(port, '/api/departments', { nome: 'Comercial', id_empresa: providers[0] });
    const list = (await sub.next()).rh_departamento;
    expect(list.map((d: { nome: string }) => d.nome)).toEqual(['Comercial', 'Técnico']);

    const updated = await put(port, `/api/departments/${second.body.id}`, { ativo: false });
    expect(updated.status).toBe(200);
    expect((await sub.next()).rh_departamento).toContainEqual({ id: second.body.id, nome: 'Comercial', id_empresa: providers[0], ativo: false });

    // Unsubscribing releases the server's listener.
    expect(t.app.events.handlerCount).toBeGreaterThan(baseline);
    sub.stop();
    await eventually(() => t.app.events.handlerCount === baseline);
  });

  it('a rolled-back write emits nothing; the next committed one does', async () => {
    const events: ChangeEvent[] = [];
    const off = t.app.events.on((e) => events.push(e));
    const sub = subscribe(client, DEPARTMENTS, { p: providers[1] });
    const initial = (await sub.next()).rh_departamento;

    // Through the API: the first object is inserted (and audited) before the second fails, so the
    // trigger did notify; the notification must die with the transaction.
    const r = await fetch(`http://127.0.0.1:${port}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth() },
      body: JSON.stringify({
        query: `mutation ($o: [rh_departamento_insert_input!]!) { insert_rh_departamento(objects: $o) { affected_rows } }`,
        variables: { o: [{ nome: 'Fantasma', id_empresa: providers[1] }, { nome: 'Órfão', id_empresa: 987654 }] },
      }),
    });
    const body = (await r.json()) as any;
    expect(body.errors[0].message).toBe('O registro relacionado não foi encontrado.');
    // Directly in the database too.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO rh.departamento (nome, id_empresa) VALUES ('Fantasma 2', $1)`, [providers[1]]);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');

    await sub.quiet(300);
    expect(events).toEqual([]);

    const committed = await post(port, '/api/departments', { nome: 'Financeiro', id_empresa: providers[1] });
    const list = (await sub.next()).rh_departamento;
    expect(list).toHaveLength(initial.length + 1);
    expect(list.map((d: { nome: string }) => d.nome)).not.toContain('Fantasma');
    expect(list.map((d: { nome: string }) => d.nome)).toContain('Financeiro');
    expect(events).toEqual([{ table: 'rh.departamento', op: 'INSERT', id: String(committed.body.id) }]);
    off();
    sub.stop();
  });

  it('live _by_pk follows one row to its deletion, and _aggregate keeps the count', async () => {
    const created = await post(port, '/api/departments', { nome: 'Expansão', id_empresa: providers[0] });
    const id = created.body.id;
    const one = subscribe(client, 'subscription ($id: Int!) { rh_departamento_by_pk(id: $id) { id nome } }', { id });
    const count = subscribe(client, 'subscription ($p: Int!) { rh_departamento_aggregate(where: {id_empresa: {_eq: $p}}) { aggregate { count } } }', {
      p: providers[0],
    });
    expect(await one.next()).toEqual({ rh_departamento_by_pk: { id, nome: 'Expansão' } });
    const n = (await count.next()).rh_departamento_aggregate.aggregate.count;

    await put(port, `/api/departments/${id}`, { nome: 'Expansão Norte' });
    expect(await one.next()).toEqual({ rh_departamento_by_pk: { id, nome: 'Expansão Norte' } });

    const del = await fetch(`http://127.0.0.1:${port}/api/departments/${id}`, { method: 'DELETE', headers: auth() });
    expect(del.status).toBe(200);
    expect(await one.next()).toEqual({ rh_departamento_by_pk: null });
    expect(await count.next()).toEqual({ rh_departamento_aggregate: { aggregate: { count: n - 1 } } });
    one.stop();
    count.stop();
  });

  it('answers invalid subscriptions with errors, and the connection keeps serving', async () => {
    const unknown = subscribe(client, 'subscription { rh_departamento { id nope } }');
    expect(JSON.stringify(await unknown.error())).toContain('nope');

    const badArg = subscribe(client, 'subscription { rh_departamento(limit: -1) { id } }');
    const errors = await badArg.error();
    expect(errors[0].message).toBe('Parâmetro "limit" inválido.');

    const badFilter = subscribe(client, 'subscription { rh_departamento(where: {created_at: {_gte: "ontem"}}) { id } }');
    expect((await badFilter.error())[0].message).toBe('Parâmetro "filter" inválido.');

    const good = subscribe(client, 'subscription { rh_empresa(order_by: {nome: asc}) { nome } }');
    expect(await good.next()).toEqual({ rh_empresa: [{ nome: 'Bitcom' }, { nome: 'Vetorial' }] });
    good.stop();
  });
});

// Two instances need a shared PostgreSQL: DATABASE_URL, or a local server on the default port.
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
async function findPostgres(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const c = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return LOCAL_POSTGRES;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}
const postgresBase = await findPostgres();

if (!postgresBase) {
  it.skip('two instances: skipped, no PostgreSQL (set DATABASE_URL, or run one at 127.0.0.1:5432)', () => {});
}

describe.skipIf(!postgresBase)('two server instances on one PostgreSQL', () => {
  const name = `intranet_test_${randomBytes(6).toString('hex')}`;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  const ports: number[] = [];
  const clients: Client[] = [];
  let url: string;
  let provider: number;

  const admin = async <T>(fn: (c: pg.Client) => Promise<T>, database = postgresBase!) => {
    const c = new pg.Client({ connectionString: database });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const LISTENERS = `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`;
  const listeners = () => admin(async (c) => (await c.query(LISTENERS, [name])).rows);

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const u = new URL(postgresBase!);
    u.pathname = `/${name}`;
    url = u.toString();
    const registry = loadRegistry(SCHEMAS_DIR);
    for (let i = 0; i < 2; i++) {
      const db = createPostgres(url, 3);
      dbs.push(db);
      if (i === 0) await migrate(db, registry);
      const app = await buildApp({ db, registry });
      apps.push(app);
      ports.push(await listen(app));
      clients.push(wsClient(ports[i]));
    }
    await ensureSuperadmin(dbs[0], apps[0].resources, apps[0].identity, DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
    token = (await post(ports[0], '/v1/auth/login', { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password })).body.idToken;
    const r = await post(ports[1], '/api/providers', { nome: 'Bitcom' });
    expect(r.status).toBe(201);
    provider = r.body.id;
  });
  afterAll(async () => {
    // Whatever failed before, the database is dropped.
    await Promise.allSettled(clients.map((c) => c.dispose()));
    await Promise.allSettled(apps.map((app) => app.close()));
    await Promise.allSettled(dbs.map((db) => db.close()));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('a write through instance B reaches a subscription held by instance A', async () => {
    const [a, b] = ports;
    expect(a).not.toBe(b);
    const onA = subscribe(clients[0], DEPARTMENTS, { p: provider });
    expect(await onA.next()).toEqual({ rh_departamento: [] });

    const created = await post(b, '/api/departments', { nome: 'Técnico', id_empresa: provider });
    expect(created.status).toBe(201);
    expect(await onA.next()).toEqual({ rh_departamento: [{ id: created.body.id, nome: 'Técnico', id_empresa: provider, ativo: true }] });

    // And the other way round, with a GraphQL mutation.
    const onB = subscribe(clients[1], 'subscription ($id: Int!) { rh_departamento_by_pk(id: $id) { nome } }', { id: created.body.id });
    expect(await onB.next()).toEqual({ rh_departamento_by_pk: { nome: 'Técnico' } });
    const r = await fetch(`http://127.0.0.1:${a}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth() },
      body: JSON.stringify({ query: `mutation { update_rh_departamento_by_pk(pk_columns: {id: ${created.body.id}}, _set: {nome: "Técnico Sul"}) { id } }` }),
    });
    expect(((await r.json()) as any).errors).toBeUndefined();
    expect(await onB.next()).toEqual({ rh_departamento_by_pk: { nome: 'Técnico Sul' } });
    expect((await onA.next()).rh_departamento[0].nome).toBe('Técnico Sul');
    onA.stop();
    onB.stop();
  });

  it("a notification sent through instance B reaches the user's bell subscription on instance A", async () => {
    const email = 'sino.duas.instancias@bitcom.com.br';
    const user = await createUserWithPassword(dbs[0], apps[0].resources, apps[0].identity, { email, nome: 'Sino', papeis: ['user'], id_empresas: [provider] }, 'Sino#2026x');
    const login = await post(ports[0], '/v1/auth/login', { email, password: 'Sino#2026x' });
    expect(login.status).toBe(200);
    const bell = createClient({
      url: `ws://127.0.0.1:${ports[0]}/v1/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: true,
      connectionParams: { authorization: `Bearer ${login.body.idToken}` },
    });
    const unread = subscribe(bell, 'subscription { notificacao_notificacao(where: { lido: { _eq: false } }, order_by: [{ created_at: desc }]) { data } }');
    expect(await unread.next()).toEqual({ notificacao_notificacao: [] });
    // The superadmin sends it through the other instance.
    const sent = await post(ports[1], '/v1/notificacao/enviar', { data: { modulo: 'rh', msg: 'Chegou por outra instância' }, id_usuarios: [user.id] });
    expect(sent.status).toBe(200);
    expect(await unread.next()).toEqual({ notificacao_notificacao: [{ data: { modulo: 'rh', msg: 'Chegou por outra instância' } }] });
    unread.stop();
    await bell.dispose();
  });

  it('an instance whose LISTEN connection drops reconnects and catches up on what it missed', async () => {
    const onA = subscribe(clients[0], DEPARTMENTS, { p: provider });
    const before = (await onA.next()).rh_departamento;

    // On one open connection, so that nothing here waits long enough for the listeners to come back
    // (they retry after 500 ms): end both listening connections, write, check nobody was listening.
    const missed = await admin(async (c) => {
      const pids = (await c.query(LISTENERS, [name])).rows.map((r) => r.pid);
      expect(pids).toHaveLength(2);
      // With a timeout, pg_terminate_backend waits until the backends are gone.
      await c.query('SELECT pg_terminate_backend(pid, 5000) FROM unnest($1::int[]) AS pid', [pids]);
      const row = (await c.query(`INSERT INTO rh.departamento (nome, id_empresa) VALUES ('Comercial', $1) RETURNING id`, [provider])).rows[0];
      expect((await c.query(LISTENERS, [name])).rows).toHaveLength(0);
      return row as { id: number };
    }, url);

    const caughtUp = (await onA.next()).rh_departamento;
    expect(caughtUp).toHaveLength(before.length + 1);
    expect(caughtUp.map((d: { id: number }) => d.id)).toContain(missed.id);
    await eventually(async () => (await listeners()).length === 2);

    // Listening again: later writes arrive as usual.
    const later = await post(ports[1], '/api/departments', { nome: 'Financeiro', id_empresa: provider });
    expect((await onA.next()).rh_departamento.map((d: { id: number }) => d.id)).toContain(later.body.id);
    onA.stop();
  });
});

describe('subscription access', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await testApp();
    token = t.adminToken;
    port = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a subscription needs a token, and a user subscription sees only their providers', async () => {
    const anonymous = createClient({ url: `ws://127.0.0.1:${port}/v1/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const own = (await post(port, '/api/providers', { nome: 'Provedor Próprio' })).body.id;
    const other = (await post(port, '/api/providers', { nome: 'Provedor Alheio' })).body.id;
    const refused = subscribe(anonymous, DEPARTMENTS, { p: own });
    expect(JSON.stringify(await refused.error())).toContain('Sua sessão expirou. Entre novamente.');
    await anonymous.dispose();

    const scopedToken = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [own] });
    const scoped = createClient({
      url: `ws://127.0.0.1:${port}/v1/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: true,
      connectionParams: { authorization: `Bearer ${scopedToken}`, 'x-intranet-role': 'rh:leitor' },
    });
    const mine = subscribe(scoped, 'subscription { rh_departamento(order_by: [{ id: asc }]) { nome id_empresa } }');
    const first = (await mine.next()).rh_departamento as { id_empresa: number }[];
    expect(first.every((d) => d.id_empresa === own)).toBe(true);
    await post(port, '/api/departments', { nome: 'De outro provedor', id_empresa: other });
    await post(port, '/api/departments', { nome: 'Do meu provedor', id_empresa: own });
    let latest = first;
    while (!latest.some((d: any) => d.nome === 'Do meu provedor')) latest = (await mine.next()).rh_departamento;
    expect(latest.every((d) => d.id_empresa === own)).toBe(true);
    mine.stop();
    await scoped.dispose();
  });

  it('a role in connection_init the user does not hold: every operation of the connection is refused with 403', async () => {
    const reader = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [] });
    const connect = (role: string) =>
      createClient({
        url: `ws://127.0.0.1:${port}/v1/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: true,
        connectionParams: { authorization: `Bearer ${reader}`, 'x-intranet-role': role },
      });
    for (const role of ['users:superadmin', 'rh:gestor']) {
      const forged = connect(role);
      for (const query of ['subscription { rh_departamento { id } }', 'subscription { auth_usuario_aggregate { aggregate { count } } }']) {
        const refused = subscribe(forged, query);
        const [error] = await refused.error();
        expect(error.message).toBe('Este usuário não tem autorização para realizar esta operação.');
        expect(error.extensions).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
      }
      await forged.dispose();
    }
    const held = connect('rh:leitor');
    const ok = subscribe(held, 'subscription { rh_departamento { id } }');
    expect((await ok.next()).rh_departamento).toEqual([]);
    ok.stop();
    await held.dispose();
  });
});
