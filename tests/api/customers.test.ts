// The customers' calls (the ERP boundary): the dynamic search POST /v1/relacionamento/dados_pessoas,
// the lookup GET|POST /v1/relacionamento/clientes, GET /v1/sistema and GET /v1/relacionamento/config,
// with the spec's names in and out; who may call them (roles of vendas, marketing or
// regua_comunicacao, with the area's role header) and the provider scope (a Vetorial user never sees
// Bitcom's customers: an empty answer, not an error); the generic read-only customers register and
// the superadmin's systems register; and the directory the other modules read (month-day, phone).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { buildApp } from '../../src/server/app.js';
import { customerDirectoryFor } from '../../src/server/customers/index.js';
import { importCustomers } from '../../src/server/customers/import.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const providers: Record<string, number> = {};
let vetorialReader: Record<string, string>;
let bitcomMarketing: Record<string, string>;
let bitcomCommunication: Record<string, string>;
let hrManager: Record<string, string>;
/** A user with vendas:leitor and rh:gestor of Bitcom (calls must carry the area's role). */
let twoAreas: string;

/** As the superadmin, or with these headers. */
const call = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown) =>
  headers
    ? t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
    : t.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const search = (payload: unknown, headers?: Record<string, string>) => call('POST', '/v1/relacionamento/dados_pessoas', headers, payload);
const lookup = (query: Record<string, unknown>, headers?: Record<string, string>) =>
  call('GET', `/v1/relacionamento/clientes?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers);
const codes = (rows: { cod_cliente: string }[]) => rows.map((r) => r.cod_cliente);

beforeAll(async () => {
  t = await testApp();
  for (const [provider, nome, erp] of [
    ['Bitcom', 'BITCOM', 'MK Solutions'],
    ['Vetorial', 'VETORIAL', 'SGP'],
  ]) {
    providers[provider] = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: provider } })).json().id;
    const r = await t.inject({ method: 'POST', url: '/api/systems', payload: { nome, id_empresa: providers[provider], erp } });
    expect(r.statusCode, r.body).toBe(201);
  }
  // The test's own customers, through the import (the fixture's six) plus 60 of one name for the limits.
  const report = await importCustomers(t.db, join(import.meta.dirname, '..', 'fixtures', 'customers', 'clientes-validos.csv'));
  expect(report.ok, JSON.stringify(report.errors)).toBe(true);
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, situacao)
     SELECT 'VETORIAL', $1, 'L' || n, 'L' || n, 'Cliente Limite ' || lpad(n::text, 2, '0'), 'ativo' FROM generate_series(1, 60) n`,
    [providers.Vetorial],
  );
  vetorialReader = bearer(await t.userToken({ papeis: ['vendas:leitor'], id_empresas: [providers.Vetorial] }), 'vendas:leitor');
  bitcomMarketing = bearer(await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [providers.Bitcom] }), 'marketing:gestor');
  bitcomCommunication = bearer(await t.userToken({ papeis: ['regua_comunicacao:leitor'], id_empresas: [providers.Bitcom] }), 'regua_comunicacao:leitor');
  hrManager = bearer(await t.userToken({ papeis: ['rh:gestor'], id_empresas: [providers.Bitcom] }));
  twoAreas = await t.userToken({ papeis: ['vendas:leitor', 'rh:gestor'], id_empresas: [providers.Bitcom] });
});
afterAll(() => t?.close());

describe('POST /v1/relacionamento/dados_pessoas (the dynamic search)', () => {
  it('finds by sistema and codpessoa, answering relacionamento_dados_pessoas with every field', async () => {
    const r = await search({ filtro: { sistema: 'BITCOM', codpessoa: '5001' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      relacionamento_dados_pessoas: [
        {
          id: expect.any(Number),
          sistema: 'BITCOM',
          id_empresa: providers.Bitcom,
          cod_cliente: '5001',
          codpessoa: '5001',
          nome_razaosocial: 'Maria Aparecida da Silva',
          cpf: '111.444.777-35',
          cnpj: null,
          data_nascimento: '1985-03-15',
          data_ativacao: '2021-06-03',
          data_contratacao: '2021-06-01',
          telefone: '(31) 3222-1000',
          celular: '(31) 99876-5432',
          email: 'maria@exemplo.com.br',
          cep: '30130-010',
          rua: 'Avenida Afonso Pena',
          numero: '1200',
          bairro: 'Centro',
          cidade: 'Belo Horizonte',
          uf: 'MG',
          plano: '500 Mega',
          situacao: 'ativo',
          dias_atraso: 0,
        },
      ],
    });
  });

  it('finds by CPF with or without its mask (both contracts of one person), by CNPJ digits, and by provider name or id', async () => {
    for (const cpf of ['222.555.888-46', '22255588846']) {
      expect(codes((await search({ filtro: { sistema: 'BITCOM', cpf } })).json().relacionamento_dados_pessoas)).toEqual(['5002', '5003']);
    }
    expect(codes((await search({ filtro: { sistema: 'bitcom', cpf: '11222333000181' } })).json().relacionamento_dados_pessoas)).toEqual(['5004']);
    // Hasura-style values and a flat body are read too; the provider's name or id stands for its system.
    expect(codes((await search({ filtro: { sistema: { _eq: 'Bitcom' }, codpessoa: { _eq: 5002 } } })).json().relacionamento_dados_pessoas)).toEqual(['5002', '5003']);
    expect(codes((await search({ sistema: String(providers.Vetorial), cpf: '444.777.000-83' })).json().relacionamento_dados_pessoas)).toEqual(['6001']);
    // The same code in another system is not this one.
    expect((await search({ filtro: { sistema: 'VETORIAL', codpessoa: '5001' } })).json()).toEqual({ relacionamento_dados_pessoas: [] });
    expect((await search({ filtro: { sistema: 'NAOEXISTE', codpessoa: '5001' } })).json()).toEqual({ relacionamento_dados_pessoas: [] });
  });

  it('answers 400 in pt-BR for a bad body, never 500', async () => {
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ filtro: { codpessoa: '5001' } }, 400, { 'filtro.sistema': MSG.required }],
      [{ filtro: { sistema: 'BITCOM' } }, 400, { 'filtro.codpessoa': MSG.required, 'filtro.cpf': MSG.required }],
      [{ filtro: { sistema: 'BITCOM', codpessoa: '1', senha: 'x' } }, 400, { 'filtro.senha': MSG.unknownField }],
      [{ filtro: { sistema: 'BITCOM', codpessoa: '1' }, extra: 1 }, 400, { extra: MSG.unknownField }],
      [{ filtro: { sistema: 'BITCOM', cpf: '123' } }, 400, { 'filtro.cpf': MSG.cpf }],
      [{ filtro: { sistema: 'BITCOM', cpf: { _like: '%1%' } } }, 400, { 'filtro.cpf': MSG.invalid }],
      [{ filtro: { sistema: ['BITCOM'], codpessoa: '1' } }, 400, { 'filtro.sistema': MSG.text }],
      [{ filtro: { sistema: 'BIT\u0000COM', codpessoa: '1' } }, 400, { 'filtro.sistema': MSG.invalid }],
      [{ filtro: 'BITCOM' }, 400, { filtro: MSG.invalid }],
      [{ filtro: { sistema: 'BITCOM', codpessoa: '1' }, limit: 501 }, 400, { limit: MSG.maximum(500) }],
    ];
    for (const [payload, status, errors] of cases) {
      const r = await search(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(status);
      expect(r.json().errors, JSON.stringify(payload)).toEqual(errors);
      expect(typeof r.json().message).toBe('string');
    }
    const array = await t.inject({ method: 'POST', url: '/v1/relacionamento/dados_pessoas', payload: [1, 2] as never });
    expect(array.statusCode).toBe(400);
    const broken = await t.inject({ method: 'POST', url: '/v1/relacionamento/dados_pessoas', headers: { 'content-type': 'application/json' }, payload: '{"filtro": ' });
    expect(broken.statusCode).toBe(400);
  });
});

describe('/v1/relacionamento/clientes (the lookup)', () => {
  it('GET by codpessoa, by CPF (digits), or by part of the name without accents or case', async () => {
    expect(codes((await lookup({ codpessoa: '5002' })).json().relacionamento_dados_pessoas)).toEqual(['5002', '5003']);
    expect(codes((await lookup({ cpf: '98765432100' })).json().relacionamento_dados_pessoas)).toEqual(['6002']);
    expect(codes((await lookup({ nome_razaosocial: 'JOSE DA CONCEI' })).json().relacionamento_dados_pessoas)).toEqual(['6002']);
    expect(codes((await lookup({ nome_razaosocial: 'pão dourado', sistema: 'BITCOM' })).json().relacionamento_dados_pessoas)).toEqual(['5004']);
    expect(codes((await lookup({ telefone: '+55 43 99123-4567' })).json().relacionamento_dados_pessoas)).toEqual(['6001']);
  });

  it('POST with a filtro: equal codpessoa or CPF, or nome_razaosocial like (a pattern or { _ilike })', async () => {
    const post = (payload: unknown) => call('POST', '/v1/relacionamento/clientes', undefined, payload);
    expect(codes((await post({ filtro: { cpf: { _eq: '111.444.777-35' } } })).json().relacionamento_dados_pessoas)).toEqual(['5001']);
    expect(codes((await post({ filtro: { nome_razaosocial: '%joão pedro%' } })).json().relacionamento_dados_pessoas)).toEqual(['5002', '5003']);
    expect(codes((await post({ filtro: { nome_razaosocial: { _ilike: '%CARLOS%' } } })).json().relacionamento_dados_pessoas)).toEqual(['6001']);
    expect((await post({ filtro: { nome_razaosocial: '%a%b%' } })).statusCode).toBe(400);
    expect((await post({ filtro: { nome_razaosocial: 'a' } })).json().errors).toEqual({ 'filtro.nome_razaosocial': MSG.minLength(2) });
    expect((await post({ filtro: { codpessoa: '5001' }, offset: -1 })).json().errors).toEqual({ offset: MSG.minimum(0) });
  });

  it('answers 50 by default, up to limit (at most 500), ordered by name, paged by offset', async () => {
    const all = (await lookup({ nome_razaosocial: 'cliente limite' })).json().relacionamento_dados_pessoas;
    expect(all).toHaveLength(50);
    expect(all[0].nome_razaosocial).toBe('Cliente Limite 01');
    expect(all[49].nome_razaosocial).toBe('Cliente Limite 50');
    const page = (await lookup({ nome_razaosocial: 'cliente limite', limit: 20, offset: 50 })).json().relacionamento_dados_pessoas;
    expect(page.map((c: { nome_razaosocial: string }) => c.nome_razaosocial)).toEqual(Array.from({ length: 10 }, (_, i) => `Cliente Limite ${51 + i}`));
    expect((await lookup({ nome_razaosocial: 'cliente limite', limit: 500 })).json().relacionamento_dados_pessoas).toHaveLength(60);
    expect((await lookup({ limit: 501 })).statusCode).toBe(400);
    expect((await lookup({ limit: 'muitos' })).statusCode).toBe(400);
    const unknown = await lookup({ codpessoa: '5001', senha: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ senha: MSG.unknownField });
  });
});

describe('GET /v1/sistema and GET /v1/relacionamento/config', () => {
  it('answers the systems (relacionamento_sistema), each user only their providers\'', async () => {
    const r = await t.inject('/v1/sistema');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().relacionamento_sistema).toEqual([
      { id: expect.any(Number), nome: 'BITCOM', id_empresa: providers.Bitcom, erp: 'MK Solutions', ativo: true, created_at: expect.any(String) },
      { id: expect.any(Number), nome: 'VETORIAL', id_empresa: providers.Vetorial, erp: 'SGP', ativo: true, created_at: expect.any(String) },
    ]);
    expect((await t.app.inject({ url: '/v1/sistema', headers: vetorialReader })).json().relacionamento_sistema.map((s: { nome: string }) => s.nome)).toEqual(['VETORIAL']);
    expect((await t.app.inject({ url: '/v1/sistema', headers: bitcomMarketing })).json().relacionamento_sistema.map((s: { nome: string }) => s.nome)).toEqual(['BITCOM']);
    expect((await t.inject(`/v1/sistema?id_empresa=${providers.Vetorial}`)).json().relacionamento_sistema).toHaveLength(1);
    expect((await t.app.inject({ url: '/v1/sistema', headers: hrManager })).statusCode).toBe(403);
  });

  it('tells the screens where the dynamic search is: our own by default, CUSTOMER_SEARCH_URL when set', async () => {
    expect((await t.app.inject({ url: '/v1/relacionamento/config', headers: vetorialReader })).json()).toEqual({ customerSearchUrl: '/v1/relacionamento/dados_pessoas' });
    // A second server on the same database (its tokens are valid there), configured with an ERP's search.
    const other = await buildApp({ db: t.db, config: { customerSearchUrl: 'https://erp.exemplo.com.br/busca' } });
    try {
      await other.ready();
      expect((await other.inject({ url: '/v1/relacionamento/config', headers: vetorialReader })).json()).toEqual({ customerSearchUrl: 'https://erp.exemplo.com.br/busca' });
    } finally {
      await other.close();
    }
    expect((await t.app.inject({ url: '/v1/relacionamento/config', headers: hrManager })).statusCode).toBe(403);
  });
});

describe('rights and provider scope', () => {
  it('no token: 401; no role of vendas, marketing or regua_comunicacao: 403', async () => {
    for (const [method, url] of [
      ['POST', '/v1/relacionamento/dados_pessoas'],
      ['GET', '/v1/relacionamento/clientes?codpessoa=5001'],
      ['POST', '/v1/relacionamento/clientes'],
      ['GET', '/v1/sistema'],
      ['GET', '/v1/relacionamento/config'],
    ] as const) {
      const payload = method === 'POST' ? { filtro: { sistema: 'BITCOM', codpessoa: '5001' } } : undefined;
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
      const hr = await t.app.inject({ method, url, headers: hrManager, ...(payload ? { payload } : {}) });
      expect(hr.statusCode, url).toBe(403);
      expect(hr.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    }
  });

  it('the role header must be one of the user\'s and of a customers area', async () => {
    const body = { filtro: { sistema: 'BITCOM', codpessoa: '5001' } };
    expect((await search(body, bearer(twoAreas, 'vendas:leitor'))).json().relacionamento_dados_pessoas).toHaveLength(1);
    // Without a header, the best role of the three areas acts.
    expect((await search(body, bearer(twoAreas))).statusCode).toBe(200);
    expect((await search(body, bearer(twoAreas, 'rh:gestor'))).statusCode).toBe(403);
    expect((await search(body, bearer(twoAreas, 'vendas:gestor'))).statusCode).toBe(403);
  });

  it('marketing and communication roles read their providers\' customers', async () => {
    expect(codes((await search({ filtro: { sistema: 'BITCOM', codpessoa: '5001' } }, bitcomMarketing)).json().relacionamento_dados_pessoas)).toEqual(['5001']);
    expect(codes((await lookup({ cpf: '111.444.777-35' }, bitcomCommunication)).json().relacionamento_dados_pessoas)).toEqual(['5001']);
  });

  it('a Vetorial user never sees Bitcom customers: empty answers, not errors', async () => {
    const bitcom = await search({ filtro: { sistema: 'BITCOM', codpessoa: '5001' } }, vetorialReader);
    expect(bitcom.statusCode).toBe(200);
    expect(bitcom.json()).toEqual({ relacionamento_dados_pessoas: [] });
    expect((await lookup({ cpf: '111.444.777-35' }, vetorialReader)).json()).toEqual({ relacionamento_dados_pessoas: [] });
    const everyone = (await lookup({ limit: 500 }, vetorialReader)).json().relacionamento_dados_pessoas as { sistema: string }[];
    expect(everyone).toHaveLength(62);
    expect(new Set(everyone.map((c) => c.sistema))).toEqual(new Set(['VETORIAL']));
    expect(codes((await search({ filtro: { sistema: 'VETORIAL', cpf: '444.777.000-83' } }, vetorialReader)).json().relacionamento_dados_pessoas)).toEqual(['6001']);
    // The superadmin sees every provider's.
    expect((await lookup({ limit: 500 })).json().relacionamento_dados_pessoas).toHaveLength(66);
  });
});

describe('the customers register (/api/customers) and the systems register (/api/systems)', () => {
  it('lists customers for managers, searching name, CPF and code; read-only: create and update answer 405', async () => {
    const list = async (filter: Record<string, unknown>, headers?: Record<string, string>) => {
      const r = await call('GET', `/api/customers?${qs({ filter, sort: ['nome_razaosocial', 'ASC'], range: [0, 99] })}`, headers);
      expect(r.statusCode, r.body).toBe(200);
      return codes(r.json());
    };
    expect(await list({ q: 'joao pedro' })).toEqual(['5002', '5003']);
    expect(await list({ q: '111.444' })).toEqual(['5001']);
    expect(await list({ q: '6002' })).toEqual(['6002']);
    expect(await list({ situacao: 'suspenso' })).toEqual(['6002']);
    expect(await list({ q: 'maria' }, bitcomMarketing)).toEqual(['5001']);
    expect(await list({ q: 'maria' }, bearer(await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [providers.Vetorial] }), 'vendas:gestor'))).toEqual([]);
    // The screen is for managers: a reader is refused.
    expect((await call('GET', '/api/customers', vetorialReader)).statusCode).toBe(403);
    for (const r of [
      await t.inject({ method: 'POST', url: '/api/customers', payload: { nome_razaosocial: 'Novo' } }),
      await t.inject({ method: 'PUT', url: `/api/customers/${(await search({ filtro: { sistema: 'BITCOM', codpessoa: '5001' } })).json().relacionamento_dados_pessoas[0].id}`, payload: { situacao: 'cancelado' } }),
    ]) {
      expect(r.statusCode).toBe(405);
      expect(r.json().message).toBe(MSG.systemWritten);
    }
  });

  it('systems are registered by the superadmin only, with case-insensitive unique names', async () => {
    const gestor = bearer(await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [providers.Bitcom] }), 'vendas:gestor');
    expect((await t.app.inject({ method: 'POST', url: '/api/systems', headers: gestor, payload: { nome: 'OUTRO', id_empresa: providers.Bitcom } })).statusCode).toBe(403);
    const dup = await t.inject({ method: 'POST', url: '/api/systems', payload: { nome: 'bitcom', id_empresa: providers.Vetorial } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'Já existe um sistema com este nome.', errors: { nome: 'Já existe um sistema com este nome.' } });
  });

  it('renaming a system carries its customers along; a system with customers is not deleted', async () => {
    const id = (await t.inject('/v1/sistema')).json().relacionamento_sistema.find((s: { nome: string }) => s.nome === 'VETORIAL').id;
    expect((await t.inject({ method: 'PUT', url: `/api/systems/${id}`, payload: { nome: 'VETORIAL SGP' } })).statusCode).toBe(200);
    try {
      expect(codes((await search({ filtro: { sistema: 'vetorial sgp', codpessoa: '6001' } })).json().relacionamento_dados_pessoas)).toEqual(['6001']);
      expect((await t.inject({ method: 'DELETE', url: `/api/systems/${id}` })).statusCode).toBe(409);
    } finally {
      expect((await t.inject({ method: 'PUT', url: `/api/systems/${id}`, payload: { nome: 'VETORIAL' } })).statusCode).toBe(200);
    }
  });
});

describe('the directory the other modules read', () => {
  const directory = () => customerDirectoryFor(t.db);

  it('byMonthDay finds customers by the month-day of a date, any year (29 February too)', async () => {
    expect(codes(await directory().byMonthDay('data_nascimento', '03-15', {}))).toEqual(['5001']);
    expect(codes(await directory().byMonthDay('data_nascimento', '07-20', { sistema: 'BITCOM' }))).toEqual(['5002', '5003']);
    expect(codes(await directory().byMonthDay('data_nascimento', '02-29', {}))).toEqual(['6002']);
    expect(codes(await directory().byMonthDay('data_ativacao', '08-20', { id_empresa: providers.Bitcom }))).toEqual([]);
    expect(codes(await directory().byMonthDay('data_contratacao', '08-19', { id_empresa: providers.Vetorial }))).toEqual(['6001']);
    await expect(directory().byMonthDay('data_nascimento', '02-30', {})).rejects.toThrow(RangeError);
  });

  it('isCustomer by CPF or phone digits (an active contract first), within a provider when given', async () => {
    expect((await directory().isCustomer({ cpf: '22255588846' }))?.cod_cliente).toBe('5002');
    expect((await directory().isCustomer({ telefone: '(31) 98765-1111' }))?.situacao).toBe('ativo');
    expect((await directory().isCustomer({ telefone: '5541991234567' }))?.cod_cliente).toBe('6002');
    expect(await directory().isCustomer({ cpf: '111.444.777-35', id_empresa: providers.Vetorial })).toBeNull();
    expect(await directory().isCustomer({ cpf: '' })).toBeNull();
    expect(await directory().isCustomer({})).toBeNull();
  });
});
