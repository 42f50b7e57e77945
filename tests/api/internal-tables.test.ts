// Internal tables (x-intranet.internal: the onboarding's trail links, content links and readings) are
// written only by their feature's own calls: the generic API refuses every write of them — REST POST,
// PUT, PATCH and DELETE answer 405 (the superadmin too), GraphQL has no insert, update or delete, the
// OpenAPI document lists none — and writes nothing, while reads keep their access rules and the
// feature's calls still write them through the resource service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';
import { recordMaker } from '../helpers/records.js';

const registry = loadRegistry(SCHEMAS_DIR);
const INTERNAL = registry.resources.filter((d) => d.block.internal).map((d) => d.name);

let t: TestApp;
let provider: number;
let make: ReturnType<typeof recordMaker>;
/** A manager of every area of the provider, and a user with no role of these areas. */
let manager: string;
let outsider: string;
let mutations: Set<string>;

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  make = recordMaker(t);
  const areas = [...new Set(registry.resources.filter((d) => d.block.internal).flatMap((d) => [d.block.module, ...(d.block.alsoModules ?? [])]))];
  manager = await t.userToken({ papeis: areas.map((a) => `${a}:gestor`), id_empresas: [provider], funcionario: true });
  outsider = await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [provider], funcionario: true });
  const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ __schema { mutationType { fields { name } } } }' } });
  mutations = new Set(r.json().data.__schema.mutationType.fields.map((f: { name: string }) => f.name));
});
afterAll(() => t?.close());

/** What a resource holds, as the superadmin reads it: the total, one record and its history. */
async function snapshot(name: string, id: number) {
  const list = await t.inject(`/api/${name}?${qs({ range: [0, 0] })}`);
  return {
    total: list.headers['content-range'],
    record: (await t.inject(`/api/${name}/${id}`)).json(),
    history: (await t.inject(`/api/${name}/${id}/history`)).json().length,
  };
}

describe('internal tables', () => {
  it('are the onboarding links and readings, the send log of the communication scale, the roulettes\u2019 prizes, looks, spins and draws, the news\u2019 reactions and readings, the supplies\u2019 units, balances and ledger, and the squads\u2019 inventory counts and their rows', () => {
    expect(INTERNAL.sort()).toEqual(['communication-sends', 'news-reactions', 'news-readings', 'onboarding-progress', 'onboarding-trails', 'roulette-appearances', 'roulette-draws', 'roulette-entries', 'roulette-prizes', 'squad-inventories', 'squad-inventory-items', 'supply-balances', 'supply-items', 'supply-movements', 'trail-contents']);
  });

  describe.each(INTERNAL)('%s', (name) => {
    const def = registry.get(name)!;
    const N = def.gqlName;

    it('REST refuses POST, PUT, PATCH and DELETE with 405, to the superadmin and to a manager of the area, and writes nothing', async () => {
      const record = await make(name, provider);
      const body = await make.values(name, provider);
      const before = await snapshot(name, record.id as number);
      const writes = [
        { method: 'POST' as const, url: `/api/${name}`, payload: body },
        { method: 'PUT' as const, url: `/api/${name}/${record.id}`, payload: body },
        { method: 'PATCH' as const, url: `/api/${name}/${record.id}`, payload: body },
        { method: 'DELETE' as const, url: `/api/${name}/${record.id}` },
      ];
      for (const headers of [{}, { 'x-intranet-role': 'users:superadmin' }, bearer(manager, `${def.block.module}:gestor`), bearer(manager)]) {
        for (const write of writes) {
          const r = 'authorization' in headers ? await t.app.inject({ ...write, headers }) : await t.inject({ ...write, headers });
          expect(r.statusCode, `${write.method} ${write.url} ${JSON.stringify(headers).slice(0, 40)}`).toBe(405);
          expect(r.json()).toEqual({ message: MSG.internalWrites });
          expect(r.headers.allow).toBe('GET, HEAD');
        }
      }
      // A malformed body changes nothing: the method is refused before the body is read.
      const malformed = await t.inject({ method: 'POST', url: `/api/${name}`, payload: '{"isto": nao e json', headers: { 'content-type': 'application/json' } });
      expect(malformed.statusCode).toBe(405);
      expect(await snapshot(name, record.id as number)).toEqual(before);
    });

    it('who lacks the right is told so first (403), and an anonymous caller 401', async () => {
      const record = await make(name, provider);
      const create = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: {}, headers: bearer(outsider) });
      expect(create.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/${name}/${record.id}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('GraphQL has no insert, update or delete for it, and a mutation naming one writes nothing', async () => {
      for (const m of [`insert_${N}`, `insert_${N}_one`, `update_${N}_by_pk`, `delete_${N}_by_pk`]) expect(mutations.has(m), m).toBe(false);
      // The reads are there.
      expect(mutations.size).toBeGreaterThan(0);
      const record = await make(name, provider);
      const body = await make.values(name, provider);
      const before = await snapshot(name, record.id as number);
      for (const query of [
        `mutation ($o: jsonb) { insert_${N}_one(object: $o) { id } }`,
        `mutation { update_${N}_by_pk(pk_columns: { id: ${record.id} }, _set: {}) { id } }`,
        `mutation { delete_${N}_by_pk(id: ${record.id}) { id } }`,
      ]) {
        const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query, variables: { o: body } } });
        expect(r.json().data ?? null, query).toBeNull();
        expect(r.json().errors?.length, query).toBeGreaterThan(0);
      }
      expect(await snapshot(name, record.id as number)).toEqual(before);
    });

    it('OpenAPI lists its reads and no write', async () => {
      const doc = (await t.app.inject({ url: '/docs/json' })).json();
      expect(Object.keys(doc.paths[`/api/${name}`])).toEqual(['get']);
      expect(Object.keys(doc.paths[`/api/${name}/{id}`])).toEqual(['get']);
    });

    it('reads keep their access rules: the superadmin and a manager of the provider read it on REST and GraphQL', async () => {
      const record = await make(name, provider);
      for (const headers of [{ authorization: `Bearer ${t.adminToken}` }, bearer(manager, `${def.block.module}:gestor`)]) {
        const list = await t.app.inject({ url: `/api/${name}?${qs({ filter: { id: [record.id] } })}`, headers });
        expect(list.statusCode, list.body).toBe(200);
        expect(list.json().map((r: { id: number }) => r.id)).toEqual([record.id]);
        expect((await t.app.inject({ url: `/api/${name}/${record.id}`, headers })).json()).toEqual(record);
        const g = await t.app.inject({ method: 'POST', url: '/v1/graphql', headers, payload: { query: `{ ${N}_by_pk(id: ${record.id}) { id } }` } });
        expect(g.json()).toEqual({ data: { [`${N}_by_pk`]: { id: record.id } } });
      }
      // Who has no right to read it still gets 403, and anonymous 401.
      if (def.block.access.get !== 'user') expect((await t.app.inject({ url: `/api/${name}/${record.id}`, headers: bearer(outsider) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/${name}/${record.id}` })).statusCode).toBe(401);
    });
  });

  it('their own calls still write them (through the resource service): a trail\'s contents, an onboarding\'s trails, a reading', async () => {
    const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Técnico', id_empresa: provider } })).json().id;
    const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: 'Campo', id_departamento: department } })).json().id;
    const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: 'Técnico de campo', id_setor: sector } })).json().id;
    const trail = (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome: 'Chamadas próprias' } })).json().id;
    const content = (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Ferramentas', resumo: 'Resumo', texto: '<p>Texto</p>' } })).json().id;
    const filled = await t.inject({ method: 'PUT', url: `/v1/onboarding/trilha/${trail}/conteudos`, payload: { conteudos: [content] } });
    expect(filled.statusCode, filled.body).toBe(200);
    const created = await t.inject({ method: 'POST', url: '/v1/rh/trilha/onboarding', payload: { titulo: 'Campo', id_empresa: provider, id_departamento: department, id_cargo: position } });
    const onboarding = created.json().insert_onboarding_onboarding.returning[0].id;
    const linked = await t.inject({ method: 'POST', url: '/v1/rh/company/onboarding/trilha', payload: { objects: [{ id_onboarding: onboarding, id_trilha: trail, prioridade: 1 }] } });
    expect(linked.statusCode, linked.body).toBe(200);
    const email = 'leitor.interno@teste.com.br';
    const reader = await t.userToken({ papeis: ['user'], id_empresas: [provider], id_cargo: position, funcionario: true, email } as never);
    const readerId = (await t.inject(`/api/users?${qs({ filter: { email } })}`)).json()[0].id;
    const read = await t.app.inject({
      method: 'POST',
      url: '/v1/onboarding/conteudo/concluir',
      headers: bearer(reader, 'user'),
      payload: { id_conteudo: content, id_onboarding: onboarding, id_trilha: trail, id_usuario_onboarding: readerId, data_fim: new Date().toISOString() },
    });
    expect(read.statusCode, read.body).toBe(200);
    const list = async (name: string, filter: Record<string, unknown>) => (await t.inject(`/api/${name}?${qs({ filter })}`)).json();
    expect(await list('trail-contents', { id_trilha: trail })).toMatchObject([{ id_conteudo: content, prioridade: 1 }]);
    expect(await list('onboarding-trails', { id_onboarding: onboarding })).toMatchObject([{ id_trilha: trail, prioridade: 1 }]);
    expect(await list('onboarding-progress', { id_onboarding: onboarding })).toMatchObject([{ id_funcionario: readerId, id_conteudo: content, finalizado: true }]);
    // The employee reads their own reading through the generic API too (owner rows), and cannot write it there.
    const own = await t.app.inject({ url: `/api/onboarding-progress?${qs({ filter: { id_onboarding: onboarding } })}`, headers: bearer(reader) });
    expect(own.json()).toMatchObject([{ id_funcionario: readerId }]);
    const id = own.json()[0].id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/onboarding-progress/${id}`, headers: bearer(reader), payload: { finalizado: false } })).statusCode).toBe(403);
  });
});
