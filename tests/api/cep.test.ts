// CEP lookup (foundation document, sections 4, 7 and 8) against a small ViaCEP-compatible server of
// the test's own (no internet): found, unknown, malformed, service failing, slow and down; and
// POST /v1/createCity creating the city of a CEP among a provider's cities once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupCep } from '../../src/server/geo/cep.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { answerJson, startCepService, type CepService } from '../helpers/cepService.js';

const NOT_FOUND = 'CEP não encontrado, tente novamente';
const UNAVAILABLE = 'Serviço de CEP indisponível no momento. Preencha o endereço manualmente.';

const ADDRESSES: Record<string, object> = {
  '01001000': {
    cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', unidade: '', bairro: 'Sé',
    localidade: 'São Paulo', uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107',
  },
  '13015904': { cep: '13015-904', logradouro: 'Avenida Francisco Glicério', complemento: '', bairro: 'Centro', localidade: 'Campinas', uf: 'SP', ibge: '3509502' },
  // A service that spells the city its own way still lands on the IBGE name.
  '30130010': { cep: '30130-010', logradouro: 'Praça Sete de Setembro', complemento: '', bairro: 'Centro', localidade: 'BELO HORIZONTE', uf: 'MG', ibge: '' },
};

let service: CepService;
let serviceUrl: string;
let requested: string[];
let t: TestApp;

beforeAll(async () => {
  service = await startCepService(ADDRESSES, (cep, res) => {
    const json = (status: number, body: unknown) => (answerJson(res, status, body), true);
    if (ADDRESSES[cep]) return false;
    if (cep === '99999999') return json(200, { erro: 'true' });
    if (cep === '88888888') return json(200, { erro: true });
    if (cep === '12345678') return json(400, '<h1>Http 400</h1>');
    if (cep === '50000000') return json(500, 'erro interno');
    if (cep === '40000000') return json(200, '<html>manutenção</html>');
    if (cep === '41000000') return json(200, { cep: '41000-000', logradouro: 'Rua', localidade: 'Lugar', uf: 'ZZ' });
    if (cep === '30000000') return true; // never answers
    return json(404, {});
  });
  serviceUrl = service.url;
  requested = service.requested;
  t = await testApp({ config: { cepServiceUrl: serviceUrl } });
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});

const cep = (value: string, headers?: Record<string, string>) =>
  headers ? t.app.inject({ url: `/v1/cep/${value}`, headers }) : t.inject({ url: `/v1/cep/${value}` });

async function provider(nome: string) {
  return (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } })).json().id as number;
}

describe('GET /v1/cep/{cep}', () => {
  it('answers the address of a known CEP, with or without the dash, from the configured service', async () => {
    const r = await cep('01001-000');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      cep: '01001-000', endereco: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', cidade: 'São Paulo', estado: 'SP', ibge: 3550308, city_id: null,
    });
    expect((await cep('01001000')).json().cidade).toBe('São Paulo');
    // The city is named as the municipality list spells it, as a contracting company stores it.
    expect((await cep('30130-010')).json()).toMatchObject({ cidade: 'Belo Horizonte', estado: 'MG' });
    expect(requested).toContain('/ws/01001000/json/');
  });

  it('unknown CEP: 404 with the spec text', async () => {
    for (const code of ['99999-999', '88888888', '12345-678', '77777-777']) {
      const r = await cep(code);
      expect(r.statusCode, code).toBe(404);
      expect(r.json().message, code).toBe(NOT_FOUND);
    }
    // An answer with no valid state is no address either.
    expect((await cep('41000-000')).statusCode).toBe(404);
  });

  it('malformed CEP: 400 "CEP invalido", the service is not asked', async () => {
    const before = requested.length;
    for (const code of ['0100100', '01001-0000', 'abcde-fgh', '01001_000', '%20']) {
      const r = await cep(encodeURIComponent(code));
      expect(r.statusCode, code).toBe(400);
      expect(r.json().message, code).toBe('CEP invalido');
    }
    expect(requested.length).toBe(before);
  });

  it('a failing service: 503 with a clear message', async () => {
    for (const code of ['50000-000', '40000-000']) {
      const r = await cep(code);
      expect(r.statusCode, code).toBe(503);
      expect(r.json()).toMatchObject({ message: UNAVAILABLE, code: 'CepServiceUnavailable' });
    }
  });

  it('a slow service: unavailable after the timeout', async () => {
    const started = Date.now();
    await expect(lookupCep('30000-000', { url: serviceUrl, timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 503, message: UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/v1/cep/01001-000' })).statusCode).toBe(401);
    // Any signed-in user may look an address up (the 'user' right), unless the call acts as guest.
    const noRoles = await t.userToken({ papeis: [] });
    expect((await cep('01001-000', bearer(noRoles))).statusCode).toBe(200);
    expect((await cep('01001-000', bearer(noRoles, 'guest'))).statusCode).toBe(403);
    const user = await t.userToken({ papeis: ['user'] });
    expect((await cep('01001-000', bearer(user))).statusCode).toBe(200);
    // A role header that is not the user's own is refused.
    expect((await cep('01001-000', bearer(user, 'rh:gestor'))).statusCode).toBe(403);
  });
});

describe('POST /v1/createCity', () => {
  it('creates the city of the CEP among the provider\'s cities once, and answers criaCidade', async () => {
    const bitcom = await provider('Bitcom');
    const r = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '01001-000', id_empresa: bitcom } });
    expect(r.statusCode).toBe(200);
    const { criaCidade } = r.json();
    expect(criaCidade).toEqual({ address: 'Praça da Sé', code: '01001-000', district: 'Sé', state: 'SP', city: 'São Paulo', city_id: expect.any(Number) });
    const again = (await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '01001000', id_empresa: bitcom } })).json();
    expect(again.criaCidade.city_id).toBe(criaCidade.city_id);
    const cities = (await t.inject(`/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: bitcom }))}`)).json();
    expect(cities).toEqual([expect.objectContaining({ id: criaCidade.city_id, nome: 'São Paulo', uf: 'SP', id_empresa: bitcom, ativo: true })]);
    // Audited, in the name of the caller.
    const history = (await t.inject(`/api/cities/${criaCidade.city_id}/history`)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ operacao: 'INSERT', id_usuario: expect.any(Number) });
    // The lookup now knows the city for that provider.
    expect((await cep(`01001-000?id_empresa=${bitcom}`)).json().city_id).toBe(criaCidade.city_id);
    // The IBGE spelling wins over the service's.
    const bh = (await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '30130-010', id_empresa: bitcom } })).json();
    expect(bh.criaCidade).toMatchObject({ city: 'Belo Horizonte', state: 'MG' });
  });

  it('takes the user\'s first provider when none is sent, and keeps to the user\'s providers', async () => {
    const a = await provider('Vetorial');
    const b = await provider('RazãoInfo');
    const solicitante = bearer(await t.userToken({ papeis: ['rh:solicitante'], id_empresas: [a] }));
    const mine = await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: solicitante, payload: { cep: '13015-904' } });
    expect(mine.statusCode).toBe(200);
    const city = (await t.inject(`/api/cities/${mine.json().criaCidade.city_id}`)).json();
    expect(city).toMatchObject({ nome: 'Campinas', uf: 'SP', id_empresa: a });
    const other = await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: solicitante, payload: { cep: '13015-904', id_empresa: b } });
    expect(other.statusCode).toBe(403);
    expect((await t.inject(`/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: b }))}`)).json()).toEqual([]);
    // A reader finds an existing city but cannot create one.
    const leitor = bearer(await t.userToken({ papeis: ['rh:leitor'], id_empresas: [a] }));
    expect((await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: leitor, payload: { cep: '13015-904' } })).json().criaCidade.city_id).toBe(city.id);
    expect((await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: leitor, payload: { cep: '01001-000' } })).statusCode).toBe(403);
    // Without a token: refused. A role of another module finds an existing city (every module's
    // records name the provider cities: the events' city) but creates none.
    expect((await t.app.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '13015-904' } })).statusCode).toBe(401);
    const vendas = bearer(await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [a] }));
    expect((await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: vendas, payload: { cep: '13015-904' } })).json().criaCidade.city_id).toBe(city.id);
    expect((await t.app.inject({ method: 'POST', url: '/v1/createCity', headers: vendas, payload: { cep: '01001-000' } })).statusCode).toBe(403);
  });

  it('a superadmin linked to no provider must name one', async () => {
    const r = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '01001-000' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ id_empresa: 'Campo obrigatório' });
    const missing = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '01001-000', id_empresa: 999999 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ id_empresa: 'O registro relacionado não foi encontrado.' });
  });

  it('unknown CEP, failing service or malformed input: nothing created, never a 500', async () => {
    const p = await provider('Provedor Teste');
    const count = async () => (await t.inject(`/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: p }))}`)).json().length;
    const unknown = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '99999-999', id_empresa: p } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOT_FOUND);
    const failing = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '50000-000', id_empresa: p } });
    expect(failing.statusCode).toBe(503);
    for (const payload of [[], 'x', {}, { cep: null }, { cep: {} }, { cep: 1001000 }, { cep: '01001-000', id_empresa: 'abc' }, { cep: '01001-000', id_empresa: -1 }, { cep: ['01001-000'] }]) {
      const r = await t.inject({ method: 'POST', url: '/v1/createCity', payload: payload as object });
      expect(r.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '0100' } })).json().message).toBe('CEP invalido');
    expect(await count()).toBe(0);
  });
});

describe('the address service down', () => {
  it('answers 503 with the clear message', async () => {
    await service.close();
    const r = await cep('01001-000');
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toBe(UNAVAILABLE);
    const create = await t.inject({ method: 'POST', url: '/v1/createCity', payload: { cep: '01001-000', id_empresa: 1 } });
    expect(create.statusCode).toBe(503);
  });
});

describe('contracting companies: the address city as the municipality list spells it', () => {
  it('stores the IBGE spelling of the city of its state', async () => {
    const id_empresa = await provider('Conecta Cidades');
    const r = await t.inject({
      method: 'POST',
      url: '/api/contracting-companies',
      payload: { razao_social: 'Conecta LTDA', nome_fantasia: 'Conecta', cnpj: '11.222.333/0001-81', id_empresa, cidade: 'BELO HORIZONTE', estado: 'MG' },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ cidade: 'Belo Horizonte', estado: 'MG' });
    const moved = await t.inject({ method: 'PUT', url: `/api/contracting-companies/${r.json().id}`, payload: { cidade: 'sao paulo', estado: 'SP' } });
    expect(moved.json()).toMatchObject({ cidade: 'São Paulo', estado: 'SP' });
  });
});

