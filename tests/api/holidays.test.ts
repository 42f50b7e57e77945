// Holidays through the API (foundation document, sections 3 to 5): month-day dates, type, state and
// cities rules enforced on every write path (REST create and update, GraphQL), with the spec's texts,
// audit history, and the rights of the rh roles. Categories (cards view) ride along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

const BLOCKED = 'Não é possivel selecionar cidades para feriados nacionais ou estaduais.';
const NEED_CITY = 'Selecione uma ou mais cidades';
const SAO_PAULO = 3550308;
const CAMPINAS = 3509502;
const BELO_HORIZONTE = 3106200;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const post = (payload: unknown, headers?: Record<string, string>) =>
  (headers ? t.app.inject({ method: 'POST', url: '/api/holidays', payload: payload as object, headers }) : t.inject({ method: 'POST', url: '/api/holidays', payload: payload as object }));
const put = (id: number, payload: unknown) => t.inject({ method: 'PUT', url: `/api/holidays/${id}`, payload: payload as object });

describe('holidays: payload in, record out', () => {
  it('creates a national holiday saved as month-day, recurrent and active by default', async () => {
    const r = await post({ nome: 'Natal', data: '12-25', tipo: 'Nacional' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ nome: 'Natal', data: '12-25', tipo: 'Nacional', uf: null, municipio: [], recorrencia_anual: true, ativo: true });
    const got = (await t.inject(`/api/holidays/${r.json().id}`)).json();
    expect(got.data).toBe('12-25');
  });

  it('refuses dates that are not month-day and unknown types, with pt-BR messages', async () => {
    for (const data of ['2026-12-25', '25/12', '13-01', '02-30', '']) {
      const r = await post({ nome: 'Feriado', data, tipo: 'Nacional' });
      expect(r.statusCode, data).toBe(400);
      expect(r.json().errors.data, data).toBe(data === '' ? 'Campo obrigatório' : 'Data inválida');
    }
    const bad = await post({ nome: 'Feriado', data: '01-01', tipo: 'Internacional' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tipo).toBe('Opção inválida');
    const missing = await post({});
    expect(missing.json().errors).toMatchObject({ nome: 'Campo obrigatório', data: 'Campo obrigatório', tipo: 'Campo obrigatório' });
    expect(missing.json().message).toBe('Preencha todos os campos obrigatórios!');
    const badUf = await post({ nome: 'Feriado', data: '01-01', tipo: 'Estadual', uf: 'XX' });
    expect(badUf.json().errors.uf).toBe('Opção inválida');
  });

  it('clears the state of a national holiday', async () => {
    const r = await post({ nome: 'Tiradentes', data: '04-21', tipo: 'Nacional', uf: 'MG' });
    expect(r.statusCode).toBe(201);
    expect(r.json().uf).toBeNull();
  });

  it('requires the state of a state holiday and refuses its cities', async () => {
    const noUf = await post({ nome: 'Data Magna', data: '07-16', tipo: 'Estadual' });
    expect(noUf.statusCode).toBe(400);
    expect(noUf.json()).toEqual({ message: 'Preencha todos os campos obrigatórios!', errors: { uf: 'Campo obrigatório' } });
    const withCities = await post({ nome: 'Data Magna', data: '07-16', tipo: 'Estadual', uf: 'SP', municipio: [SAO_PAULO] });
    expect(withCities.statusCode).toBe(400);
    expect(withCities.json()).toEqual({ message: BLOCKED, errors: { municipio: BLOCKED } });
    const ok = await post({ nome: 'Revolução Constitucionalista', data: '07-09', tipo: 'Estadual', uf: 'SP' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ tipo: 'Estadual', uf: 'SP', municipio: [] });
  });

  it('refuses cities on a national holiday', async () => {
    const r = await post({ nome: 'Independência', data: '09-07', tipo: 'Nacional', municipio: [SAO_PAULO] });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ municipio: BLOCKED });
  });

  it('a municipal holiday needs one or more known cities (of its state when it names one)', async () => {
    const none = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', uf: 'SP' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: NEED_CITY, errors: { municipio: NEED_CITY } });
    const empty = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', municipio: [] });
    expect(empty.json().errors).toEqual({ municipio: NEED_CITY });
    const unknown = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', municipio: [9999999] });
    expect(unknown.json().errors.municipio).toBe('Cidade não encontrada na lista de municípios.');
    const otherState = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO, BELO_HORIZONTE] });
    expect(otherState.json().errors.municipio).toBe('As cidades selecionadas precisam ser do estado escolhido.');
    const notList = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', municipio: 'São Paulo' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().errors.municipio).toBe('Informe uma lista de valores');
    const dup = await post({ nome: 'Aniversário da cidade', data: '01-25', tipo: 'Municipal', municipio: [SAO_PAULO, SAO_PAULO] });
    expect(dup.statusCode).toBe(400);
    const ok = await post({ nome: 'Aniversário de São Paulo', data: '01-25', tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO, CAMPINAS], recorrencia_anual: false });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO, CAMPINAS], recorrencia_anual: false });
  });

  it('updates apply the rules to the merged record', async () => {
    const h = (await post({ nome: 'Padroeira', data: '10-12', tipo: 'Municipal', uf: 'SP', municipio: [CAMPINAS] })).json();
    // Becoming national while keeping its cities is refused; with the cities removed the state is cleared.
    const keep = await put(h.id, { tipo: 'Nacional' });
    expect(keep.statusCode).toBe(400);
    expect(keep.json().errors).toEqual({ municipio: BLOCKED });
    const national = await put(h.id, { tipo: 'Nacional', municipio: [] });
    expect(national.statusCode).toBe(200);
    expect(national.json()).toMatchObject({ tipo: 'Nacional', uf: null, municipio: [] });
    // Becoming a state holiday needs a state.
    expect((await put(h.id, { tipo: 'Estadual' })).json().errors).toEqual({ uf: 'Campo obrigatório' });
    expect((await put(h.id, { tipo: 'Estadual', uf: 'RJ' })).json()).toMatchObject({ tipo: 'Estadual', uf: 'RJ' });
    // Back to municipal: cities needed.
    expect((await put(h.id, { tipo: 'Municipal' })).json().errors).toEqual({ municipio: NEED_CITY });
    expect((await put(h.id, { tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO] })).json()).toMatchObject({ municipio: [SAO_PAULO] });
    // A change of name only keeps the record valid.
    expect((await put(h.id, { nome: 'Nossa Senhora Aparecida' })).statusCode).toBe(200);
    // A refused write changed nothing.
    expect((await t.inject(`/api/holidays/${h.id}`)).json()).toMatchObject({ nome: 'Nossa Senhora Aparecida', tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO] });
  });

  it('every write is in the history', async () => {
    const h = (await post({ nome: 'Carnaval', data: '02-17', tipo: 'Nacional' })).json();
    await put(h.id, { ativo: false });
    const history = (await t.inject(`/api/holidays/${h.id}/history`)).json();
    expect(history.map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'INSERT']);
    expect(history[0].new_data.ativo).toBe(false);
  });

  it('lists sorted by date and filtered by type, state and city', async () => {
    const list = await t.inject(`/api/holidays?${qs({ sort: ['data', 'ASC'], range: [0, 99] })}`);
    const dates = list.json().map((h: { data: string }) => h.data);
    expect(dates).toEqual([...dates].sort());
    const sp = (await t.inject(`/api/holidays?${qs({ filter: { tipo: 'Estadual', uf: 'SP' } })}`)).json();
    expect(sp.map((h: { nome: string }) => h.nome)).toEqual(['Revolução Constitucionalista']);
    const campinas = (await t.inject(`/api/holidays?${qs({ filter: { municipio: CAMPINAS } })}`)).json();
    expect(campinas.map((h: { nome: string }) => h.nome)).toEqual(['Aniversário de São Paulo']);
  });

  it('GraphQL writes follow the same rules', async () => {
    const gql = (query: string, variables?: object) => t.inject({ method: 'POST', url: '/v1/graphql', payload: { query, variables } });
    const refused = (await gql('mutation ($o: rh_feriado_insert_input!) { insert_rh_feriado_one(object: $o) { id } }', {
      o: { nome: 'Feriado', data: '11-20', tipo: 'Estadual', uf: 'SP', municipio: [SAO_PAULO] },
    })).json();
    expect(JSON.stringify(refused.errors)).toContain(BLOCKED);
    const ok = (await gql('mutation ($o: rh_feriado_insert_input!) { insert_rh_feriado_one(object: $o) { id uf municipio } }', {
      o: { nome: 'Consciência Negra', data: '11-20', tipo: 'Nacional', uf: 'SP' },
    })).json();
    expect(ok.data.insert_rh_feriado_one).toMatchObject({ uf: null, municipio: [] });
  });
});

describe('one-off holidays keep their year', () => {
  it('a holiday without yearly recurrence falls only in its year (this year unless given); a recurring one has none', async () => {
    const thisYear = new Date().getFullYear();
    const plain = await post({ nome: 'Ponto facultativo', data: '06-19', tipo: 'Nacional', recorrencia_anual: false });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().ano).toBe(thisYear);
    // Registered now for January of next year: it falls then, not this January.
    const next = await post({ nome: 'Posse municipal', data: '01-02', tipo: 'Nacional', recorrencia_anual: false, ano: thisYear + 1 });
    expect(next.json()).toMatchObject({ recorrencia_anual: false, ano: thisYear + 1 });
    const calendar = async (ano: number) =>
      ((await t.inject(`/v1/calendario?ano=${ano}&mes=1`)).json().feriados as { nome: string }[]).map((f) => f.nome);
    expect(await calendar(thisYear + 1)).toContain('Posse municipal');
    expect(await calendar(thisYear)).not.toContain('Posse municipal');
    // Becoming recurring drops the year; it then falls every year.
    const recurring = await put(next.json().id, { recorrencia_anual: true });
    expect(recurring.json()).toMatchObject({ recorrencia_anual: true, ano: null });
    expect(await calendar(thisYear)).toContain('Posse municipal');
    expect((await post({ nome: 'Ano ruim', data: '01-03', tipo: 'Nacional', recorrencia_anual: false, ano: 1500 })).statusCode).toBe(400);
  });
});

describe('holidays and categories: rights', () => {
  it('leitor and solicitante read; the group\'s holidays and news categories are written by gestor only; others are refused', async () => {
    const leitor = bearer(await t.userToken({ papeis: ['rh:leitor'] }));
    const solicitante = bearer(await t.userToken({ papeis: ['rh:solicitante'] }));
    const gestor = bearer(await t.userToken({ papeis: ['rh:gestor'] }));
    const outsider = bearer(await t.userToken({ papeis: ['vendas:gestor'] }));
    const body = { nome: 'Dia do Trabalho', data: '05-01', tipo: 'Nacional' };
    expect((await t.app.inject({ url: '/api/holidays', headers: leitor })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/holidays' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/holidays', headers: outsider })).statusCode).toBe(403);
    expect((await post(body, leitor)).statusCode).toBe(403);
    // A holiday holds for every provider of the group: a requester does not add, change or remove one.
    expect((await t.app.inject({ url: '/api/holidays', headers: solicitante })).statusCode).toBe(200);
    const refused = await post(body, solicitante);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    const created = await post(body, gestor);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/holidays/${id}`, headers: solicitante, payload: { ativo: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/holidays/${id}`, headers: solicitante })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/holidays/${id}`, headers: gestor })).statusCode).toBe(200);
    for (const who of [leitor, solicitante]) {
      const cat = await t.app.inject({ method: 'POST', url: '/api/categories', headers: who, payload: { titulo: 'Avisos' } });
      expect(cat.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/categories', headers: gestor, payload: { titulo: 'Avisos' } })).statusCode).toBe(201);
  });
});

describe('categories', () => {
  it('titulo required, color as #rrggbb with a default, unique title', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: 'Comunicados', icone: 'campaign' } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ titulo: 'Comunicados', icone: 'campaign', color: '#1976d2', ativo: true });
    const bad = await t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: 'X', color: 'azul' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ titulo: 'Utilize no mínimo 2 caracteres.', color: 'Cor inválida' });
    const dup = await t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: 'comunicados', color: '#fff' } });
    expect(dup.statusCode).toBe(409);
    expect(t.app.registry.get('categories')!.block.list.view).toBe('cards');
    expect(t.app.registry.get('categories')!.path).toBe('/categories');
    expect(t.app.registry.get('holidays')!.path).toBe('/holidays');
  });
});
