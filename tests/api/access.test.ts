// The authorization matrix generated from the schemas (every resource and operation, for each kind of
// role and for no token), and provider isolation through REST, GraphQL and the v1 calls.
import { request as httpRequest } from 'node:http';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MSG } from '../../src/domain/messages.js';
import { rightsIn, roleAllows, rolesAllow, SUPERADMIN, type Right } from '../../src/domain/roles.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { loadRegistry, type Operation, type ResourceDef } from '../../src/server/schemas/registry.js';
import { expectedAllowed, matrixRoles } from '../helpers/access.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { recordMaker } from '../helpers/records.js';

let t: TestApp;
let providers: number[];
const tokens = new Map<string, string>();

const OPERATIONS: Operation[] = ['list', 'get', 'create', 'update', 'delete'];

async function tokenFor(role: string) {
  if (!tokens.has(role)) tokens.set(role, await t.userToken({ papeis: [role], id_empresas: [providers[0]] }));
  return tokens.get(role)!;
}

/** One call per operation, shaped so an allowed call never changes fixtures (missing ids, empty bodies). */
function call(def: ResourceDef, op: Operation) {
  const base = `/api/${def.name}`;
  const missing = def.columnByName.get('id')!.property.format === 'uuid' ? '00000000-0000-0000-0000-000000000000' : '999999';
  switch (op) {
    case 'list':
      return { method: 'GET' as const, url: base };
    case 'get':
      return { method: 'GET' as const, url: `${base}/${missing}` };
    case 'create':
      return { method: 'POST' as const, url: base, payload: { campo_que_nao_existe: 1 } };
    case 'update':
      return { method: 'PUT' as const, url: `${base}/${missing}`, payload: {} };
    case 'delete':
      return { method: 'DELETE' as const, url: `${base}/${missing}` };
  }
}

beforeAll(async () => {
  t = await testApp();
  providers = [];
  for (const nome of ['Bitcom', 'RazãoInfo']) providers.push((await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } })).json().id);
});
afterAll(() => t?.close());

/** The roles to try on a resource: the superadmin, every level of each of its areas, user, guest, another module's gestor. */
const rolesOf = (def: ResourceDef) => matrixRoles([def.block.module, ...(def.block.alsoModules ?? [])]);

/** A user holding exactly the role (guest: a plain user acting as guest). */
async function matrixToken(role: string) {
  return tokenFor(role === 'guest' ? 'user' : role);
}

const missingId = (def: ResourceDef) => (def.columnByName.get('id')!.property.format === 'uuid' ? '00000000-0000-0000-0000-000000000000' : '999999');

/** The GraphQL operations of a resource, each with the schema operation whose right it needs. */
function graphqlCalls(def: ResourceDef, fields: Set<string>): { name: string; op: Operation; query: string }[] {
  const N = def.gqlName;
  const id = def.columnByName.get('id')!.property.format === 'uuid' ? JSON.stringify(missingId(def)) : missingId(def);
  const calls = [
    { name: N, op: 'list' as const, query: `{ ${N}(limit: 1) { id } }` },
    { name: `${N}_by_pk`, op: 'get' as const, query: `{ ${N}_by_pk(id: ${id}) { id } }` },
    { name: `${N}_aggregate`, op: 'list' as const, query: `{ ${N}_aggregate { aggregate { count } } }` },
    // An empty list: allowed, it writes nothing.
    { name: `insert_${N}`, op: 'create' as const, query: `mutation { insert_${N}(objects: []) { affected_rows } }` },
    { name: `update_${N}_by_pk`, op: 'update' as const, query: `mutation { update_${N}_by_pk(pk_columns: { id: ${id} }, _set: {}) { id } }` },
    { name: `delete_${N}_by_pk`, op: 'delete' as const, query: `mutation { delete_${N}_by_pk(id: ${id}) { id } }` },
  ];
  return calls.filter((c) => fields.has(c.name));
}

const registry = loadRegistry(SCHEMAS_DIR);

describe('authorization matrix (from the schemas): REST, history and GraphQL, every role of every area', () => {
  let rootFields: Set<string>;
  beforeAll(async () => {
    const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' } });
    const schema = r.json().data.__schema;
    rootFields = new Set([...schema.queryType.fields, ...schema.mutationType.fields].map((f: { name: string }) => f.name));
  });

  it.each(registry.resources.map((def) => [def.name]))('%s', async (name) => {
    const def = t.app.registry.get(name)!;
    const areas = [def.block.module, ...(def.block.alsoModules ?? [])];
    const failures: string[] = [];
    const gql = graphqlCalls(def, rootFields);
    // An internal table has no mutation at all (its feature's calls write it); every other one can be deleted.
    expect(gql.map((c) => c.op)).toEqual(expect.arrayContaining(def.block.internal ? ['list', 'get'] : ['list', 'get', 'delete']));
    let checked = 0;
    for (const role of rolesOf(def)) {
      const headers = bearer(await matrixToken(role), role);
      const verdict = (what: string, allowed: boolean, expected: boolean, status: number) => {
        checked++;
        if (allowed !== expected) failures.push(`${what} como ${role}: ${status} (esperado ${expected ? 'permitido' : 'recusado'})`);
      };
      const rest = [...OPERATIONS.map((op) => ({ op, ...call(def, op) }))];
      if (def.block.history) rest.push({ op: 'get', method: 'GET', url: `/api/${def.name}/${missingId(def)}/history` });
      for (const { op, ...request } of rest) {
        const r = await t.app.inject({ ...request, headers });
        expect(r.statusCode, `${request.method} ${request.url} ${role}`).toBeLessThan(500);
        const refused = r.statusCode === 401 || r.statusCode === 403;
        if (r.statusCode === 403) expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
        verdict(`REST ${request.method} ${request.url}`, !refused, expectedAllowed(role, def.block.access[op], areas), r.statusCode);
      }
      for (const c of gql) {
        const r = await t.app.inject({ method: 'POST', url: '/v1/graphql', headers, payload: { query: c.query } });
        expect(r.statusCode, `${c.name} ${role}`).toBeLessThan(500);
        const errors = (r.json().errors ?? []) as { message: string; extensions?: { statusCode?: number } }[];
        const refused = r.statusCode === 401 || r.statusCode === 403 || errors.some((e) => e.extensions?.statusCode === 401 || e.extensions?.statusCode === 403);
        expect(errors.filter((e) => (e.extensions?.statusCode ?? 0) >= 500), `${c.name} ${role}`).toEqual([]);
        verdict(`GraphQL ${c.name}`, !refused, expectedAllowed(role, def.block.access[c.op], areas), r.statusCode);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(rolesOf(def).length * (OPERATIONS.length + (def.block.history ? 1 : 0) + gql.length));
  });

  it('history of a schema without history answers 404 to everyone signed in', async () => {
    for (const def of t.app.registry.resources.filter((d) => !d.block.history)) {
      const r = await t.inject({ url: `/api/${def.name}/${missingId(def)}/history` });
      expect(r.statusCode, def.name).toBe(404);
    }
  });

  it('the oracle itself agrees with the spec on a few hand-checked cases', () => {
    expect(expectedAllowed('rh:solicitante', 'edit', ['rh'])).toBe(true);
    expect(expectedAllowed('rh:solicitante', 'manage', ['rh'])).toBe(false);
    expect(expectedAllowed('rh:gestor', 'manage', ['onboarding', 'rh'])).toBe(true);
    expect(expectedAllowed('vendas:gestor', 'read', ['rh'])).toBe(false);
    expect(expectedAllowed('vendas:gestor', 'anyGestor', ['users'])).toBe(true);
    expect(expectedAllowed('guest', 'user', ['rh'])).toBe(false);
    expect(expectedAllowed('configuracao:gestor', 'read', ['configuracao'])).toBe(false);
    // A list of rights: any of them suffices.
    expect(expectedAllowed('vendas:gestor', ['read', 'anyGestor'], ['rh'])).toBe(true);
    expect(expectedAllowed('vendas:leitor', ['read', 'anyGestor'], ['rh'])).toBe(false);
    expect(expectedAllowed('rh:leitor', ['read', 'anyGestor'], ['rh'])).toBe(true);
  });
});

describe('the rules of section 6 in src/domain/roles.ts', () => {
  it('the rules of section 6: gestor manages, solicitante edits, leitor reads, configuracao is the superadmin\'s', () => {
    expect(roleAllows('rh:gestor', 'manage', 'rh')).toBe(true);
    expect(roleAllows('rh:solicitante', 'manage', 'rh')).toBe(false);
    expect(roleAllows('rh:solicitante', 'edit', 'rh')).toBe(true);
    expect(roleAllows('rh:leitor', 'edit', 'rh')).toBe(false);
    expect(roleAllows('rh:leitor', 'read', 'rh')).toBe(true);
    expect(roleAllows('configuracao:gestor', 'read', 'configuracao')).toBe(false);
    expect(roleAllows(SUPERADMIN, 'superadmin', 'configuracao')).toBe(true);
    expect(roleAllows('user', 'read', 'rh')).toBe(false);
    // anyGestor: a gestor of any module (the spec's "module managers"), whatever the resource's module.
    expect(roleAllows('vendas:gestor', 'anyGestor', 'users')).toBe(true);
    expect(roleAllows('users:leitor', 'anyGestor', 'users')).toBe(false);
    expect(roleAllows('configuracao:gestor', 'anyGestor', 'users')).toBe(false);
    // Acting with no module role, every role of the user counts; with a module role, that role decides.
    expect(rolesAllow(['rh:gestor', 'user'], 'user', 'anyGestor', 'users')).toBe(true);
    expect(rolesAllow(['rh:gestor'], 'guest', 'anyGestor', 'users')).toBe(true);
    expect(rolesAllow(['rh:gestor', 'vendas:leitor'], 'vendas:leitor', 'anyGestor', 'users')).toBe(false);
    expect(rolesAllow(['rh:leitor', 'user'], 'user', 'anyGestor', 'users')).toBe(false);
  });

  it('a register the whole group shares (provider null, no owner) is changed by managers, never by a requester, seller or employee', () => {
    // The onboarding trails and contents are the exception the HR document makes: rh:solicitante and
    // onboarding:solicitante get the Onboarding, Trilha and Conteúdo cards (001, section on the HR home's cards).
    const requestersMayWrite = new Set(['contents', 'trails', 'trail-contents']);
    const low = new Set<Right>(['public', 'user', 'read', 'edit', 'anyRole']);
    const shared = registry.resources.filter((def) => def.block.provider === null && !def.block.owner);
    expect(shared.map((def) => def.name)).toEqual(expect.arrayContaining(['sales-campaigns', 'sales-channels', 'holidays', 'faq-categories']));
    const offenders = shared
      .filter((def) => !requestersMayWrite.has(def.name))
      .flatMap((def) => (['create', 'update', 'delete'] as const).filter((op) => rightsIn(def.block.access[op]).some((r) => low.has(r))).map((op) => `${def.name}.${op}`));
    expect(offenders).toEqual([]);
    // The exceptions are still there (a renamed resource must not slip out of this check unseen).
    for (const name of requestersMayWrite) expect(registry.resources.some((def) => def.name === name), name).toBe(true);
  });

  it('anyGestor resources: a gestor of another module without a role header is allowed', async () => {
    const anyGestorOps = t.app.registry.resources.flatMap((def) =>
      OPERATIONS.filter((op) => def.block.access[op] === ('anyGestor' as Right)).map((op) => ({ def, op })),
    );
    expect(anyGestorOps.length).toBeGreaterThan(0);
    const hr = await t.userToken({ papeis: ['rh:gestor', 'user'], id_empresas: [providers[0]] });
    const reader = await t.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [providers[0]] });
    for (const { def, op } of anyGestorOps) {
      const request = call(def, op);
      expect([401, 403], `${def.name}.${op}`).not.toContain((await t.app.inject({ ...request, headers: bearer(hr) })).statusCode);
      expect((await t.app.inject({ ...request, headers: bearer(reader) })).statusCode, `${def.name}.${op}`).toBe(403);
    }
  });
});

describe('provider isolation', () => {
  let mine: { department: number; sector: number; position: number };
  let theirs: { department: number; sector: number; position: number };
  let gestor: string;
  const as = (token: string) => bearer(token, 'rh:gestor');

  beforeAll(async () => {
    const structure = async (provider: number, tag: string) => {
      const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: `Depto ${tag}`, id_empresa: provider } })).json().id;
      const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: `Setor ${tag}`, id_departamento: department } })).json().id;
      const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: `Cargo ${tag}`, id_setor: sector } })).json().id;
      return { department, sector, position };
    };
    mine = await structure(providers[0], 'Bitcom');
    theirs = await structure(providers[1], 'RazãoInfo');
    gestor = await t.userToken({ papeis: ['rh:gestor', 'users:gestor'], id_empresas: [providers[0]] });
  });

  it('REST lists, reads and writes only the user\'s providers, directly or through a parent', async () => {
    for (const [resource, key] of [
      ['departments', 'department'],
      ['sectors', 'sector'],
      ['positions', 'position'],
    ] as const) {
      const list = (await t.app.inject({ url: `/api/${resource}?range=[0,99]`, headers: as(gestor) })).json();
      expect(list.map((r: { id: number }) => r.id)).toEqual([mine[key]]);
      expect((await t.app.inject({ url: `/api/${resource}/${theirs[key]}`, headers: as(gestor) })).statusCode).toBe(404);
      const put = await t.app.inject({ method: 'PUT', url: `/api/${resource}/${theirs[key]}`, headers: as(gestor), payload: { nome: 'Invadido' } });
      expect(put.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/${resource}/${theirs[key]}`, headers: as(gestor) })).statusCode).toBe(404);
    }
    const providersSeen = (await t.app.inject({ url: '/api/providers', headers: as(gestor) })).json();
    expect(providersSeen.map((p: { id: number }) => p.id)).toEqual([providers[0]]);
    // Writing into another provider, or moving a row there, is refused and changes nothing.
    const create = await t.app.inject({ method: 'POST', url: '/api/departments', headers: as(gestor), payload: { nome: 'Infiltrado', id_empresa: providers[1] } });
    expect(create.statusCode).toBe(403);
    const sector = await t.app.inject({ method: 'POST', url: '/api/sectors', headers: as(gestor), payload: { nome: 'Infiltrado', id_departamento: theirs.department } });
    expect(sector.statusCode).toBe(403);
    const move = await t.app.inject({ method: 'PUT', url: `/api/departments/${mine.department}`, headers: as(gestor), payload: { id_empresa: providers[1] } });
    expect(move.statusCode).toBe(403);
    expect((await t.inject(`/api/departments/${mine.department}`)).json().id_empresa).toBe(providers[0]);
    const all = (await t.inject('/api/departments?range=[0,99]')).json();
    expect(all.map((d: { nome: string }) => d.nome)).not.toContain('Infiltrado');
  });

  it('getMany and filters cannot reach past the scope', async () => {
    const many = (await t.app.inject({ url: `/api/departments?filter=${encodeURIComponent(JSON.stringify({ id: [mine.department, theirs.department] }))}`, headers: as(gestor) })).json();
    expect(many.map((d: { id: number }) => d.id)).toEqual([mine.department]);
    const filtered = await t.app.inject({ url: `/api/departments?filter=${encodeURIComponent(JSON.stringify({ id_empresa: providers[1] }))}`, headers: as(gestor) });
    expect(filtered.json()).toEqual([]);
    expect(filtered.headers['content-range']).toBe('departments */0');
  });

  it('GraphQL answers the same scope', async () => {
    const gql = (query: string) => t.app.inject({ method: 'POST', url: '/v1/graphql', headers: as(gestor), payload: { query } });
    const list = (await gql('{ rh_departamento(limit: 100) { id } rh_departamento_aggregate { aggregate { count } } }')).json();
    expect(list.data.rh_departamento).toEqual([{ id: mine.department }]);
    expect(list.data.rh_departamento_aggregate.aggregate.count).toBe(1);
    expect((await gql(`{ rh_departamento_by_pk(id: ${theirs.department}) { id } }`)).json().data.rh_departamento_by_pk).toBeNull();
    const update = (await gql(`mutation { update_rh_departamento_by_pk(pk_columns: { id: ${theirs.department} }, _set: { nome: "Invadido" }) { id } }`)).json();
    expect(update.errors?.length).toBeGreaterThan(0);
    const insert = (await gql(`mutation { insert_rh_departamento_one(object: { nome: "Infiltrado", id_empresa: ${providers[1]} }) { id } }`)).json();
    expect(insert.errors[0].message).toBe(MSG.outsideProviders);
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ rh_departamento { id } }' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Sua sessão expirou. Entre novamente.');
    expect((await t.inject(`/api/departments/${theirs.department}`)).json().nome).toBe('Depto RazãoInfo');
  });

  it('v1 history answers only rows in scope', async () => {
    const history = (id: number) =>
      t.app.inject({ method: 'POST', url: '/v1/admin/log/history', headers: as(gestor), payload: { tabelas: 'rh.departamento', id_item: id } });
    expect((await history(mine.department)).statusCode).toBe(200);
    expect((await history(theirs.department)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: mine.department } })).statusCode).toBe(401);
  });

  it('users: a users:gestor sees the users of their providers only', async () => {
    await t.userToken({ email: 'outro.provedor@razaoinfo.com.br', papeis: ['user'], id_empresas: [providers[1]] });
    const seen = (await t.app.inject({ url: '/api/users?range=[0,99]', headers: bearer(gestor, 'users:gestor') })).json();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u: { id_empresas: number[] }) => u.id_empresas.includes(providers[0]))).toBe(true);
    expect(seen.map((u: { email: string }) => u.email)).not.toContain('outro.provedor@razaoinfo.com.br');
  });
});

describe('endpoints that need a token and those that do not', () => {
  it('files, GraphQL data and history refuse a missing token; docs, health and sign-in are public', async () => {
    const boundary = 'x-limite';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na;b\r\n--${boundary}--\r\n`;
    const upload = await t.app.inject({ method: 'POST', url: '/v1/files/', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(upload.statusCode).toBe(401);
    expect((await t.db.query('SELECT count(*)::int AS n FROM storage.arquivo')).rows[0].n).toBe(0);
    expect((await t.app.inject({ url: '/v1/files/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(401);
    const withToken = await t.inject({ method: 'POST', url: '/v1/files/', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(withToken.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'a@b.com', password: 'x' } })).statusCode).toBe(401);
  });
});

describe('resources of several areas (alsoModules)', () => {
  it('HR managers act on onboarding data with their rh role; other areas stay out', async () => {
    const hr = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [providers[0]] });
    const sales = await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [providers[0]] });
    const withHeader = await t.app.inject({ method: 'POST', url: '/api/trails', headers: bearer(hr, 'rh:gestor'), payload: { nome: 'Boas-vindas' } });
    expect(withHeader.statusCode).toBe(201);
    const withoutHeader = await t.app.inject({ method: 'POST', url: '/api/trails', headers: bearer(hr), payload: { nome: 'Cultura' } });
    expect(withoutHeader.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/trails', headers: bearer(sales, 'vendas:gestor'), payload: { nome: 'Vendas' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/trails', headers: bearer(sales) })).statusCode).toBe(403);
  });
});

describe('the role header, checked once for every call', () => {
  const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';
  let token: string;
  let fileId: string;

  beforeAll(async () => {
    token = await t.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [providers[0]], funcionario: true });
    const boundary = 'x-papel';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na;b\r\n--${boundary}--\r\n`;
    const upload = await t.app.inject({ method: 'POST', url: '/v1/files/', payload: body, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` } });
    fileId = upload.json().processedFiles[0].id;
  });

  /** Calls over every surface; the malformed bodies show the header is refused before validation. */
  const calls = () => [
    { method: 'GET' as const, url: '/api/departments' },
    { method: 'POST' as const, url: '/api/departments', payload: { campo_que_nao_existe: 1 } },
    { method: 'GET' as const, url: `/api/departments/1/history` },
    { method: 'POST' as const, url: '/v1/graphql', payload: { query: '{ rh_departamento { id } }' } },
    { method: 'POST' as const, url: '/v1/graphql', payload: { query: `mutation { insert_rh_departamento_one(object: { nome: "X", id_empresa: ${providers[0]} }) { id } }` } },
    { method: 'GET' as const, url: '/v1/auth/me' },
    { method: 'GET' as const, url: '/v1/profile/me' },
    { method: 'GET' as const, url: '/v1/company/users' },
    { method: 'GET' as const, url: '/v1/calendario' },
    { method: 'GET' as const, url: '/v1/departamentos' },
    { method: 'POST' as const, url: '/v1/notificacao/usuario', payload: { objects: 'não é uma lista' } },
    { method: 'POST' as const, url: '/v1/admin/log/history', payload: {} },
    { method: 'GET' as const, url: `/v1/files/${fileId}` },
  ];

  it('a role the user does not hold: 403 with the spec text on REST, GraphQL, v1, files and /v1/auth/me', async () => {
    for (const role of ['users:superadmin', 'rh:gestor', 'vendas:leitor', 'nao-e-um-papel']) {
      for (const call of calls()) {
        const r = await t.app.inject({ ...call, headers: bearer(token, role) });
        expect(r.statusCode, `${call.method} ${call.url} como ${role}`).toBe(403);
        expect(r.json()).toMatchObject({ message: NOT_ALLOWED });
      }
    }
    // Nothing was written by the refused mutation.
    expect((await t.inject('/api/departments?filter={"nome":"X"}')).json()).toEqual([]);
  });

  it('an Upgrade: websocket header on a plain request skips nothing: 401 without a token, 403 for a role not held', async () => {
    const upgrade = { upgrade: 'websocket', connection: 'Upgrade' };
    for (const call of calls()) {
      const anonymous = await t.app.inject({ ...call, headers: upgrade });
      expect(anonymous.statusCode, `${call.method} ${call.url} sem token`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Sua sessão expirou. Entre novamente.', code: 'NotAuthorizedException' });
      const forged = await t.app.inject({ ...call, headers: { ...bearer(token, 'users:superadmin'), ...upgrade } });
      expect(forged.statusCode, `${call.method} ${call.url} como users:superadmin`).toBe(403);
      expect(forged.json()).toMatchObject({ message: NOT_ALLOWED });
    }
    // GraphQL over HTTP GET with the header is no subscription either.
    expect((await t.app.inject({ url: '/v1/graphql?query={rh_departamento{id}}', headers: upgrade })).statusCode).toBe(401);
  });

  it('through a real socket: only the graphql-ws upgrade goes on without a token, and a role header it carries must be held', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const ws = `${address.replace('http', 'ws')}/v1/graphql`;
    /** Opens a websocket and answers 'open' or the HTTP status that refused the upgrade. */
    const upgrade = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number | 'open'>((resolve, reject) => {
        const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', (e) => reject(e));
      });
    // The token and role travel in connection_init, checked there (realtime.test.ts).
    expect(await upgrade(ws)).toBe('open');
    expect(await upgrade(ws, bearer(token, 'rh:leitor'))).toBe('open');
    expect(await upgrade(ws, bearer(token, 'users:superadmin'))).toBe(403);
    // Any other route is not a websocket: the guard answers as for any request.
    expect(await upgrade(`${address.replace('http', 'ws')}/v1/calendario`)).toBe(401);
    expect(await upgrade(`${address.replace('http', 'ws')}/v1/auth/me`, bearer(token, 'users:superadmin'))).toBe(403);
    // A plain HTTP request carrying the header (no Connection: upgrade) is a plain request.
    const plain = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${address}/v1/profile/me`, { headers: { ...bearer(token, 'users:superadmin'), upgrade: 'websocket' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end();
    });
    expect(plain).toBe(403);
  });

  it('a held role and the guest role pass the check (the route then applies its own rules)', async () => {
    for (const role of ['rh:leitor', 'user', 'guest', '']) {
      const me = await t.app.inject({ url: '/v1/auth/me', headers: bearer(token, role || undefined) });
      expect(me.statusCode, role).toBe(200);
    }
    expect((await t.app.inject({ url: `/v1/files/${fileId}`, headers: bearer(token, 'guest') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'rh:leitor') })).statusCode).toBe(200);
    // Acting as guest is acting without rights.
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'guest') })).statusCode).toBe(403);
  });
});

describe('every route of the OpenAPI document needs a token, but the public ones', () => {
  const EXPECTED_PUBLIC = [
    'GET /v1/auth/config',
    'POST /v1/auth/confirm-forgot-password',
    'POST /v1/auth/confirm-sign-up',
    'POST /v1/auth/forgot-password',
    'POST /v1/auth/login',
    'POST /v1/auth/logout',
    'POST /v1/auth/mfa',
    'POST /v1/auth/new-password',
    'POST /v1/auth/refresh',
    'POST /v1/auth/register',
    'POST /v1/auth/resend-sign-up-code',
    // The roulettes' public page: its data, background, the visitor's identification, spin and audit (throttled per address).
    'GET /v1/public/roulette/{slug}',
    'GET /v1/public/roulette/{slug}/auditoria',
    'GET /v1/public/roulette/{slug}/fundo',
    'POST /v1/public/roulette/{slug}/giro',
    'POST /v1/public/roulette/{slug}/identificacao',
    // The careers site's vacancies (only published, open ones; throttled per address).
    'GET /v1/public/careers/vagas',
    'GET /v1/public/careers/vagas/{id}',
    // The sponsorship request form: the providers it names and the request itself (honeypot and throttle).
    'GET /v1/public/patrocinios/provedores',
    'POST /v1/public/patrocinios',
    // The FAQ's published questions for visitors (throttled per address).
    'GET /v1/public/faq',
    // The rides board's offers for visitors (no person's name nor phone; throttled per address).
    'GET /v1/public/caronas',
    // The public financial page's providers and their sites (throttled per address).
    'GET /v1/public/financeiro',
  ];

  it('without a token (or with an invalid one) every other route answers 401 before reading its input', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes: { method: string; path: string }[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path });
    }
    // The GraphQL endpoint, over HTTP.
    routes.push({ method: 'POST', path: '/v1/graphql' }, { method: 'GET', path: '/v1/graphql' });
    // Public operations of schemas (x-intranet.access "public"), if any.
    const expected = [...EXPECTED_PUBLIC];
    for (const def of t.app.registry.resources) {
      const open = (op: Operation) => [def.block.access[op]].flat().includes('public');
      if (open('list')) expected.push(`GET /api/${def.name}`);
      if (open('get')) expected.push(`GET /api/${def.name}/{id}`);
      if (open('create')) expected.push(`POST /api/${def.name}`);
    }
    expect(routes.length).toBeGreaterThan(150);

    const open: string[] = [];
    for (const { method, path } of routes) {
      // Path parameters filled in; a query and a body no validation would accept.
      const url = `${path.replace(/\{[^}]+\}/g, '1')}?range=nao&filter={&ano=abc&limit=-1`;
      const withBody = method !== 'GET' && method !== 'DELETE';
      for (const authorization of [undefined, 'Bearer nao.e.um.token', 'Basic YWRtaW46YWRtaW4=']) {
        const r = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(authorization ? { authorization } : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: '{"isto": nao e json' } : {}),
        });
        const guarded = r.statusCode === 401 && r.headers['www-authenticate'] === 'Bearer';
        if (!guarded) {
          if (authorization === undefined) open.push(`${method} ${path}`);
          continue;
        }
        expect(r.json(), `${method} ${path}`).toEqual({ message: 'Sua sessão expirou. Entre novamente.', code: 'NotAuthorizedException' });
      }
    }
    expect(open.sort()).toEqual(expected.sort());
  });

  it('the public calls still answer without a token, and docs and health stay open', async () => {
    expect((await t.app.inject({ url: '/v1/auth/config' })).json()).toEqual({ provider: 'builtin' });
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: '', password: '' } });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('provider isolation over every schema with x-intranet.provider', () => {
  const scoped = registry.resources.filter((d) => d.block.provider);
  const rows = new Map<string, { mine: Record<string, any>; theirs: Record<string, any> }>();
  let other: string; // a manager of every area of the second provider

  beforeAll(async () => {
    const make = recordMaker(t);
    // One record per provider, made by the superadmin.
    for (const def of scoped) rows.set(def.name, { theirs: await make(def.name, providers[0]), mine: await make(def.name, providers[1]) });
    const areas = [...new Set(scoped.flatMap((d) => [d.block.module, ...(d.block.alsoModules ?? [])]))];
    other = await t.userToken({ papeis: [...areas.map((a) => `${a}:gestor`), 'user'], id_empresas: [providers[1]], funcionario: true });
  });

  it('covers the schemas with a provider, directly and through "via"', () => {
    expect(scoped.map((d) => d.name)).toEqual(expect.arrayContaining(['departments', 'sectors', 'positions', 'cities', 'microregions', 'contracting-companies', 'vacancies', 'onboardings', 'onboarding-trails', 'users']));
    expect(scoped.some((d) => typeof d.block.provider === 'object')).toBe(true);
  });

  it.each(scoped.map((d) => [d.name]))('%s: a manager of another provider sees and touches nothing, on REST and GraphQL', async (name) => {
    const def = t.app.registry.get(name)!;
    const { mine, theirs } = rows.get(name)!;
    const headers = bearer(other, `${def.block.module}:gestor`);
    const before = (await t.inject(`/api/${name}/${theirs.id}`)).json();

    // REST
    const list = await t.app.inject({ url: `/api/${name}?filter=${encodeURIComponent(JSON.stringify({ id: [theirs.id, mine.id] }))}`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { id: unknown }) => r.id)).toEqual([mine.id]);
    expect((await t.app.inject({ url: `/api/${name}/${mine.id}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/${name}/${theirs.id}`, headers })).statusCode).toBe(404);
    // An internal table is not written through REST at all (405).
    const refusals = def.block.internal ? [405] : [403, 404];
    expect(refusals).toContain((await t.app.inject({ method: 'PUT', url: `/api/${name}/${theirs.id}`, headers, payload: {} })).statusCode);
    expect(refusals).toContain((await t.app.inject({ method: 'DELETE', url: `/api/${name}/${theirs.id}`, headers })).statusCode);

    // GraphQL
    const N = def.gqlName;
    const gql = async (query: string) => (await t.app.inject({ method: 'POST', url: '/v1/graphql', headers, payload: { query } })).json();
    const seen = await gql(`{ ${N}(where: { id: { _in: [${theirs.id}, ${mine.id}] } }) { id } ${N}_aggregate(where: { id: { _eq: ${theirs.id} } }) { aggregate { count } } }`);
    expect(seen.errors).toBeUndefined();
    expect(seen.data[N]).toEqual([{ id: mine.id }]);
    expect(seen.data[`${N}_aggregate`].aggregate.count).toBe(0);
    expect((await gql(`{ ${N}_by_pk(id: ${theirs.id}) { id } }`)).data[`${N}_by_pk`]).toBeNull();
    expect((await gql(`{ ${N}_by_pk(id: ${mine.id}) { id } }`)).data[`${N}_by_pk`]).toEqual({ id: mine.id });
    const update = await gql(`mutation { update_${N}_by_pk(pk_columns: { id: ${theirs.id} }, _set: {}) { id } }`);
    expect(update.data?.[`update_${N}_by_pk`] ?? null).toBeNull();
    const remove = await gql(`mutation { delete_${N}_by_pk(id: ${theirs.id}) { id } }`);
    expect(remove.data?.[`delete_${N}_by_pk`] ?? null).toBeNull();

    // Untouched.
    expect((await t.inject(`/api/${name}/${theirs.id}`)).json()).toEqual(before);
  });

  it('the v1 reads over these tables answer only the caller\'s provider', async () => {
    const id = (name: string, which: 'mine' | 'theirs') => rows.get(name)![which].id;
    const as = (role: string) => bearer(other, role);
    const ids = (list: { id: unknown }[]) => list.map((r) => r.id);
    const reads: { what: string; request: InjectOptions; pick: (body: any) => { id: unknown }[]; resource: string }[] = [
      { what: 'companies', request: { url: '/v1/companies', headers: as('rh:gestor') }, pick: (b) => b.companies, resource: 'providers' },
      { what: 'departamentos', request: { url: '/v1/departamentos', headers: as('rh:gestor') }, pick: (b) => b.rh_departamento, resource: 'departments' },
      { what: 'setor', request: { url: '/v1/setor', headers: as('rh:gestor') }, pick: (b) => b.rh_setor, resource: 'sectors' },
      { what: 'cargo', request: { url: `/v1/company/cargo/${providers[1]}`, headers: as('rh:gestor') }, pick: (b) => b.rh_cargo, resource: 'positions' },
      { what: 'cidades', request: { url: '/v1/empresa/cidades', headers: as('rh:gestor') }, pick: (b) => b.rh_cidade_provedor, resource: 'cities' },
      { what: 'microrregião', request: { url: '/v1/company/microrregiao', headers: as('rh:gestor') }, pick: (b) => b.rh_microrregiao, resource: 'microregions' },
      { what: 'contatos', request: { url: '/v1/company/users?limit=200', headers: as('user') }, pick: (b) => b.usuarios, resource: 'users' },
      {
        what: 'onboardings',
        request: { method: 'POST' as const, url: '/v1/onboarding/trilha/filtro', headers: as('onboarding:gestor'), payload: {} },
        pick: (b) => b.onboarding_onboarding,
        resource: 'onboardings',
      },
      {
        what: 'vagas',
        request: { method: 'POST' as const, url: '/v1/rh/relatorio/vaga/filtro', headers: as('rh:gestor'), payload: { filtro: { ativo: true } } },
        pick: (b) => b.vagas_relatorio_rh,
        resource: 'vacancies',
      },
    ];
    for (const read of reads) {
      const r = await t.app.inject(read.request);
      expect(r.statusCode, read.what).toBe(200);
      const seen = ids(read.pick(r.json()));
      expect(seen, read.what).toContain(id(read.resource, 'mine'));
      expect(seen, read.what).not.toContain(id(read.resource, 'theirs'));
    }
    // Reads of one row of the other provider: nothing.
    const theirUser = id('users', 'theirs');
    expect((await t.app.inject({ url: `/v1/company/users/${theirUser}`, headers: as('user') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/profile/${theirUser}`, headers: as('users:gestor') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/user/${theirUser}`, headers: as('rh:gestor') })).statusCode).toBe(404);
    const one = await t.app.inject({ method: 'POST', url: '/v1/rh/trilha/onboarding/filtrado', headers: as('onboarding:gestor'), payload: { filtro: { id: id('onboardings', 'theirs') } } });
    expect(one.json().onboarding_onboarding).toEqual([]);
    expect((await t.app.inject({ url: `/v1/company/cargo/${providers[0]}`, headers: as('rh:gestor') })).json().rh_cargo ?? []).toEqual([]);
    // The history of every scoped row of the other provider.
    for (const def of scoped.filter((d) => d.block.history)) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/admin/log/history', headers: as(`${def.block.module}:gestor`), payload: { tabelas: def.block.table, id_item: id(def.name, 'theirs') } });
      expect(r.statusCode, def.name).toBe(404);
    }
  });
});
