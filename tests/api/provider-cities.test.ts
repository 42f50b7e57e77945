// A provider city is a municipality of the IBGE list in its state, on every way in (REST create and
// update, GraphQL, POST v1/cidade/provedor, the replacement of a provider's cities): any other name
// ('abc', an SQL fragment, a city of another state) is refused with 400 on the name and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

const NOT_MUNICIPALITY = 'Cidade não encontrada na lista de municípios do IBGE para a UF informada.';

let t: TestApp;
let provider: number;

const citiesOf = async (id: number) =>
  (await t.db.query<{ nome: string; uf: string }>('SELECT nome, uf FROM rh.cidade_provedor WHERE id_empresa = $1 ORDER BY nome', [id])).rows;

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Provedor das Cidades' } })).json().id;
});
afterAll(() => t?.close());

describe('provider cities are IBGE municipalities of their state', () => {
  it('POST /api/cities refuses names that are not a municipality of the state, with a pt-BR message on the name', async () => {
    for (const [nome, uf] of [['abc', 'MG'], ["' OR 1=1 --", 'SP'], ['Campinas', 'MG'], ['Belo Horizonte ', 'SP'], ['São Paulo SP', 'SP'], ['<b>Recife</b>', 'PE']]) {
      const r = await t.inject({ method: 'POST', url: '/api/cities', payload: { nome, uf, id_empresa: provider } });
      expect(r.statusCode, nome).toBe(400);
      expect(r.json().errors, nome).toEqual({ nome: NOT_MUNICIPALITY });
    }
    expect(await citiesOf(provider)).toEqual([]);
  });

  it('accepts a municipality written without accents or in another case, stored with the IBGE spelling', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/cities', payload: { nome: 'MOGI DAS CRUZES', uf: 'SP', id_empresa: provider } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ nome: 'Mogi das Cruzes', uf: 'SP' });
    const apostrophe = await t.inject({ method: 'POST', url: '/api/cities', payload: { nome: 'olho d’agua das flores', uf: 'AL', id_empresa: provider } });
    expect(apostrophe.statusCode, apostrophe.body).toBe(201);
    expect(apostrophe.json().nome).toBe("Olho d'Água das Flores");
  });

  it('PUT refuses a rename, or a change of state, that leaves no municipality; the record stays as it was', async () => {
    const city = (await t.inject({ method: 'POST', url: '/api/cities', payload: { nome: 'Uberlândia', uf: 'MG', id_empresa: provider } })).json();
    const renamed = await t.inject({ method: 'PUT', url: `/api/cities/${city.id}`, payload: { nome: 'Cidade Inventada' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({ nome: NOT_MUNICIPALITY });
    const moved = await t.inject({ method: 'PUT', url: `/api/cities/${city.id}`, payload: { uf: 'RJ' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ nome: NOT_MUNICIPALITY });
    expect((await t.inject(`/api/cities/${city.id}`)).json()).toMatchObject({ nome: 'Uberlândia', uf: 'MG' });
    // A change that keeps a municipality is fine; so is one that does not touch the name.
    expect((await t.inject({ method: 'PUT', url: `/api/cities/${city.id}`, payload: { nome: 'uberaba' } })).json()).toMatchObject({ nome: 'Uberaba' });
    expect((await t.inject({ method: 'PUT', url: `/api/cities/${city.id}`, payload: { ativo: false } })).statusCode).toBe(200);
  });

  it('GraphQL inserts are refused the same way', async () => {
    const r = await t.inject({
      method: 'POST',
      url: '/v1/graphql',
      payload: {
        query: 'mutation ($o: rh_cidade_provedor_insert_input!) { insert_rh_cidade_provedor_one(object: $o) { id } }',
        variables: { o: { nome: 'Gotham', uf: 'RJ', id_empresa: provider } },
      },
    });
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: { nome: NOT_MUNICIPALITY } });
    expect((await citiesOf(provider)).map((c) => c.nome)).not.toContain('Gotham');
  });

  it('POST v1/cidade/provedor refuses an unknown name', async () => {
    const r = await t.inject({ method: 'POST', url: '/v1/cidade/provedor', payload: { nome: 'abc', uf: 'CE', id_empresa: provider } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ nome: NOT_MUNICIPALITY });
    const ok = await t.inject({ method: 'POST', url: '/v1/cidade/provedor', payload: { nome: 'juazeiro do norte', uf: 'CE', id_empresa: provider } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().insert_rh_cidade_provedor_one).toMatchObject({ nome: 'Juazeiro do Norte', uf: 'CE' });
  });

  it('the replacement of a provider\'s cities names each unknown city and changes nothing', async () => {
    const other = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Provedor Substituto' } })).json().id;
    const replace = (objects: unknown[]) => t.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', payload: { id_empresa: other, objects } });
    expect((await replace([{ nome: 'Sobral', uf: 'CE' }])).statusCode).toBe(200);
    const r = await replace([{ nome: 'Fortaleza', uf: 'CE' }, { nome: "' OR 1=1 --", uf: 'CE' }, { nome: 'Sobral', uf: 'PI' }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ 'objects.1.nome': NOT_MUNICIPALITY, 'objects.2.nome': NOT_MUNICIPALITY });
    expect(await citiesOf(other)).toEqual([{ nome: 'Sobral', uf: 'CE' }]);
  });
});
