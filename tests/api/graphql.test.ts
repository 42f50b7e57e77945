// The GraphQL endpoint /v1/graphql generated from the schemas, named as Hasura names things.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const providers: number[] = [];
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function gql(query: string, variables?: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query, variables } });
  expect(r.statusCode, r.body).toBeLessThan(500);
  return { status: r.statusCode, ...(r.json() as { data?: any; errors?: any[] }) };
}

/** data of a call that must succeed. */
async function ok(query: string, variables?: Record<string, unknown>) {
  const r = await gql(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  expect(r.status).toBe(200);
  return r.data;
}

const logCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.log')).rows[0].n;
const departmentCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rh.departamento')).rows[0].n;

beforeAll(async () => {
  t = await testApp();
  for (const nome of ['Bitcom', 'RazãoInfo', 'Vetorial']) {
    const r = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } });
    expect(r.statusCode).toBe(201);
    providers.push(r.json().id);
  }
  // 45 departments, 15 per provider, a quarter inactive, names with accents to search.
  const names = ['Técnico', 'Comercial', 'Financeiro', 'Recursos Humanos', 'Expansão'];
  const objects = Array.from({ length: 45 }, (_, i) => ({
    nome: `${names[i % 5]} ${String(i).padStart(2, '0')}`,
    id_empresa: providers[i % 3],
    ativo: i % 4 !== 0,
  }));
  const data = await ok(`mutation ($objects: [rh_departamento_insert_input!]!) { insert_rh_departamento(objects: $objects) { affected_rows } }`, { objects });
  expect(data.insert_rh_departamento.affected_rows).toBe(45);
});
afterAll(() => t?.close());

describe('queries', () => {
  it('lists with limit and offset; without limit answers every row', async () => {
    const all = (await ok('{ rh_departamento(order_by: {id: asc}) { id nome } }')).rh_departamento;
    expect(all).toHaveLength(45);
    const page = (await ok('{ rh_departamento(order_by: {id: asc}, limit: 20, offset: 20) { id } }')).rh_departamento;
    expect(page.map((d: { id: number }) => d.id)).toEqual(all.slice(20, 40).map((d: { id: number }) => d.id));
    const last = (await ok('{ rh_departamento(order_by: {id: asc}, limit: 20, offset: 40) { id } }')).rh_departamento;
    expect(last).toHaveLength(5);
    expect((await ok('{ rh_departamento(limit: 20, offset: 60) { id } }')).rh_departamento).toEqual([]);
    expect((await ok('{ rh_departamento(limit: 0) { id } }')).rh_departamento).toEqual([]);
    const vars = (await ok('query ($l: Int, $o: Int) { rh_departamento(limit: $l, offset: $o) { id } }', { l: 7, o: 3 })).rh_departamento;
    expect(vars).toHaveLength(7);
  });

  it('sorts asc and desc with order_by', async () => {
    const asc = (await ok('{ rh_departamento(order_by: [{nome: asc}]) { nome } }')).rh_departamento.map((d: { nome: string }) => d.nome);
    const desc = (await ok('{ rh_departamento(order_by: {nome: desc}) { nome } }')).rh_departamento.map((d: { nome: string }) => d.nome);
    expect(asc).toHaveLength(45);
    expect(asc).toEqual([...asc].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(desc).toEqual([...asc].reverse());
    const byId = (await ok('{ rh_departamento(order_by: {id: desc}, limit: 3) { id } }')).rh_departamento.map((d: { id: number }) => d.id);
    expect(byId).toEqual([...byId].sort((a: number, b: number) => b - a));
  });

  it('filters with _eq, _neq, _in, _gt, _gte, _lt, _lte and _is_null', async () => {
    const ids = (await ok('{ rh_departamento(order_by: {id: asc}) { id } }')).rh_departamento.map((d: { id: number }) => d.id);
    const mid = ids[10];
    const count = async (where: object) =>
      (await ok('query ($w: rh_departamento_bool_exp) { rh_departamento(where: $w) { id id_empresa ativo } }', { w: where })).rh_departamento;

    const eq = await count({ id_empresa: { _eq: providers[0] } });
    expect(eq).toHaveLength(15);
    expect(eq.every((d: { id_empresa: number }) => d.id_empresa === providers[0])).toBe(true);
    expect(await count({ id_empresa: { _neq: providers[0] } })).toHaveLength(30);
    expect(await count({ id_empresa: { _in: [providers[0], providers[2]] } })).toHaveLength(30);
    expect(await count({ id_empresa: { _in: [] } })).toHaveLength(0);
    expect(await count({ ativo: { _eq: false } })).toHaveLength(12);
    expect(await count({ id: { _gte: mid } })).toHaveLength(35);
    expect(await count({ id: { _gt: mid } })).toHaveLength(34);
    expect(await count({ id: { _lte: mid } })).toHaveLength(11);
    expect(await count({ id: { _lt: mid } })).toHaveLength(10);
    expect(await count({ id: { _gte: ids[5], _lt: ids[8] } })).toHaveLength(3);
    expect(await count({ id: { _gte: ids[5], _lt: ids[8] }, ativo: { _eq: true }, id_empresa: { _eq: providers[1] } })).toHaveLength(1);
    // _eq and _in together: both must hold.
    expect(await count({ id_empresa: { _eq: providers[0], _in: [providers[0], providers[1]] } })).toHaveLength(15);
    expect(await count({ id_empresa: { _eq: providers[0], _in: [providers[1]] } })).toHaveLength(0);
    expect(await count({ created_at: { _is_null: true } })).toHaveLength(0);
    expect(await count({ created_at: { _is_null: false } })).toHaveLength(45);

    // A literal where, not only variables.
    const literal = (await ok(`{ rh_departamento(where: {id_empresa: {_eq: ${providers[2]}}, ativo: {_eq: true}}) { id } }`)).rh_departamento;
    expect(literal.length).toBeGreaterThan(0);
  });

  it('_q searches without accents or case', async () => {
    for (const q of ['tecnico', 'TÉCNICO', 'expansao', 'Expansão 4']) {
      const rows = (await ok('query ($q: String) { rh_departamento(where: {_q: $q}) { nome } }', { q })).rh_departamento;
      expect(rows.length, q).toBeGreaterThan(0);
      for (const row of rows) expect(plain(row.nome)).toContain(plain(q));
    }
    expect((await ok('{ rh_departamento(where: {_q: "tecnico"}) { id } }')).rh_departamento).toHaveLength(9);
    expect((await ok('{ rh_departamento(where: {_q: "%"}) { id } }')).rh_departamento).toEqual([]);
  });

  it('_by_pk answers the row, or null when it does not exist', async () => {
    const [first] = (await ok('{ rh_departamento(order_by: {id: asc}, limit: 1) { id nome id_empresa ativo created_at } }')).rh_departamento;
    const one = (await ok('query ($id: Int!) { rh_departamento_by_pk(id: $id) { id nome id_empresa ativo created_at } }', { id: first.id })).rh_departamento_by_pk;
    expect(one).toEqual(first);
    expect((await ok('{ rh_departamento_by_pk(id: 999999) { id } }')).rh_departamento_by_pk).toBeNull();
    expect((await ok('{ rh_departamento_by_pk(id: -1) { id } }')).rh_departamento_by_pk).toBeNull();
  });

  it('_aggregate counts the rows where selects, with their nodes', async () => {
    const all = await ok('{ rh_departamento_aggregate { aggregate { count } } }');
    expect(all.rh_departamento_aggregate.aggregate.count).toBe(45);
    const some = await ok(`query ($p: Int!) {
      rh_departamento_aggregate(where: {id_empresa: {_eq: $p}, ativo: {_eq: true}}) { aggregate { count } }
      page: rh_departamento_aggregate(where: {id_empresa: {_eq: $p}}, order_by: {id: asc}, limit: 4, offset: 2) { aggregate { count } nodes { id id_empresa } }
    }`, { p: providers[0] });
    expect(some.rh_departamento_aggregate.aggregate.count).toBe(11);
    expect(some.page.aggregate.count).toBe(4);
    expect(some.page.nodes).toHaveLength(4);
    expect(some.page.nodes.every((d: { id_empresa: number }) => d.id_empresa === providers[0])).toBe(true);
    expect((await ok('{ rh_departamento_aggregate(where: {_q: "nada disso"}) { aggregate { count } } }')).rh_departamento_aggregate.aggregate.count).toBe(0);
  });

  it('other resources are there too, by their table names', async () => {
    const data = await ok('{ rh_empresa(order_by: {nome: asc}) { id nome } rh_empresa_aggregate { aggregate { count } } }');
    expect(data.rh_empresa.map((p: { nome: string }) => p.nome)).toEqual(['Bitcom', 'RazãoInfo', 'Vetorial']);
    expect(data.rh_empresa_aggregate.aggregate.count).toBe(3);
  });

  it('answers timestamps as the same ISO text as REST (and dates as YYYY-MM-DD)', async () => {
    const [first] = (await ok('{ rh_departamento(order_by: {id: asc}, limit: 1) { id created_at } }')).rh_departamento;
    const rest = (await t.inject({ url: `/api/departments/${first.id}` })).json();
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(first.created_at).toBe(rest.created_at);
    // The bells compute ages from it: it must parse as a date.
    expect(Number.isNaN(Date.parse(first.created_at))).toBe(false);
    const admin = (await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = 'admin@intranet.local'`)).rows[0].id;
    const vacancy = (await t.inject({
      method: 'POST',
      url: '/api/vacancies',
      payload: { titulo_vaga: 'Vendedor', cidade: 'Natal', id_gestor: admin, data_inicio: '2026-02-28', id_empresa: providers[0] },
    })).json();
    const g = (await ok('query ($id: Int!) { rh_vaga_by_pk(id: $id) { data_inicio created_at } }', { id: vacancy.id })).rh_vaga_by_pk;
    expect(g).toEqual({ data_inicio: '2026-02-28', created_at: vacancy.created_at });
  });

  it('answers GET queries too', async () => {
    const r = await t.inject({ url: `/v1/graphql?query=${encodeURIComponent('{ rh_departamento_aggregate { aggregate { count } } }')}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.rh_departamento_aggregate.aggregate.count).toBe(45);
  });
});

describe('mutations', () => {
  it('insert_X_one, update_X_by_pk and delete_X_by_pk, each with its audit entry', async () => {
    const before = await logCount();
    const created = (await ok('mutation ($o: rh_departamento_insert_input!) { insert_rh_departamento_one(object: $o) { id nome id_empresa ativo created_at } }', {
      o: { nome: '  Jurídico ', id_empresa: providers[0] },
    })).insert_rh_departamento_one;
    expect(created).toMatchObject({ nome: 'Jurídico', id_empresa: providers[0], ativo: true });
    expect(typeof created.id).toBe('number');

    const updated = (await ok('mutation ($id: Int!) { update_rh_departamento_by_pk(pk_columns: {id: $id}, _set: {nome: "Jurídico e Compliance", ativo: false}) { id nome ativo created_at } }', { id: created.id }))
      .update_rh_departamento_by_pk;
    expect(updated).toEqual({ id: created.id, nome: 'Jurídico e Compliance', ativo: false, created_at: created.created_at });

    const deleted = (await ok('mutation ($id: Int!) { delete_rh_departamento_by_pk(id: $id) { id nome } }', { id: created.id })).delete_rh_departamento_by_pk;
    expect(deleted).toEqual({ id: created.id, nome: 'Jurídico e Compliance' });
    expect((await ok(`{ rh_departamento_by_pk(id: ${created.id}) { id } }`)).rh_departamento_by_pk).toBeNull();

    expect(await logCount()).toBe(before + 3);
    const { rows } = await t.db.query<{ operacao: string; tabelas: string; old_data: any; new_data: any; id_usuario: number | null }>(
      `SELECT operacao, tabelas, old_data, new_data, id_usuario FROM admin.log WHERE tabelas = 'rh.departamento' AND id_item = $1 ORDER BY id`,
      [String(created.id)],
    );
    expect(rows.map((r) => r.operacao)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(rows[0].new_data).toMatchObject({ nome: 'Jurídico' });
    expect(rows[1].old_data).toMatchObject({ nome: 'Jurídico' });
    expect(rows[1].new_data).toMatchObject({ nome: 'Jurídico e Compliance', ativo: false });
    expect(rows[2].old_data).toMatchObject({ nome: 'Jurídico e Compliance' });
    expect(rows[2].new_data).toBeNull();
  });

  it('insert_X writes several objects in one transaction, with one audit entry each', async () => {
    const before = await logCount();
    const data = await ok(`mutation ($objects: [rh_departamento_insert_input!]!) {
      insert_rh_departamento(objects: $objects) { affected_rows returning { id nome id_empresa } }
    }`, { objects: [{ nome: 'Marketing', id_empresa: providers[1] }, { nome: 'Logística', id_empresa: providers[2] }] });
    expect(data.insert_rh_departamento.affected_rows).toBe(2);
    const returning = data.insert_rh_departamento.returning;
    expect(returning.map((d: { nome: string }) => d.nome)).toEqual(['Marketing', 'Logística']);
    expect(await logCount()).toBe(before + 2);
    const ids = returning.map((d: { id: number }) => String(d.id));
    const { rows } = await t.db.query(`SELECT operacao FROM admin.log WHERE tabelas = 'rh.departamento' AND id_item = ANY($1::text[])`, [ids]);
    expect(rows.map((r) => r.operacao)).toEqual(['INSERT', 'INSERT']);
    for (const d of returning) await ok(`mutation { delete_rh_departamento_by_pk(id: ${d.id}) { id } }`);
  });

  it('one invalid object: nothing is written, no audit entry, the field errors in pt-BR', async () => {
    const [rows, logs] = [await departmentCount(), await logCount()];
    const r = await gql(`mutation ($objects: [rh_departamento_insert_input!]!) { insert_rh_departamento(objects: $objects) { affected_rows } }`, {
      objects: [{ nome: 'Válido', id_empresa: providers[0] }, { nome: 'X', id_empresa: providers[0] }],
    });
    expect(r.data.insert_rh_departamento).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors![0].message).toBe('Ops! Parece que algo errado aconteceu. Revise os dados e tente novamente!');
    expect(r.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: { nome: 'Utilize no mínimo 2 caracteres.' } });
    expect(r.errors![0].path).toEqual(['insert_rh_departamento']);

    // A failure inside the database (a missing reference) after a first row was written rolls back too.
    const fk = await gql(`mutation ($objects: [rh_departamento_insert_input!]!) { insert_rh_departamento(objects: $objects) { affected_rows } }`, {
      objects: [{ nome: 'Válido', id_empresa: providers[0] }, { nome: 'Órfão', id_empresa: 987654 }],
    });
    expect(fk.data.insert_rh_departamento).toBeNull();
    expect(fk.errors![0]).toMatchObject({
      message: 'O registro relacionado não foi encontrado.',
      extensions: { code: 'BAD_USER_INPUT', errors: { id_empresa: 'O registro relacionado não foi encontrado.' } },
    });
    expect(await departmentCount()).toBe(rows);
    expect(await logCount()).toBe(logs);
  });

  it('answers validation errors like REST: required, too short, too long, in extensions.errors', async () => {
    const logs = await logCount();
    const insert = (o: object) =>
      gql('mutation ($o: rh_departamento_insert_input!) { insert_rh_departamento_one(object: $o) { id } }', { o });

    const missing = await insert({ ativo: true });
    expect(missing.data.insert_rh_departamento_one).toBeNull();
    expect(missing.errors![0].message).toBe('Preencha todos os campos obrigatórios!');
    expect(missing.errors![0].extensions.errors).toEqual({ nome: 'Campo obrigatório', id_empresa: 'Campo obrigatório' });

    const blank = await insert({ nome: '   ', id_empresa: providers[0] });
    expect(blank.errors![0].extensions.errors).toEqual({ nome: 'Campo obrigatório' });

    const short = await insert({ nome: 'X', id_empresa: providers[0] });
    expect(short.errors![0].extensions.errors).toEqual({ nome: 'Utilize no mínimo 2 caracteres.' });

    const long = await insert({ nome: 'x'.repeat(121), id_empresa: providers[0] });
    expect(long.errors![0].extensions.errors).toEqual({ nome: 'Utilize no máximo 120 caracteres.' });

    const explicitNull = await gql(`mutation { insert_rh_departamento_one(object: {nome: null, id_empresa: ${providers[0]}}) { id } }`);
    expect(explicitNull.errors![0].extensions.errors).toEqual({ nome: 'Campo obrigatório' });

    const [dep] = (await ok('{ rh_departamento(limit: 1) { id nome } }')).rh_departamento;
    const update = await gql('mutation ($id: Int!) { update_rh_departamento_by_pk(pk_columns: {id: $id}, _set: {nome: "Y"}) { id } }', { id: dep.id });
    expect(update.data.update_rh_departamento_by_pk).toBeNull();
    expect(update.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: { nome: 'Utilize no mínimo 2 caracteres.' } });
    expect((await ok(`{ rh_departamento_by_pk(id: ${dep.id}) { nome } }`)).rh_departamento_by_pk.nome).toBe(dep.nome);

    expect(await logCount()).toBe(logs);
  });

  it('refuses unknown and read-only fields through the GraphQL input types, writing nothing', async () => {
    const [rows, logs] = [await departmentCount(), await logCount()];
    for (const o of [
      { nome: 'Novo', id_empresa: providers[0], nope: 1 },
      { nome: 'Novo', id_empresa: providers[0], id: 5000 },
      { nome: 'Novo', id_empresa: providers[0], created_at: '2020-01-01T00:00:00Z' },
      { nome: 123, id_empresa: providers[0] },
      { nome: 'Novo', id_empresa: 'abc' },
    ]) {
      const r = await gql('mutation ($o: rh_departamento_insert_input!) { insert_rh_departamento_one(object: $o) { id } }', { o });
      expect(r.status, JSON.stringify(o)).toBe(400);
      expect(r.data ?? null).toBeNull();
      expect(r.errors!.length).toBeGreaterThan(0);
    }
    const literal = await gql(`mutation { insert_rh_departamento_one(object: {nome: "Novo", id_empresa: ${providers[0]}, nope: 1}) { id } }`);
    expect(literal.status).toBe(400);
    expect(literal.errors![0].message).toMatch(/nope/);
    expect(await departmentCount()).toBe(rows);
    expect(await logCount()).toBe(logs);
  });

  it('update and delete of a missing row answer "Dados não encontrados." and write nothing', async () => {
    const logs = await logCount();
    const upd = await gql('mutation { update_rh_departamento_by_pk(pk_columns: {id: 999999}, _set: {nome: "Nada"}) { id } }');
    expect(upd.data.update_rh_departamento_by_pk).toBeNull();
    expect(upd.errors![0]).toMatchObject({ message: 'Dados não encontrados.', extensions: { code: 'NOT_FOUND' } });
    const del = await gql('mutation { delete_rh_departamento_by_pk(id: 999999) { id } }');
    expect(del.errors![0]).toMatchObject({ message: 'Dados não encontrados.', extensions: { code: 'NOT_FOUND' } });
    expect(await logCount()).toBe(logs);
  });

  it('refuses deleting a row others depend on, and duplicates, keeping the data', async () => {
    const logs = await logCount();
    const inUse = await gql(`mutation { delete_rh_empresa_by_pk(id: ${providers[0]}) { id } }`);
    // The same refusal as REST's, naming what uses the row.
    expect(inUse.errors![0]).toMatchObject({ message: 'Não é possível excluir: em uso em Departamentos (Comercial 06, Comercial 21, Comercial 36 e mais 12).', extensions: { code: 'CONFLICT' } });
    const dup = await gql('mutation { insert_rh_empresa_one(object: {nome: "bitcom"}) { id } }');
    expect(dup.errors![0]).toMatchObject({ message: 'Já existe um registro com estes dados.', extensions: { errors: { nome: 'Já existe um registro com estes dados.' } } });
    expect((await ok(`{ rh_empresa_by_pk(id: ${providers[0]}) { nome } }`)).rh_empresa_by_pk.nome).toBe('Bitcom');
    expect(await logCount()).toBe(logs);
  });

  it('a failing mutation among others in one request keeps the others, each with its own entry', async () => {
    const logs = await logCount();
    const r = await gql(`mutation {
      good: insert_rh_departamento_one(object: {nome: "Compras", id_empresa: ${providers[1]}}) { id }
      bad: insert_rh_departamento_one(object: {nome: "C", id_empresa: ${providers[1]}}) { id }
    }`);
    expect(r.status).toBe(200);
    expect(r.data.good.id).toEqual(expect.any(Number));
    expect(r.data.bad).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors![0].path).toEqual(['bad']);
    expect(await logCount()).toBe(logs + 1);
    await ok(`mutation { delete_rh_departamento_by_pk(id: ${r.data.good.id}) { id } }`);
  });
});

describe('malformed requests', () => {
  it('never answer 500, and bad arguments answer pt-BR messages', async () => {
    const bad: [string, Record<string, unknown>?][] = [
      ['{ rh_departamento { id '],
      ['{ nope { id } }'],
      ['{ rh_departamento { nope } }'],
      ['{ rh_departamento(where: {nope: {_eq: 1}}) { id } }'],
      ['{ rh_departamento(where: {id: {_eq: "abc"}}) { id } }'],
      ['{ rh_departamento(order_by: {nome: sideways}) { id } }'],
      ['{ rh_departamento(limit: "x") { id } }'],
      ['{ rh_departamento_by_pk(id: 99999999999) { id } }'],
      ['{ rh_departamento_by_pk { id } }'],
      ['query ($w: rh_departamento_bool_exp) { rh_departamento(where: $w) { id } }', { w: { id: { _eq: 'abc' } } }],
      ['query ($w: rh_departamento_bool_exp) { rh_departamento(where: $w) { id } }', { w: 'abc' }],
      ['query ($id: Int!) { rh_departamento_by_pk(id: $id) { id } }', {}],
      ['mutation { insert_rh_departamento(objects: "x") { affected_rows } }'],
      ['subscription { rh_departamento { id } }'],
      ['query A { rh_empresa { id } } query B { rh_empresa { id } }'],
      ['fragment F on rh_empresa { id } { rh_empresa { ...G } }'],
    ];
    for (const [query, variables] of bad) {
      const r = await gql(query, variables);
      expect(r.status, query).toBeGreaterThanOrEqual(200);
      expect(r.errors?.length, query).toBeGreaterThan(0);
    }

    const args: [string, string][] = [
      ['{ rh_departamento(limit: -1) { id } }', 'Parâmetro "limit" inválido.'],
      ['{ rh_departamento(offset: -5) { id } }', 'Parâmetro "offset" inválido.'],
      ['{ rh_departamento(order_by: {nome: asc, id: desc}) { id } }', 'Parâmetro "order_by" inválido.'],
      ['{ rh_departamento(where: {id: {_eq: null}}) { id } }', 'Parâmetro "where" inválido.'],
      ['{ rh_departamento(where: {created_at: {_gte: "ontem"}}) { id } }', 'Parâmetro "filter" inválido.'],
      ['{ rh_departamento_aggregate(limit: -1) { aggregate { count } } }', 'Parâmetro "limit" inválido.'],
    ];
    for (const [query, message] of args) {
      const r = await gql(query);
      expect(r.status, query).toBe(200);
      expect(r.errors![0].message, query).toBe(message);
      expect(r.errors![0].extensions.code, query).toBe('BAD_USER_INPUT');
    }
  });

  it('malformed HTTP bodies answer 4xx', async () => {
    const requests = [
      { method: 'POST' as const, payload: '{"query": ', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, payload: '{}', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, payload: '{"query": "{ rh_empresa { id } }", "variables": "x"}', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, payload: '[1, 2]', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, payload: 'query', headers: { 'content-type': 'text/plain' } },
      { method: 'GET' as const },
      { method: 'GET' as const, query: { query: 'mutation { delete_rh_empresa_by_pk(id: 1) { id } }' } },
    ];
    for (const req of requests) {
      const r = await t.inject({ url: '/v1/graphql', ...req });
      expect(r.statusCode, JSON.stringify(req)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, JSON.stringify(req)).toBeLessThan(500);
    }
    // A number as the query is read as the text "42": a syntax error, in the body's errors.
    const numeric = await t.inject({ method: 'POST', url: '/v1/graphql', payload: '{"query": 42}', headers: { 'content-type': 'application/json' } });
    expect(numeric.statusCode).toBeLessThan(500);
    expect(numeric.json().errors.length).toBeGreaterThan(0);
    expect(await departmentCount()).toBeGreaterThan(0);
  });
});
