// The ra-data-simple-rest protocol of /api/<resource>, on the organisation entities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qs, testApp, type TestApp } from '../helpers/app.js';
import { insertRow, SYSTEM } from '../../src/server/resources/service.js';
import { toHttpError } from '../../src/server/errors.js';

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

  it('refuses deleting a row other rows depend on, keeping it, and says what uses it', async () => {
    const r = await t.inject({ method: 'DELETE', url: `/api/providers/${providers[0]}` });
    expect(r.statusCode).toBe(409);
    // The register the refusing foreign key belongs to, its first records by label, the rest counted.
    expect(r.json().message).toBe('Não é possível excluir: em uso em Departamentos (Comercial 06, Comercial 21, Comercial 36 e mais 12).');
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

describe('timestamps and dates', () => {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  it('answers timestamps as ISO text and dates as YYYY-MM-DD', async () => {
    const admin = (await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = 'admin@intranet.local'`)).rows[0].id;
    const v = await post('/api/vacancies', { titulo_vaga: 'Técnico de campo', cidade: 'Fortaleza', id_gestor: admin, data_inicio: '2026-03-01', id_empresa: providers[0] });
    expect(v.statusCode).toBe(201);
    expect(v.json().created_at).toMatch(ISO);
    expect(v.json().data_inicio).toBe('2026-03-01');
    const one = (await t.inject({ url: `/api/vacancies/${v.json().id}` })).json();
    expect(one).toEqual(v.json());
    // A partial PUT keeps the stored date valid (it is merged with the body and validated again).
    const put = await t.inject({ method: 'PUT', url: `/api/vacancies/${v.json().id}`, payload: { vagas: 3 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ vagas: 3, data_inicio: '2026-03-01', created_at: v.json().created_at });
  });

  it('a partial update of a resource with a writable timestamp keeps the stored one (onboarding-progress, written by its feature through the service)', async () => {
    const dep = (await post('/api/departments', { nome: 'Integração', id_empresa: providers[0] })).json();
    const sector = (await post('/api/sectors', { nome: 'Integração', id_departamento: dep.id })).json();
    const position = (await post('/api/positions', { nome: 'Analista', id_setor: sector.id })).json();
    const onboarding = await post('/api/onboardings', { titulo: 'Boas-vindas', id_empresa: providers[0], id_departamento: dep.id, id_cargo: position.id });
    expect(onboarding.statusCode, onboarding.body).toBe(201);
    const trail = (await post('/api/trails', { nome: 'Primeiros dias' })).json();
    const content = (await post('/api/contents', { titulo: 'Nossa história', resumo: 'Resumo', texto: '<p>Texto</p>' })).json();
    const user = (await post('/api/users', { email: 'leitora.timestamp@teste.com.br', nome: 'Leitora', id_empresas: [providers[0]] })).json();
    // Readings are an internal table: the generic API does not write them, the reading calls do, through the service.
    const def = t.app.registry.get('onboarding-progress')!;
    const created = await t.app.resources.create(
      def,
      { id_conteudo: content.id, id_onboarding: onboarding.json().id, id_trilha: trail.id, id_funcionario: user.id, data_inicio: '2026-05-03T12:00:00-03:00' },
      SYSTEM,
    );
    expect(created.data_inicio).toBe('2026-05-03T15:00:00.000Z');
    const done = await t.app.resources.update(def, created.id, { finalizado: true, data_fim: '2026-05-03T16:30:00.000Z' }, SYSTEM);
    expect(done).toMatchObject({ finalizado: true, data_inicio: '2026-05-03T15:00:00.000Z', data_fim: '2026-05-03T16:30:00.000Z' });
    expect((await t.inject(`/api/onboarding-progress/${created.id}`)).json()).toEqual(done);
    // Another partial update (a field other than the timestamps) keeps both; GraphQL reads them the same.
    await t.app.resources.update(def, created.id, { id_trilha: trail.id }, SYSTEM);
    const g = await t.inject({
      method: 'POST',
      url: '/v1/graphql',
      payload: { query: 'query ($id: Int!) { onboarding_funcionario_conteudo_by_pk(id: $id) { data_inicio data_fim finalizado created_at } }', variables: { id: created.id } },
    });
    expect(g.json().errors, g.body).toBeUndefined();
    expect(g.json().data.onboarding_funcionario_conteudo_by_pk).toEqual({
      data_inicio: '2026-05-03T15:00:00.000Z',
      data_fim: '2026-05-03T16:30:00.000Z',
      finalizado: true,
      created_at: created.created_at,
    });
  });
});

describe('filters on list (array) columns', () => {
  const names = (rows: { nome: string }[]) => rows.map((u) => u.nome).sort();
  beforeAll(async () => {
    for (const [nome, id_empresas] of [
      ['Lista A', [providers[0]]],
      ['Lista AB', [providers[0], providers[1]]],
      ['Lista B', [providers[1]]],
      ['Lista vazia', []],
    ] as const) {
      const r = await post('/api/users', { nome, email: `${nome.replace(/\W/g, '').toLowerCase()}@lista.com.br`, id_empresas });
      expect(r.statusCode, r.body).toBe(201);
    }
  });
  const list = async (filter: object) => t.inject({ url: `/api/users?${qs({ filter: { q: 'lista', ...filter }, range: [0, 99] })}` });

  it('a value or a list matches rows sharing any; _neq matches rows sharing none', async () => {
    expect(names((await list({ id_empresas: providers[0] })).json())).toEqual(['Lista A', 'Lista AB']);
    expect(names((await list({ id_empresas: [providers[0], providers[1]] })).json())).toEqual(['Lista A', 'Lista AB', 'Lista B']);
    expect(names((await list({ id_empresas_neq: [providers[0]] })).json())).toEqual(['Lista B', 'Lista vazia']);
    expect(names((await list({ id_empresas_neq: providers[1] })).json())).toEqual(['Lista A', 'Lista vazia']);
    expect(names((await list({ id_empresas_neq: [providers[0], providers[1]] })).json())).toEqual(['Lista vazia']);
    expect(names((await list({ id_empresas_neq: null })).json())).toHaveLength(4);
  });

  it('refuses order suffixes on a list with 400 and a pt-BR message naming the filter', async () => {
    for (const suffix of ['_gt', '_gte', '_lt', '_lte']) {
      const r = await list({ [`id_empresas${suffix}`]: providers[0] });
      expect(r.statusCode, suffix).toBe(400);
      expect(r.json().message).toBe(
        `Filtro "id_empresas${suffix}" inválido: o campo "id_empresas" é uma lista. Use "id_empresas" (contém algum dos valores) ou "id_empresas_neq" (não contém nenhum).`,
      );
      expect(r.json().errors).toEqual({ [`id_empresas${suffix}`]: 'Valor inválido' });
    }
    const bad = await list({ id_empresas: ['abc'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ id_empresas: 'Informe um número inteiro' });
  });

  it('the same through GraphQL (_eq, _in, _neq, _is_null on a list field)', async () => {
    const gql = async (where: object) => {
      const r = await t.inject({
        method: 'POST',
        url: '/v1/graphql',
        payload: { query: 'query ($w: auth_usuario_bool_exp) { auth_usuario(where: $w) { nome } }', variables: { w: { _q: 'lista', ...where } } },
      });
      return r.json();
    };
    expect(names((await gql({ id_empresas: { _eq: providers[0] } })).data.auth_usuario)).toEqual(['Lista A', 'Lista AB']);
    expect(names((await gql({ id_empresas: { _in: [providers[0], providers[1]] } })).data.auth_usuario)).toEqual(['Lista A', 'Lista AB', 'Lista B']);
    expect(names((await gql({ id_empresas: { _neq: providers[0] } })).data.auth_usuario)).toEqual(['Lista B', 'Lista vazia']);
    expect((await gql({ id_empresas: { _is_null: true } })).data.auth_usuario).toEqual([]);
    // No order comparison exists on a list field, and _eq with _in is refused rather than guessed.
    const gt = await gql({ id_empresas: { _gt: providers[0] } });
    expect(gt.errors?.length).toBeGreaterThan(0);
    const both = await gql({ id_empresas: { _eq: providers[0], _in: [providers[1]] } });
    expect(both.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: { id_empresas: 'Valor inválido' } });
  });
});

describe('validation answers on /api/* (field errors in the spec\'s texts)', () => {
  const expect400 = async (r: Awaited<ReturnType<typeof post>>, errors: Record<string, string>, message?: string) => {
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual(errors);
    if (message) expect(r.json().message).toBe(message);
  };

  it('refuses unknown fields on create and update, writing nothing', async () => {
    await expect400(await post('/api/departments', { nome: 'Jurídico', id_empresa: providers[0], hack: 1 }), { hack: 'Campo não permitido' });
    const dep = (await post('/api/departments', { nome: 'Jurídico', id_empresa: providers[0] })).json();
    const put = await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Outro', isAdmin: true } });
    await expect400(put, { isAdmin: 'Campo não permitido' });
    expect((await t.inject({ url: `/api/departments/${dep.id}` })).json().nome).toBe('Jurídico');
  });

  it("'Campo obrigatório' and 'Utilize no mínimo 2 caracteres.'", async () => {
    await expect400(await post('/api/departments', {}), { nome: 'Campo obrigatório', id_empresa: 'Campo obrigatório' }, 'Preencha todos os campos obrigatórios!');
    await expect400(await post('/api/departments', { nome: '   ', id_empresa: providers[0] }), { nome: 'Campo obrigatório' });
    await expect400(await post('/api/departments', { nome: 'T', id_empresa: providers[0] }), { nome: 'Utilize no mínimo 2 caracteres.' });
    const dep = (await post('/api/departments', { nome: 'Compras', id_empresa: providers[0] })).json();
    await expect400(await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'C' } }), { nome: 'Utilize no mínimo 2 caracteres.' });
    await expect400(await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: null } }), { nome: 'Campo obrigatório' });
  });

  it("'E-mail inválido' and 'Link inválido'", async () => {
    await expect400(await post('/api/users', { email: 'nao-e-um-email', nome: 'Fulano' }), { email: 'E-mail inválido' });
    const profile = await post('/api/employee-profiles', {
      nome: 'Fulano de Tal',
      cpf: '529.982.247-25',
      genero: 'M',
      estado_civil: 'SOLTEIRO',
      data_nascimento: '1990-01-01',
      linkedin: 'não é um link',
      email_corp: 'fulano@',
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().errors).toMatchObject({ linkedin: 'Link inválido', email_corp: 'E-mail inválido' });
  });

  it('numbers beyond the integer column and NUL characters answer field errors, not a database fault', async () => {
    await expect400(await post('/api/departments', { nome: 'Grande', id_empresa: 99999999999 }), { id_empresa: 'O valor máximo é 2147483647' });
    await expect400(await post('/api/departments', { nome: 'Nulo\u0000', id_empresa: providers[0] }), { nome: 'Valor inválido' });
    await expect400(await post('/api/users', { email: 'lista.grande@teste.com.br', id_empresas: [providers[0], 3_000_000_000] }), { id_empresas: 'O valor máximo é 2147483647' });
    const filter = await t.inject({ url: `/api/departments?${qs({ filter: { id_empresa: 99999999999 } })}` });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors).toEqual({ id_empresa: 'O valor máximo é 2147483647' });
  });

  it('a data exception of PostgreSQL (class 22) is told on the field of the parameter that caused it', async () => {
    const def = t.app.registry.get('departments')!;
    const error = await insertRow(t.db, def, { nome: 'Sem validação', id_empresa: '99999999999' }).catch((e) => e);
    expect(error.code).toBe('22003');
    const http = toHttpError(error, 'write')!;
    expect(http.statusCode).toBe(400);
    expect((http as { errors?: object }).errors).toEqual({ id_empresa: 'Valor inválido' });
  });
});

describe('contracting companies (CNPJ and CEP rules)', () => {
  const company = { razao_social: 'Fibra Norte Telecomunicações Ltda', nome_fantasia: 'Fibra Norte', cnpj: '11.222.333/0001-81', cep: '60000-000', estado: 'CE', cidade: 'Fortaleza' };
  let id: number;

  it("refuses a bad CNPJ with 'Ops! Parece que seu cnpj é inválido!' and a bad CEP", async () => {
    const bad = await post('/api/contracting-companies', { ...company, id_empresa: providers[0], cnpj: '11.222.333/0001-82' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cnpj: 'Ops! Parece que seu cnpj é inválido!' });
    const cep = await post('/api/contracting-companies', { ...company, id_empresa: providers[0], cep: '123' });
    expect(cep.json().errors).toEqual({ cep: 'CEP invalido' });
    const state = await post('/api/contracting-companies', { ...company, id_empresa: providers[0], estado: 'XX' });
    expect(state.json().errors).toEqual({ estado: 'Opção inválida' });
    const missing = await post('/api/contracting-companies', { nome_fantasia: 'F' });
    expect(missing.json().errors).toEqual({
      razao_social: 'Campo obrigatório',
      nome_fantasia: 'Utilize no mínimo 2 caracteres.',
      cnpj: 'Campo obrigatório',
      id_empresa: 'Campo obrigatório',
    });
  });

  it('creates, lists, reads, updates, keeps history and deletes', async () => {
    const created = await post('/api/contracting-companies', { ...company, id_empresa: providers[0] });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(created.json()).toMatchObject({ ...company, id_empresa: providers[0], ativo: true, complemento: null });
    await post('/api/contracting-companies', { ...company, razao_social: 'Outra Ltda', nome_fantasia: 'Outra', id_empresa: providers[1] });

    const list = await t.inject({ url: `/api/contracting-companies?${qs({ filter: { id_empresa: providers[0] } })}` });
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([id]);
    expect(list.headers['content-range']).toBe('contracting-companies 0-0/1');
    const search = await t.inject({ url: `/api/contracting-companies?${qs({ filter: { q: 'telecomunicacoes' } })}` });
    expect(search.json().map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await t.inject({ url: `/api/contracting-companies/${id}` })).json()).toEqual(created.json());

    const updated = await t.inject({ method: 'PUT', url: `/api/contracting-companies/${id}`, payload: { complemento: 'Sala 2', ativo: false } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ...company, complemento: 'Sala 2', ativo: false });
    const badUpdate = await t.inject({ method: 'PUT', url: `/api/contracting-companies/${id}`, payload: { cnpj: '00.000.000/0000-00' } });
    expect(badUpdate.json().errors).toEqual({ cnpj: 'Ops! Parece que seu cnpj é inválido!' });

    const history = (await t.inject({ url: `/api/contracting-companies/${id}/history` })).json();
    expect(history.map((h: { operacao: string }) => h.operacao)).toEqual(['UPDATE', 'INSERT']);
    expect(history[0]).toMatchObject({ tabelas: 'rh.empresa_contratante', old_data: { ativo: true }, new_data: { ativo: false, complemento: 'Sala 2' } });

    const deleted = await t.inject({ method: 'DELETE', url: `/api/contracting-companies/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id, complemento: 'Sala 2' });
    expect((await t.inject({ url: `/api/contracting-companies/${id}` })).statusCode).toBe(404);
  });
});

describe('sign-in comes first', () => {
  it('an anonymous malformed list query answers 401, not 400', async () => {
    const r = await t.app.inject({ url: '/api/departments?sort=not-json' });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe('Sua sessão expirou. Entre novamente.');
  });
});
