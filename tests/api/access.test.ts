// The authorization matrix generated from the schemas (every resource and operation, for each kind of
// role and for no token), and provider isolation through REST, GraphQL and the v1 calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, rolesAllow, SUPERADMIN, type Right } from '../../src/domain/roles.js';
import type { Operation, ResourceDef } from '../../src/server/schemas/registry.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let providers: number[];
const tokens = new Map<string, string>();

const OPERATIONS: Operation[] = ['list', 'get', 'create', 'update', 'delete'];

/** The roles to try against a resource of a module. */
const rolesFor = (module: string) => [
  SUPERADMIN,
  `${module}:gestor`,
  `${module}:solicitante`,
  `${module}:leitor`,
  'user',
  module === 'vendas' ? 'rh:gestor' : 'vendas:gestor',
];

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

describe('authorization matrix (from the schemas)', () => {
  it('every resource, operation and role is allowed or refused as its schema says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const def of t.app.registry.resources) {
      for (const op of OPERATIONS) {
        const right = def.block.access[op] as Right;
        const request = call(def, op);
        // No token: only public operations pass.
        const anonymous = await t.app.inject(request);
        const anonymousAllowed = anonymous.statusCode !== 401 && anonymous.statusCode !== 403;
        if (anonymousAllowed !== (right === 'public')) failures.push(`${def.name}.${op} sem token: ${anonymous.statusCode}`);
        for (const role of rolesFor(def.block.module)) {
          const expected = roleAllows(role, right, def.block.module);
          const r = await t.app.inject({ ...request, headers: bearer(await tokenFor(role), role) });
          const allowed = r.statusCode !== 401 && r.statusCode !== 403;
          if (allowed !== expected) failures.push(`${def.name}.${op} como ${role}: ${r.statusCode} (esperado ${expected ? 'permitido' : 'recusado'})`);
          if (!allowed && r.statusCode === 403) expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
          expect(r.statusCode, `${def.name}.${op} ${role}`).toBeLessThan(500);
          checked++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(t.app.registry.resources.length * OPERATIONS.length * 6);
  });

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
    expect(insert.errors[0].message).toBe('Este usuário não tem autorização para realizar esta operação.');
    const anonymous = (await t.app.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ rh_departamento { id } }' } })).json();
    expect(anonymous.errors[0].message).toBe('Sua sessão expirou. Entre novamente.');
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
