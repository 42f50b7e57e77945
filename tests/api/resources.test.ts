// The ra-data-simple-rest protocol of /api/<resource>, on the organisation entities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const providers: number[] = [];

const post = (url: string, payload: unknown) => t.inject({ method: 'POST', url, payload: payload as object });

beforeAll(async () => {
  t = await testApp();
  for (const nome of ['Bitcom', 'RazãoInfo', 'Vetorial']) {
    const r = await post('/api/providers', { nome });
    expect(r.statusCode).toBe(201);
    providers.push(r.json().id);
  }
  // 45 departments: 15 per provider, names with accents to search.
  const names = ['Técnico', 'Comercial', 'Financeiro', 'Recursos Humanos', 'Expansão'];
  for (let i = 0; i < 45; i++) {
    const r = await post('/api/departments', { nome: `${names[i % 5]} ${String(i).padStart(2, '0')}`, id_empresa: providers[i % 3], ativo: i % 4 !== 0 });
    expect(r.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

describe('list', () => {
  it('answers the first 20 rows by default, with Content-Range and the header exposed', async () => {
    const r = await t.inject({ url: '/api/departments', headers: { origin: 'http://example.test' } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(20);
    expect(r.headers['content-range']).toBe('departments 0-19/45');
    expect(String(r.headers['access-control-expose-headers'])).toContain('Content-Range');
  });

  it.each([
    [[0, 19], 20, 'departments 0-19/45'],
    [[20, 39], 20, 'departments 20-39/45'],
    [[40, 59], 5, 'departments 40-44/45'],
    [[0, 39], 40, 'departments 0-39/45'],
    [[0, 59], 45, 'departments 0-44/45'],
    [[60, 79], 0, 'departments */45'],
  ])('range %j answers %i rows (%s)', async (range, count, header) => {
    const r = await t.inject({ url: `/api/departments?${qs({ range })}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(count);
    expect(r.headers['content-range']).toBe(header);
  });

  it('page size 0 ("Todos"): range with end before start answers every row', async () => {
    const r = await t.inject({ url: `/api/departments?${qs({ range: [0, -1] })}` });
    expect(r.json()).toHaveLength(45);
    expect(r.headers['content-range']).toBe('departments 0-44/45');
  });

  it('reads the Range request header when range is absent', async () => {
    const r = await t.inject({ url: '/api/departments', headers: { range: 'departments=5-9' } });
    expect(r.json()).toHaveLength(5);
    expect(r.headers['content-range']).toBe('departments 5-9/45');
  });

  it('sorts both ways, with id as tiebreak', async () => {
    const asc = (await t.inject({ url: `/api/departments?${qs({ sort: ['nome', 'ASC'], range: [0, 44] })}` })).json();
    const desc = (await t.inject({ url: `/api/departments?${qs({ sort: ['nome', 'DESC'], range: [0, 44] })}` })).json();
    const names = asc.map((d: { nome: string }) => d.nome);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(desc.map((d: { nome: string }) => d.nome)).toEqual([...names].reverse());
  });

  it('q searches without accents or case over the searchable fields', async () => {
    for (const q of ['tecnico', 'TÉCNICO', 'expansao', 'Expansão 4']) {
      const r = await t.inject({ url: `/api/departments?${qs({ filter: { q }, range: [0, 99] })}` });
      const rows = r.json() as { nome: string }[];
      expect(rows.length).toBeGreaterThan(0);
      const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      for (const row of rows) expect(plain(row.nome)).toContain(plain(q));
    }
    const none = await t.inject({ url: `/api/departments?${qs({ filter: { q: '%' } })}` });
    expect(none.json()).toEqual([]);
  });

  it('filters by equality, arrays (IN) and the _gte/_lte/_gt/_lt suffixes', async () => {
    const eq = (await t.inject({ url: `/api/departments?${qs({ filter: { id_empresa: providers[0] }, range: [0, 99] })}` })).json();
    expect(eq).toHaveLength(15);
    expect(eq.every((d: { id_empresa: number }) => d.id_empresa === providers[0])).toBe(true);

    const inList = await t.inject({ url: `/api/departments?${qs({ filter: { id_empresa: [providers[0], providers[2]] }, range: [0, 99] })}` });
    expect(inList.json()).toHaveLength(30);
    expect(inList.headers['content-range']).toBe('departments 0-29/30');

    const inactive = (await t.inject({ url: `/api/departments?${qs({ filter: { ativo: false }, range: [0, 99] })}` })).json();
    expect(inactive).toHaveLength(12);

    const all = (await t.inject({ url: `/api/departments?${qs({ sort: ['id', 'ASC'], range: [0, 99] })}` })).json();
    const ids = all.map((d: { id: number }) => d.id);
    const mid = ids[10];
    const count = async (filter: object) => (await t.inject({ url: `/api/departments?${qs({ filter, range: [0, 99] })}` })).json().length;
    expect(await count({ id_gte: mid })).toBe(35);
    expect(await count({ id_gt: mid })).toBe(34);
    expect(await count({ id_lte: mid })).toBe(11);
    expect(await count({ id_lt: mid })).toBe(10);
    expect(await count({ id_gte: ids[5], id_lt: ids[8] })).toBe(3);
    expect(await count({ id: [] })).toBe(0);
  });

  it('getMany: filter={"id":[...]}', async () => {
    const all = (await t.inject({ url: `/api/departments?${qs({ sort: ['id', 'ASC'] })}` })).json();
    const wanted = [all[0].id, all[3].id, all[7].id];
    const r = await t.inject({ url: `/api/departments?${qs({ filter: { id: wanted } })}` });
    expect(r.json().map((d: { id: number }) => d.id).sort()).toEqual([...wanted].sort());
  });

  it('getManyReference: the reference filter with sort and range', async () => {
    const r = await t.inject({
      url: `/api/departments?${qs({ filter: { id_empresa: providers[1] }, sort: ['nome', 'DESC'], range: [0, 4] })}`,
    });
    expect(r.json()).toHaveLength(5);
    expect(r.headers['content-range']).toBe('departments 0-4/15');
  });

  it('refuses unknown filters and sorts and malformed parameters with 400 and a pt-BR message', async () => {
    for (const query of [
      qs({ filter: { nope: 1 } }),
      qs({ sort: ['nope', 'ASC'] }),
      qs({ sort: ['nome', 'SIDEWAYS'] }),
      'sort=not-json',
      'range=[1,',
      qs({ range: [-1, 5] }),
      qs({ range: ['a', 'b'] }),
      qs({ filter: [1, 2] }),
      qs({ filter: { id_empresa: 'abc' } }),
      qs({ filter: { ativo: 'talvez' } }),
      qs({ filter: { created_at_gte: 'ontem' } }),
      qs({ filter: { id_empresa_gte: [1, 2] } }),
    ]) {
      const r = await t.inject({ url: `/api/departments?${query}` });
      expect(r.statusCode, query).toBe(400);
      expect(r.json().message, query).toMatch(/inválid|desconhecid/);
    }
  });
});

describe('one, create, update, delete', () => {
  it('creates with defaults, reads one, updates with PUT and deletes answering the record', async () => {
    const created = await post('/api/departments', { nome: 'Jurídico', id_empresa: providers[0] });
    expect(created.statusCode).toBe(201);
    const dep = created.json();
    expect(dep).toMatchObject({ nome: 'Jurídico', id_empresa: providers[0], ativo: true });
    expect(typeof dep.id).toBe('number');

    const one = await t.inject({ url: `/api/departments/${dep.id}` });
    expect(one.json()).toEqual(dep);

    // react-admin sends the whole record back, read-only fields included.
    const updated = await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { ...dep, nome: 'Jurídico e Compliance' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: dep.id, nome: 'Jurídico e Compliance', created_at: dep.created_at });

    const partial = await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { ativo: false } });
    expect(partial.json()).toMatchObject({ nome: 'Jurídico e Compliance', ativo: false });

    const deleted = await t.inject({ method: 'DELETE', url: `/api/departments/${dep.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: dep.id, nome: 'Jurídico e Compliance' });
    expect((await t.inject({ url: `/api/departments/${dep.id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/departments/${dep.id}` })).statusCode).toBe(404);
  });

  it('answers 404 with a pt-BR message for missing or malformed ids and unknown resources', async () => {
    for (const url of ['/api/departments/999999', '/api/departments/abc', '/api/departments/1e3', '/api/nothing', '/api/departments/99999999999']) {
      const r = await t.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().message).toBe('Dados não encontrados.');
    }
  });

  it('refuses deleting a row other rows depend on, keeping it', async () => {
    const r = await t.inject({ method: 'DELETE', url: `/api/providers/${providers[0]}` });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Este registro está em uso por outros dados e não pode ser excluído.');
    expect((await t.inject({ url: `/api/providers/${providers[0]}` })).statusCode).toBe(200);
  });

  it('answers a reference to a missing row on its field', async () => {
    const r = await post('/api/departments', { nome: 'Órfão', id_empresa: 987654 });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ id_empresa: 'O registro relacionado não foi encontrado.' });
  });

  it('answers a duplicate on its field with 409', async () => {
    const r = await post('/api/providers', { nome: 'bitcom' });
    expect(r.statusCode).toBe(409);
    expect(r.json().errors).toEqual({ nome: 'Já existe um registro com estes dados.' });
  });
});
