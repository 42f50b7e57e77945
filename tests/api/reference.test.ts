// The documented reference reads (foundation document, section 7; HR document, section 7) answer with
// the spec's names and keep the provider scope; the provider cities are replaced in one audited
// transaction; the municipality list is searchable. Refusals by role and provider, no 500 on bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const org = {} as Record<'a' | 'b', { provider: number; department: number; sector: number; position: number; city: number; microregion: number }>;
let leitorA: Record<string, string>;
let gestorA: Record<string, string>;

async function created(url: string, payload: object) {
  const r = await t.inject({ method: 'POST', url, payload });
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
}

beforeAll(async () => {
  t = await testApp();
  for (const [key, nome] of [['a', 'Bitcom'], ['b', 'RazãoInfo']] as const) {
    const provider = await created('/api/providers', { nome });
    const department = await created('/api/departments', { nome: `Suporte ${nome}`, id_empresa: provider });
    const sector = await created('/api/sectors', { nome: `N1 ${nome}`, id_departamento: department });
    const position = await created('/api/positions', { nome: `Técnico ${nome}`, id_setor: sector, descricao: 'Atende chamados' });
    const city = await created('/api/cities', { nome: key === 'a' ? 'Uberlândia' : 'Curitiba', uf: key === 'a' ? 'MG' : 'PR', id_empresa: provider });
    const microregion = await created('/api/microregions', { nome: `Região ${nome}`, id_empresa: provider });
    org[key] = { provider, department, sector, position, city, microregion };
  }
  // A second department/sector/position in A, for the dependent selects.
  const dep2 = await created('/api/departments', { nome: 'Comercial', id_empresa: org.a.provider, ativo: false });
  const sec2 = await created('/api/sectors', { nome: 'Vendas internas', id_departamento: dep2 });
  await created('/api/positions', { nome: 'Vendedor', id_setor: sec2 });
  await created('/api/categories', { titulo: 'Comunicados', icone: 'campaign', color: '#ff0000' });
  leitorA = bearer(await t.userToken({ papeis: ['rh:leitor'], id_empresas: [org.a.provider] }));
  gestorA = bearer(await t.userToken({ papeis: ['rh:gestor'], id_empresas: [org.a.provider] }));
});
afterAll(() => t?.close());

const get = (url: string, headers?: Record<string, string>) => (headers ? t.app.inject({ url, headers }) : t.inject({ url }));
const names = (rows: { nome: string }[]) => rows.map((r) => r.nome).sort();

describe('reference reads: names out', () => {
  it('GET v1/companies: { companies: [{ id, nome, ativo }] }', async () => {
    const all = (await get('/v1/companies')).json();
    expect(all.companies).toEqual([
      { id: org.a.provider, nome: 'Bitcom', ativo: true },
      { id: org.b.provider, nome: 'RazãoInfo', ativo: true },
    ]);
    expect((await get('/v1/companies', leitorA)).json()).toEqual({ companies: [{ id: org.a.provider, nome: 'Bitcom', ativo: true }] });
  });

  it('GET v1/departamentos, v1/departamentos/empresa/{id}, v1/company/departamento/{id or name}: rh_departamento', async () => {
    const all = (await get('/v1/departamentos')).json();
    expect(Object.keys(all)).toEqual(['rh_departamento']);
    expect(names(all.rh_departamento)).toEqual(['Comercial', 'Suporte Bitcom', 'Suporte RazãoInfo']);
    expect(all.rh_departamento[0]).toMatchObject({ id: expect.any(Number), nome: expect.any(String), ativo: expect.any(Boolean), id_empresa: expect.any(Number) });
    expect(names((await get(`/v1/departamentos?ativo=true`)).json().rh_departamento)).toEqual(['Suporte Bitcom', 'Suporte RazãoInfo']);
    expect(names((await get(`/v1/departamentos/empresa/${org.b.provider}`)).json().rh_departamento)).toEqual(['Suporte RazãoInfo']);
    expect(names((await get(`/v1/company/departamento/${org.a.provider}`)).json().rh_departamento)).toEqual(['Comercial', 'Suporte Bitcom']);
    // By name, without accents or case.
    expect(names((await get(`/v1/company/departamento/${encodeURIComponent('razaoinfo')}`)).json().rh_departamento)).toEqual(['Suporte RazãoInfo']);
    expect((await get('/v1/company/departamento/Inexistente')).json()).toEqual({ rh_departamento: [] });
  });

  it('GET v1/setor and v1/setor/{provider}: rh_setor, filtered by department for dependent selects', async () => {
    const all = (await get('/v1/setor')).json();
    expect(Object.keys(all)).toEqual(['rh_setor']);
    expect(all.rh_setor).toHaveLength(3);
    expect(all.rh_setor[0]).toMatchObject({ id: expect.any(Number), nome: expect.any(String), id_departamento: expect.any(Number), ativo: true });
    expect(names((await get('/v1/setor/Bitcom')).json().rh_setor)).toEqual(['N1 Bitcom', 'Vendas internas']);
    expect(names((await get(`/v1/setor/${org.a.provider}?id_departamento=${org.a.department}`)).json().rh_setor)).toEqual(['N1 Bitcom']);
    expect(names((await get(`/v1/setor?id_departamento=${org.b.department}`)).json().rh_setor)).toEqual(['N1 RazãoInfo']);
    // A department of another provider narrows to nothing.
    expect((await get(`/v1/setor/Bitcom?id_departamento=${org.b.department}`)).json().rh_setor).toEqual([]);
  });

  it('GET v1/company/cargo/{provider}: rh_cargo with nome, id, id_setor (and the department)', async () => {
    const r = (await get('/v1/company/cargo/Bitcom')).json();
    expect(Object.keys(r)).toEqual(['rh_cargo']);
    expect(r.rh_cargo.find((c: { nome: string }) => c.nome === 'Técnico Bitcom')).toEqual({
      nome: 'Técnico Bitcom', id: org.a.position, id_setor: org.a.sector, id_departamento: org.a.department, ativo: true, descricao: 'Atende chamados',
    });
    expect(names(r.rh_cargo)).toEqual(['Técnico Bitcom', 'Vendedor']);
    expect(names((await get(`/v1/company/cargo/${org.a.provider}?id_setor=${org.a.sector}`)).json().rh_cargo)).toEqual(['Técnico Bitcom']);
    expect(names((await get(`/v1/company/cargo/Bitcom?id_departamento=${org.a.department}`)).json().rh_cargo)).toEqual(['Técnico Bitcom']);
    expect(names((await get(`/v1/company/cargo/${encodeURIComponent('RazãoInfo')}`)).json().rh_cargo)).toEqual(['Técnico RazãoInfo']);
  });

  it('GET v1/categoria, v1/empresa/cidades, v1/company/microrregiao', async () => {
    const cat = (await get('/v1/categoria', leitorA)).json();
    expect(cat).toEqual({ rh_categoria: [expect.objectContaining({ titulo: 'Comunicados', icone: 'campaign', color: '#ff0000', ativo: true })] });
    const cities = (await get('/v1/empresa/cidades')).json();
    expect(Object.keys(cities)).toEqual(['rh_cidade_provedor']);
    expect(names(cities.rh_cidade_provedor)).toEqual(['Curitiba', 'Uberlândia']);
    expect(cities.rh_cidade_provedor[0]).toMatchObject({ nome: expect.any(String), uf: expect.any(String), id_empresa: expect.any(Number), ativo: true });
    expect(names((await get(`/v1/empresa/cidades?id_empresa=${org.b.provider}`)).json().rh_cidade_provedor)).toEqual(['Curitiba']);
    const micro = (await get('/v1/company/microrregiao')).json();
    expect(names(micro.rh_microrregiao)).toEqual(['Região Bitcom', 'Região RazãoInfo']);
  });
});

describe('reference reads: provider scope and refusals', () => {
  it('a user of provider A never sees provider B\'s rows', async () => {
    const as = (url: string) => get(url, leitorA).then((r) => r.json());
    expect(names((await as('/v1/departamentos')).rh_departamento)).toEqual(['Comercial', 'Suporte Bitcom']);
    expect((await as(`/v1/departamentos/empresa/${org.b.provider}`)).rh_departamento).toEqual([]);
    expect((await as(`/v1/departamentos?id_empresa=${org.b.provider}`)).rh_departamento).toEqual([]);
    expect((await as('/v1/company/departamento/RazãoInfo')).rh_departamento).toEqual([]);
    expect(names((await as('/v1/setor')).rh_setor)).toEqual(['N1 Bitcom', 'Vendas internas']);
    expect((await as(`/v1/setor/${org.b.provider}`)).rh_setor).toEqual([]);
    expect((await as(`/v1/setor?id_departamento=${org.b.department}`)).rh_setor).toEqual([]);
    expect((await as(`/v1/company/cargo/${org.b.provider}`)).rh_cargo).toEqual([]);
    expect(names((await as('/v1/empresa/cidades')).rh_cidade_provedor)).toEqual(['Uberlândia']);
    expect((await as(`/v1/empresa/cidades?id_empresa=${org.b.provider}`)).rh_cidade_provedor).toEqual([]);
    expect(names((await as('/v1/company/microrregiao')).rh_microrregiao)).toEqual(['Região Bitcom']);
  });

  it('staff of any module may read (the selects of every area); users, guests and no token may not', async () => {
    const urls = ['/v1/companies', '/v1/departamentos', `/v1/departamentos/empresa/${org.a.provider}`, '/v1/company/departamento/Bitcom', '/v1/setor', '/v1/setor/Bitcom', '/v1/company/cargo/Bitcom', '/v1/categoria', '/v1/empresa/cidades', '/v1/company/microrregiao'];
    const onboarding = bearer(await t.userToken({ papeis: ['onboarding:solicitante'], id_empresas: [org.a.provider] }), 'onboarding:solicitante');
    const candidate = bearer(await t.userToken({ papeis: ['user'], id_empresas: [org.a.provider] }));
    const guest = bearer(await t.userToken({ papeis: [], id_empresas: [org.a.provider] }));
    const notMine = bearer(await t.userToken({ papeis: ['rh:leitor'], id_empresas: [org.a.provider] }), 'rh:gestor');
    const actingAsUser = bearer(await t.userToken({ papeis: ['rh:gestor', 'user'], id_empresas: [org.a.provider] }), 'user');
    for (const url of urls) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, onboarding)).statusCode, url).toBe(200);
      for (const [who, headers] of [['candidate', candidate], ['guest', guest], ['header not theirs', notMine], ['acting as user', actingAsUser]] as const) {
        const r = await get(url, headers);
        expect(r.statusCode, `${url} ${who}`).toBe(403);
        expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
      }
    }
    // A superadmin acting with a module role keeps that role's scope.
    const both = bearer(await t.userToken({ papeis: ['users:superadmin', 'rh:leitor'], id_empresas: [org.a.provider] }), 'rh:leitor');
    expect((await get('/v1/companies', both)).json().companies).toHaveLength(1);
  });

  it('malformed input: 400, never a 500', async () => {
    for (const url of [
      '/v1/departamentos?id_empresa=abc',
      '/v1/departamentos?ativo=talvez',
      '/v1/setor?id_departamento=-1',
      '/v1/setor?id_departamento=99999999999',
      `/v1/company/cargo/Bitcom?id_setor=x`,
      '/v1/empresa/cidades?id_empresa=1.5',
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
    }
    // A path parameter longer than the router takes: 414.
    expect((await get(`/v1/company/cargo/${'x'.repeat(300)}`)).statusCode).toBe(414);
    for (const url of ['/v1/setor/%00', '/v1/company/cargo/%27%3B%20drop%20table', '/v1/departamentos/empresa/99999999999', '/v1/company/departamento/%F0%9F%98%80']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(Object.values(r.json())[0], url).toEqual([]);
    }
  });
});

describe('municipality list: GET /v1/municipios', () => {
  it('answers { municipios: [{ ID, label, Estado, uf, ibge }] }, searchable without accents, by state', async () => {
    const r = (await get('/v1/municipios?q=sao%20jose%20dos%20campos')).json();
    expect(r.municipios).toEqual([{ ID: expect.stringMatching(/^\d+$/), label: 'São José dos Campos', Estado: '26', uf: 'SP', ibge: 3549904 }]);
    expect(r.total).toBe(1);
    const mg = (await get('/v1/municipios?uf=MG&limit=6000')).json();
    expect(mg.municipios.length).toBe(mg.total);
    expect(mg.total).toBeGreaterThan(850);
    expect(mg.municipios.every((m: { uf: string; Estado: string }) => m.uf === 'MG' && m.Estado === '11')).toBe(true);
    const ids = mg.municipios.map((m: { ID: string }) => Number(m.ID));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await get('/v1/municipios')).json().municipios).toHaveLength(100);
    expect((await get('/v1/municipios?ibge=3550308,3106200')).json().municipios.map((m: { label: string }) => m.label)).toEqual(['Belo Horizonte', 'São Paulo']);
    expect((await get('/v1/municipios?uf=sp&q=campinas')).json().municipios[0].label).toBe('Campinas');
  });

  it('any signed-in user; bad parameters are 400', async () => {
    expect((await t.app.inject({ url: '/v1/municipios?q=recife' })).statusCode).toBe(401);
    const candidate = bearer(await t.userToken({ papeis: ['user'] }));
    expect((await get('/v1/municipios?q=recife', candidate)).json().municipios[0]).toMatchObject({ label: 'Recife', uf: 'PE' });
    for (const url of ['/v1/municipios?uf=XX', '/v1/municipios?limit=0', '/v1/municipios?limit=abc', '/v1/municipios?limit=100000', '/v1/municipios?ibge=abc', '/v1/municipios?offset=-1', `/v1/municipios?q=${'a'.repeat(200)}`]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
    }
    expect((await get('/v1/municipios?uf=XX')).json().errors).toEqual({ uf: 'Opção inválida' });
  });
});

describe('provider cities', () => {
  const replace = (payload: unknown, headers = gestorA) =>
    t.app.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', headers, payload: payload as object });
  const citiesOf = async (provider: number) =>
    (await get(`/v1/empresa/cidades?id_empresa=${provider}`)).json().rh_cidade_provedor as { id: number; nome: string; uf: string; ativo: boolean }[];

  it('POST v1/delete/insert/cidades/provedor replaces a provider\'s cities, keeping the ids of those kept', async () => {
    const first = await replace({ id_empresa: org.a.provider, objects: [{ nome: 'uberlandia', uf: 'MG' }, { nome: 'sao paulo', uf: 'SP' }, { nome: 'Campinas', uf: 'SP' }] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ delete_rh_cidade_provedor: { affected_rows: 0 }, insert_rh_cidade_provedor: { affected_rows: 2 } });
    // Names as the IBGE list spells them; Uberlândia kept its id.
    expect(first.json().rh_cidade_provedor.map((c: { nome: string }) => c.nome)).toEqual(['Campinas', 'São Paulo', 'Uberlândia']);
    expect((await citiesOf(org.a.provider)).find((c) => c.nome === 'Uberlândia')!.id).toBe(org.a.city);
    const campinas = (await citiesOf(org.a.provider)).find((c) => c.nome === 'Campinas')!;
    const saoPaulo = (await citiesOf(org.a.provider)).find((c) => c.nome === 'São Paulo')!;

    const second = await replace({ id_empresa: org.a.provider, objects: [{ nome: 'Campinas', uf: 'SP', ativo: false }, { nome: 'Belo Horizonte', uf: 'MG' }, { nome: 'Belo Horizonte', uf: 'MG' }] });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ delete_rh_cidade_provedor: { affected_rows: 2 }, insert_rh_cidade_provedor: { affected_rows: 1 } });
    const now = await citiesOf(org.a.provider);
    expect(now.map((c) => [c.nome, c.uf, c.ativo])).toEqual([['Belo Horizonte', 'MG', true], ['Campinas', 'SP', false]]);
    expect(now.find((c) => c.nome === 'Campinas')!.id).toBe(campinas.id);
    // Provider B untouched.
    expect((await citiesOf(org.b.provider)).map((c) => c.nome)).toEqual(['Curitiba']);
    // Audited: the deleted city's history ends with its DELETE, the kept one has its UPDATE.
    const log = async (id: number) =>
      (await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.cidade_provedor', id_item: id } })).json();
    expect((await t.db.query(`SELECT operacao FROM admin.log WHERE tabelas = 'rh.cidade_provedor' AND id_item = $1 ORDER BY id`, [String(saoPaulo.id)])).rows.map((r) => r.operacao)).toEqual(['INSERT', 'DELETE']);
    expect((await log(campinas.id)).map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'INSERT']);

    const cleared = await replace({ id_empresa: org.a.provider, objects: [] });
    expect(cleared.json()).toMatchObject({ delete_rh_cidade_provedor: { affected_rows: 2 }, rh_cidade_provedor: [] });
  });

  it('an invalid object refuses the whole call, naming it', async () => {
    await replace({ id_empresa: org.a.provider, objects: [{ nome: 'Uberaba', uf: 'MG' }] });
    const r = await replace({ id_empresa: org.a.provider, objects: [{ nome: 'Araxá', uf: 'MG' }, { nome: 'X', uf: 'ZZ' }, 'texto', { nome: 'Patos de Minas', uf: 'MG', id_empresa: org.b.provider }] });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({
      'objects.1.nome': 'Utilize no mínimo 2 caracteres.',
      'objects.1.uf': 'Opção inválida',
      'objects.2': 'Valor inválido',
      'objects.3.id_empresa': 'Opção inválida',
    });
    expect((await citiesOf(org.a.provider)).map((c) => c.nome)).toEqual(['Uberaba']);
    for (const payload of [{}, [], 'x', { id_empresa: 'a', objects: [] }, { id_empresa: org.a.provider }, { id_empresa: org.a.provider, objects: {} }, { id_empresa: 99999, objects: [] }]) {
      const bad = await t.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', payload: payload as object });
      // A bare string is sent as text/plain: 415; everything else 400.
      expect(bad.statusCode, JSON.stringify(payload)).toBe(payload === 'x' ? 415 : 400);
    }
    expect((await citiesOf(org.a.provider)).map((c) => c.nome)).toEqual(['Uberaba']);
  });

  it('only within one\'s providers, and only with the rights to create and delete cities', async () => {
    const other = await replace({ id_empresa: org.b.provider, objects: [] });
    expect(other.statusCode).toBe(403);
    expect((await citiesOf(org.b.provider)).map((c) => c.nome)).toEqual(['Curitiba']);
    const solicitante = bearer(await t.userToken({ papeis: ['rh:solicitante'], id_empresas: [org.a.provider] }));
    expect((await replace({ id_empresa: org.a.provider, objects: [] }, solicitante)).statusCode).toBe(403);
    expect((await replace({ id_empresa: org.a.provider, objects: [] }, leitorA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', payload: { id_empresa: org.a.provider, objects: [] } })).statusCode).toBe(401);
    expect((await citiesOf(org.a.provider)).map((c) => c.nome)).toEqual(['Uberaba']);
  });

  it('POST v1/cidade/provedor adds one city (flat or as object); duplicates and other providers refused', async () => {
    const add = (payload: unknown, headers = gestorA) => t.app.inject({ method: 'POST', url: '/v1/cidade/provedor', headers, payload: payload as object });
    const r = await add({ nome: 'araxa', uf: 'MG', id_empresa: org.a.provider });
    expect(r.statusCode).toBe(200);
    expect(r.json().insert_rh_cidade_provedor_one).toMatchObject({ id: expect.any(Number), nome: 'Araxá', uf: 'MG', id_empresa: org.a.provider, ativo: true });
    const wrapped = await add({ object: { nome: 'Patos de Minas', uf: 'MG', id_empresa: org.a.provider, ativo: false } });
    expect(wrapped.json().insert_rh_cidade_provedor_one).toMatchObject({ nome: 'Patos de Minas', ativo: false });
    const dup = await add({ nome: 'ARAXÁ', uf: 'MG', id_empresa: org.a.provider });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Esta cidade já está cadastrada para este provedor.', errors: { nome: 'Esta cidade já está cadastrada para este provedor.' } });
    expect((await add({ nome: 'Londrina', uf: 'PR', id_empresa: org.b.provider })).statusCode).toBe(403);
    expect((await add({ nome: 'Curitiba', uf: 'PR', id_empresa: org.b.provider })).statusCode).toBe(403);
    expect((await add({ nome: 'Londrina', uf: 'PR', id_empresa: org.a.provider }, leitorA)).statusCode).toBe(403);
    const invalid = await add({ nome: 'L', uf: 'PR' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ nome: 'Utilize no mínimo 2 caracteres.', id_empresa: 'Campo obrigatório' });
    for (const payload of [[], 'x', { object: 'x' }, { nome: 1, uf: 2, id_empresa: 'a' }]) {
      const bad = await add(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(payload === 'x' ? 415 : 400);
    }
  });
});

describe('cities through the generic API (POST/PUT /api/cities)', () => {
  const post = (payload: object, headers?: Record<string, string>) =>
    headers ? t.app.inject({ method: 'POST', url: '/api/cities', headers, payload }) : t.inject({ method: 'POST', url: '/api/cities', payload });

  it('stores the IBGE spelling and refuses a second city of the same name and state for a provider', async () => {
    const r = await post({ nome: 'sao joao del rei', uf: 'MG', id_empresa: org.a.provider });
    expect(r.statusCode).toBe(201);
    expect(r.json().nome).toBe('São João del Rei');
    for (const nome of ['São João del Rei', 'SAO JOAO DEL REI', ' são joão del rei ']) {
      const dup = await post({ nome, uf: 'MG', id_empresa: org.a.provider });
      expect(dup.statusCode, nome).toBe(409);
      expect(dup.json()).toEqual({ message: 'Esta cidade já está cadastrada para este provedor.', errors: { nome: 'Esta cidade já está cadastrada para este provedor.' } });
    }
    // Another provider, or another state with a city of that name, may have it.
    expect((await post({ nome: 'São João del Rei', uf: 'MG', id_empresa: org.b.provider })).statusCode).toBe(201);
    expect((await post({ nome: 'Bom Jesus', uf: 'PI', id_empresa: org.a.provider })).statusCode).toBe(201);
    expect((await post({ nome: 'bom jesus', uf: 'RS', id_empresa: org.a.provider })).json().nome).toBe('Bom Jesus');
  });

  it('PUT cannot rename a city onto another of the provider; renaming it to itself is fine', async () => {
    expect((await post({ nome: 'Frutal', uf: 'MG', id_empresa: org.a.provider })).statusCode).toBe(201);
    const id = (await post({ nome: 'Ituiutaba', uf: 'MG', id_empresa: org.a.provider })).json().id;
    const onto = await t.inject({ method: 'PUT', url: `/api/cities/${id}`, payload: { nome: 'frutal' } });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().errors).toEqual({ nome: 'Esta cidade já está cadastrada para este provedor.' });
    const same = await t.inject({ method: 'PUT', url: `/api/cities/${id}`, payload: { nome: 'ITUIUTABA', ativo: false } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ nome: 'Ituiutaba', ativo: false });
  });

  it("another provider's cities stay unknown: 403 before any duplicate check", async () => {
    const r = await post({ nome: 'Curitiba', uf: 'PR', id_empresa: org.b.provider }, gestorA);
    expect(r.statusCode).toBe(403);
  });

  it('the database refuses a duplicate even past the service (unique index)', async () => {
    await expect(
      t.db.query(`INSERT INTO rh.cidade_provedor (nome, uf, id_empresa) VALUES ('São João del Rei', 'MG', $1)`, [org.a.provider]),
    ).rejects.toThrow();
  });
});

