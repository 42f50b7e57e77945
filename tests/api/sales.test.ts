// Sales campaigns, channels and tracking destinations (HR/sales document, sections 2 to 9; marketing
// document, sections 3 and 7): the documented v1 calls with their payloads and response names, the
// marketing screens' filters (ativo plus a provider flag, channels by filtro.sistema), strict bodies
// (400 in pt-BR), the rights by role header (vendas and marketing areas; destinations written by the
// superadmin only) and the calls without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let V: number; // Vetorial
const tokens: Record<string, string> = {};

const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as a user acting with a role (the superadmin when no user is named). */
async function call(method: Method, url: string, payload?: unknown, as?: string, role?: string) {
  const headers = as ? bearer(tokens[as], role ?? as) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createCampaign(object: Record<string, unknown>, as = 'vendas:gestor') {
  const r = await call('POST', '/v1/vendas/criar/campanha', { object }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_vendas_campanha.returning[0] as Record<string, any>;
}

async function createChannel(object: Record<string, unknown>, as = 'vendas:gestor') {
  const r = await call('POST', '/v1/vendas/criar/canal', { object }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_vendas_canal.returning[0] as Record<string, any>;
}

const names = (rows: { nome: string }[]) => rows.map((r) => r.nome);

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  V = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  for (const role of ['vendas:gestor', 'vendas:solicitante', 'vendas:leitor', 'marketing:gestor', 'marketing:leitor', 'rh:gestor']) {
    tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A] });
  }
  tokens.vetorial = await t.userToken({ papeis: ['marketing:leitor'], id_empresas: [V] });
});
afterAll(() => t?.close());

describe('POST v1/vendas/criar/campanha and the campaign calls', () => {
  it('creates from { object } and answers insert_vendas_campanha.returning; a new campaign is active with its flags off', async () => {
    const r = await call('POST', '/v1/vendas/criar/campanha', { object: { nome: 'Black Friday Fibra', bitcom: true, vetorial: true } }, 'vendas:gestor');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.insert_vendas_campanha.affected_rows).toBe(1);
    expect(body.insert_vendas_campanha.returning[0]).toMatchObject({ nome: 'Black Friday Fibra', bitcom: true, razao: false, vetorial: true, api: false, ativo: true });
    expect(body.insert_vendas_campanha.returning[0].id).toEqual(expect.any(Number));
  });

  it('accepts the spec body with every field (nome, vetorial, bitcom, razao, ativo, api)', async () => {
    const row = await createCampaign({ nome: 'Campanha API', vetorial: false, bitcom: false, razao: true, ativo: false, api: true }, 'marketing:gestor');
    expect(row).toMatchObject({ nome: 'Campanha API', razao: true, ativo: false, api: true });
  });

  it('reads one (vendas_campanha_by_pk), updates it from { object } (update_vendas_campanha_by_pk) and deletes it (delete_vendas_campanha_by_pk)', async () => {
    const { id } = await createCampaign({ nome: 'Volta às Aulas', razao: true });
    const one = await call('GET', `/v1/vendas/campanha/${id}`, undefined, 'marketing:leitor');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().vendas_campanha_by_pk).toMatchObject({ id, nome: 'Volta às Aulas', razao: true });

    const renamed = await call('PUT', `/v1/vendas/campanha/${id}`, { object: { nome: 'Volta às Aulas 2026', vetorial: true } }, 'vendas:gestor');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().update_vendas_campanha_by_pk).toMatchObject({ id, nome: 'Volta às Aulas 2026', razao: true, vetorial: true });
    // Desativar sends only ativo, also as bare fields.
    const off = await call('PUT', `/v1/vendas/campanha/${id}`, { ativo: false }, 'marketing:gestor');
    expect(off.json().update_vendas_campanha_by_pk.ativo).toBe(false);

    const history = await t.inject(`/api/sales-campaigns/${id}/history`);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'UPDATE', 'INSERT']);

    const removed = await call('DELETE', `/v1/vendas/campanha/${id}`, undefined, 'vendas:gestor');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().delete_vendas_campanha_by_pk).toMatchObject({ id, nome: 'Volta às Aulas 2026' });
    expect((await call('GET', `/v1/vendas/campanha/${id}`, undefined, 'vendas:leitor')).statusCode).toBe(404);
    expect((await call('PUT', `/v1/vendas/campanha/${id}`, { object: { ativo: true } }, 'vendas:gestor')).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/vendas/campanha/${id}`, undefined, 'vendas:gestor')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '9'.repeat(30)]) {
      const r = await call('GET', `/v1/vendas/campanha/${bad}`, undefined, 'vendas:gestor');
      expect([400, 404], bad).toContain(r.statusCode);
      expect(typeof r.json().message, bad).toBe('string');
    }
  });

  it('the same tables answer GraphQL as vendas_campanha, vendas_canal, vendas_destino and vendas_lead', async () => {
    await createCampaign({ nome: 'Campanha GraphQL', api: true });
    const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ vendas_campanha(where: { nome: { _eq: "Campanha GraphQL" } }) { nome api } vendas_canal { id } vendas_destino { id } vendas_lead { id } }' } });
    expect(r.json().errors).toBeUndefined();
    expect(r.json().data.vendas_campanha).toEqual([{ nome: 'Campanha GraphQL', api: true }]);
  });

  it('a campaign some lead uses is not deleted: 409 naming the lead', async () => {
    const { id } = await createCampaign({ nome: 'Indique um Amigo', bitcom: true });
    const lead = await t.inject({ method: 'POST', url: '/api/leads', payload: { nome: 'Maria Indicada', id_empresa: A, id_campanha: id } });
    expect(lead.statusCode, lead.body).toBe(201);
    const r = await call('DELETE', `/v1/vendas/campanha/${id}`, undefined, 'vendas:gestor');
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toContain('Leads');
    expect((await call('GET', `/v1/vendas/campanha/${id}`, undefined, 'vendas:gestor')).statusCode).toBe(200);
  });
});

describe('POST v1/vendas/campanha: the list by filtro (vendas_campanha)', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      bitcom: (await createCampaign({ nome: 'Filtro Bitcom', bitcom: true })).id,
      both: (await createCampaign({ nome: 'Filtro Bitcom e Vetorial', bitcom: true, vetorial: true })).id,
      off: (await createCampaign({ nome: 'Filtro Bitcom inativa', bitcom: true, ativo: false })).id,
      razao: (await createCampaign({ nome: 'Filtro RazãoInfo', razao: true })).id,
    };
  });
  const listed = async (payload: unknown, as = 'marketing:leitor') => {
    const r = await call('POST', '/v1/vendas/campanha', payload, as);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().vendas_campanha as { id: number; nome: string }[]).filter((c) => Object.values(ids).includes(c.id));
  };

  it('ativo true plus the provider flag, as plain equality or Hasura { _eq }, ordered by name', async () => {
    expect(names(await listed({ filtro: { ativo: true, bitcom: true } }))).toEqual(['Filtro Bitcom', 'Filtro Bitcom e Vetorial']);
    expect(names(await listed({ filtro: { ativo: { _eq: true }, vetorial: { _eq: true } } }))).toEqual(['Filtro Bitcom e Vetorial']);
    expect(names(await listed({ filtro: { id: { _in: [ids.razao, ids.off] } } }))).toEqual(['Filtro Bitcom inativa', 'Filtro RazãoInfo']);
    expect(names(await listed({ where: { razao: true } }))).toEqual(['Filtro RazãoInfo']);
  });

  it('without a filtro (or without a body) lists every campaign', async () => {
    expect((await listed({})).length).toBe(4);
    expect((await listed(undefined)).length).toBe(4);
  });

  it('filtro.sistema (a provider name or id) is that provider\'s flag; a provider without a flag finds nothing', async () => {
    expect(names(await listed({ filtro: { ativo: true, sistema: 'Vetorial' } }))).toEqual(['Filtro Bitcom e Vetorial']);
    expect(names(await listed({ filtro: { ativo: true, sistema: A } }))).toEqual(['Filtro Bitcom', 'Filtro Bitcom e Vetorial']);
    expect(await listed({ filtro: { sistema: 'Provedor Novo' } })).toEqual([]);
  });

  it('answers the full records', async () => {
    const [row] = await listed({ filtro: { id: ids.both } });
    expect(row).toEqual({ id: ids.both, nome: 'Filtro Bitcom e Vetorial', bitcom: true, razao: false, vetorial: true, api: false, ativo: true, created_at: expect.any(String) });
  });
});

describe('channels: POST v1/vendas/canal by filtro.sistema, and GET, PUT, DELETE v1/vendas/canal/{id}, POST /v1/vendas/criar/canal', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      facebook: (await createChannel({ nome: 'Facebook', ativo: true, bitcom: true, vetorial: true, razao: true, public: true })).id,
      store: (await createChannel({ nome: 'Loja Física', razao: true })).id,
      door: (await createChannel({ nome: 'Porta a Porta', vetorial: true, ativo: false })).id,
    };
  });
  const listed = async (payload: unknown) => {
    const r = await call('POST', '/v1/vendas/canal', payload, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().vendas_canal as { id: number; nome: string }[]).filter((c) => Object.values(ids).includes(c.id));
  };

  it('creates with the spec body and answers insert_vendas_canal; public and the flags default to false, ativo to true', async () => {
    const r = await call('POST', '/v1/vendas/criar/canal', { object: { nome: 'Google' } }, 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().insert_vendas_canal).toEqual({
      affected_rows: 1,
      returning: [{ id: expect.any(Number), nome: 'Google', bitcom: false, razao: false, vetorial: false, public: false, ativo: true, created_at: expect.any(String) }],
    });
  });

  it('filtro.sistema equal to the provider label, whatever accents and case', async () => {
    expect(names(await listed({ filtro: { sistema: 'Bitcom' } }))).toEqual(['Facebook']);
    expect(names(await listed({ filtro: { sistema: 'razaoinfo' } }))).toEqual(['Facebook', 'Loja Física']);
    expect(names(await listed({ filtro: { sistema: 'RAZÃO INFO' } }))).toEqual(['Facebook', 'Loja Física']);
    expect(names(await listed({ filtro: { sistema: { _eq: 'Vetorial' } } }))).toEqual(['Facebook', 'Porta a Porta']);
    expect(names(await listed({ filtro: { sistema: 'Vetorial', ativo: true } }))).toEqual(['Facebook']);
    expect(await listed({ filtro: { sistema: 'Desconhecido' } })).toEqual([]);
  });

  it('reads, updates (the Ativar toggle) and deletes one', async () => {
    const one = await call('GET', `/v1/vendas/canal/${ids.door}`, undefined, 'vendas:leitor');
    expect(one.json().vendas_canal_by_pk).toMatchObject({ id: ids.door, nome: 'Porta a Porta', ativo: false });
    const on = await call('PUT', `/v1/vendas/canal/${ids.door}`, { object: { ativo: true } }, 'vendas:gestor');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().update_vendas_canal_by_pk).toMatchObject({ id: ids.door, ativo: true });
    const removed = await call('DELETE', `/v1/vendas/canal/${ids.store}`, undefined, 'marketing:gestor');
    expect(removed.json().delete_vendas_canal_by_pk).toMatchObject({ id: ids.store, nome: 'Loja Física' });
    expect((await call('GET', `/v1/vendas/canal/${ids.store}`, undefined, 'vendas:gestor')).statusCode).toBe(404);
    delete ids.store;
  });
});

describe('tracking destinations: a superadmin-only register, and POST v1/lead/tracking/destino/filtrado', () => {
  let site: number;
  beforeAll(async () => {
    const post = (payload: object) => t.inject({ method: 'POST', url: '/api/tracking-destinations', payload });
    site = (await post({ nome: 'Site', url: 'https://www.exemplo.com.br/assine' })).json().id;
    await post({ nome: 'WhatsApp', url: 'https://wa.me/553130000000' });
    await post({ nome: 'Landing antiga', url: 'https://www.exemplo.com.br/antiga', ativo: false });
  });

  it('answers the active destinations as vendas_destino [{ id, nome, url }], with no payload', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/lead/tracking/destino/filtrado', headers: bearer(tokens['marketing:leitor'], 'marketing:leitor') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      vendas_destino: [
        { id: site, nome: 'Site', url: 'https://www.exemplo.com.br/assine' },
        { id: expect.any(Number), nome: 'WhatsApp', url: 'https://wa.me/553130000000' },
      ],
    });
    const inactive = await call('POST', '/v1/lead/tracking/destino/filtrado', { filtro: { ativo: false } }, 'vendas:leitor');
    expect(names(inactive.json().vendas_destino)).toEqual(['Landing antiga']);
  });

  it('only the superadmin registers, edits and deletes them; a bad URL is refused', async () => {
    for (const role of ['vendas:gestor', 'marketing:gestor']) {
      const create = await call('POST', '/api/tracking-destinations', { nome: 'Loja', url: 'https://loja.exemplo.com.br' }, role);
      expect(create.statusCode, role).toBe(403);
      expect((await call('PUT', `/api/tracking-destinations/${site}`, { nome: 'Outro' }, role)).statusCode, role).toBe(403);
      expect((await call('DELETE', `/api/tracking-destinations/${site}`, undefined, role)).statusCode, role).toBe(403);
      expect((await call('GET', `/api/tracking-destinations/${site}`, undefined, role)).statusCode, role).toBe(200);
    }
    const bad = await t.inject({ method: 'POST', url: '/api/tracking-destinations', payload: { nome: 'Link', url: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ url: 'Link inválido' });
  });
});

describe('strict bodies: 400 with pt-BR messages', () => {
  it('a campaign or channel without a name: Campo obrigatório', async () => {
    for (const kind of ['campanha', 'canal']) {
      const r = await call('POST', `/v1/vendas/criar/${kind}`, { object: { bitcom: true } }, 'vendas:gestor');
      expect(r.statusCode, kind).toBe(400);
      expect(r.json()).toMatchObject({ message: MSG.requiredForm, errors: { nome: MSG.required } });
    }
  });

  it('unknown fields, in the record or beside the wrapper, and a wrapper that is no object', async () => {
    const inside = await call('POST', '/v1/vendas/criar/campanha', { object: { nome: 'X campanha', sistema: 'Bitcom' } }, 'vendas:gestor');
    expect(inside.statusCode).toBe(400);
    expect(inside.json().errors).toEqual({ sistema: MSG.unknownField });
    const beside = await call('POST', '/v1/vendas/criar/canal', { object: { nome: 'Canal X' }, id_usuario: 1 }, 'vendas:gestor');
    expect(beside.statusCode).toBe(400);
    expect(beside.json().errors).toEqual({ id_usuario: MSG.unknownField });
    const notObject = await call('POST', '/v1/vendas/criar/campanha', { object: 'Black Friday' }, 'vendas:gestor');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().errors).toEqual({ object: MSG.invalid });
    const list = await call('POST', '/v1/vendas/criar/campanha', [{ nome: 'Lista' }], 'vendas:gestor');
    expect(list.statusCode).toBe(400);
    const wrongType = await call('POST', '/v1/vendas/criar/campanha', { object: { nome: 'Tipos', bitcom: 'sim' } }, 'vendas:gestor');
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(['bitcom']);
  });

  it('list filters on fields the record lacks, unknown operators, bad values and bodies', async () => {
    const cases: [unknown, number][] = [
      [{ filtro: { cor: 'azul' } }, 400],
      [{ filtro: { ativo: { _like: true } } }, 400],
      [{ filtro: { ativo: { _eq: true, _neq: false } } }, 400],
      [{ filtro: { id: { _in: 3 } } }, 400],
      [{ filtro: { id: 'três' } }, 400],
      [{ filtro: { sistema: ['Bitcom'] } }, 400],
      [{ filtro: 'ativo' }, 400],
      [{ filtro: {}, limite: 10 }, 400],
    ];
    for (const [payload, status] of cases) {
      const r = await call('POST', '/v1/vendas/canal', payload, 'vendas:leitor');
      expect(r.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof r.json().message, JSON.stringify(payload)).toBe('string');
    }
    const destination = await call('POST', '/v1/lead/tracking/destino/filtrado', { extra: 1 }, 'vendas:leitor');
    expect(destination.statusCode).toBe(400);
    expect(destination.json().errors).toEqual({ extra: MSG.unknownField });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/vendas/campanha',
      headers: { ...bearer(tokens['vendas:leitor'], 'vendas:leitor'), 'content-type': 'application/json' },
      payload: '{"filtro": ',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('rights: the vendas and marketing areas by role header; 401 without a token', () => {
  it('a user of another area (rh) is refused every call, with or without the header', async () => {
    const { id } = await createCampaign({ nome: 'Campanha RH' });
    const calls: [Method, string, unknown?][] = [
      ['POST', '/v1/vendas/campanha', {}],
      ['GET', `/v1/vendas/campanha/${id}`],
      ['PUT', `/v1/vendas/campanha/${id}`, { object: { ativo: false } }],
      ['DELETE', `/v1/vendas/campanha/${id}`],
      ['POST', '/v1/vendas/criar/campanha', { object: { nome: 'Invasora' } }],
      ['POST', '/v1/vendas/canal', {}],
      ['POST', '/v1/vendas/criar/canal', { object: { nome: 'Invasor' } }],
      ['POST', '/v1/lead/tracking/destino/filtrado'],
    ];
    for (const [method, url, payload] of calls) {
      for (const role of ['rh:gestor', '']) {
        const r = await call(method, url, payload, 'rh:gestor', role);
        expect(r.statusCode, `${method} ${url} ${role}`).toBe(403);
        expect(r.json().message).toBe(FORBIDDEN);
      }
    }
    expect((await call('GET', `/v1/vendas/campanha/${id}`)).json().vendas_campanha_by_pk.ativo).toBe(true);
  });

  it('readers and sellers read; the group\'s campaigns and channels are changed by gestores only', async () => {
    const { id } = await createCampaign({ nome: 'Campanha dos papéis' });
    const channel = await createChannel({ nome: 'Canal dos papéis', vetorial: true });
    for (const role of ['vendas:leitor', 'marketing:leitor', 'vendas:solicitante']) {
      expect((await call('POST', '/v1/vendas/campanha', {}, role)).statusCode, role).toBe(200);
      expect((await call('POST', '/v1/vendas/canal', {}, role)).statusCode, role).toBe(200);
    }
    // A seller (vendas:solicitante; a marketing requester alike) changes nothing every provider shares:
    // not the name, not another provider's flag, not the status (the list's toggle), not a delete;
    // through v1, REST and GraphQL, each 403 with the pt-BR refusal.
    for (const role of ['vendas:solicitante', 'marketing:solicitante', 'vendas:leitor']) {
      const refused: [Method, string, unknown?][] = [
        ['POST', '/v1/vendas/criar/campanha', { object: { nome: 'Campanha do vendedor' } }],
        ['PUT', `/v1/vendas/campanha/${id}`, { object: { nome: 'Renomeada pelo vendedor' } }],
        ['PUT', `/v1/vendas/campanha/${id}`, { object: { bitcom: true } }],
        ['PUT', `/v1/vendas/campanha/${id}`, { ativo: false }],
        ['DELETE', `/v1/vendas/campanha/${id}`],
        ['POST', '/v1/vendas/criar/canal', { object: { nome: 'Canal do vendedor' } }],
        ['PUT', `/v1/vendas/canal/${channel.id}`, { object: { ativo: false } }],
        ['DELETE', `/v1/vendas/canal/${channel.id}`],
        ['PUT', `/api/sales-campaigns/${id}`, { ativo: false }],
        ['PUT', `/api/sales-channels/${channel.id}`, { razao: true }],
        ['DELETE', `/api/sales-channels/${channel.id}`],
      ];
      if (!tokens[role]) tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A] });
      for (const [method, url, payload] of refused) {
        const r = await t.app.inject({ method, url, headers: bearer(tokens[role], role), ...(payload === undefined ? {} : { payload: payload as object }) });
        expect(r.statusCode, `${role} ${method} ${url} ${JSON.stringify(payload)}`).toBe(403);
        expect(r.json().message).toBe(FORBIDDEN);
      }
      const gql = await t.app.inject({
        method: 'POST',
        url: '/v1/graphql',
        headers: bearer(tokens[role], role),
        payload: { query: `mutation { update_vendas_campanha_by_pk(pk_columns: { id: ${id} }, _set: { ativo: false }) { id } }` },
      });
      expect(gql.json().errors?.[0]?.message, role).toBe(FORBIDDEN);
    }
    const campaignNow = (await call('GET', `/v1/vendas/campanha/${id}`)).json().vendas_campanha_by_pk;
    expect(campaignNow).toMatchObject({ nome: 'Campanha dos papéis', bitcom: false, ativo: true });
    expect((await call('GET', `/v1/vendas/canal/${channel.id}`)).json().vendas_canal_by_pk).toMatchObject({ razao: false, ativo: true });

    // A sales or marketing manager creates, edits, toggles and deletes them.
    expect((await call('PUT', `/v1/vendas/campanha/${id}`, { object: { bitcom: true } }, 'vendas:gestor')).json().update_vendas_campanha_by_pk.bitcom).toBe(true);
    const off = await t.app.inject({ method: 'PUT', url: `/api/sales-campaigns/${id}`, headers: bearer(tokens['marketing:gestor'], 'marketing:gestor'), payload: { ativo: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().ativo).toBe(false);
    expect((await call('PUT', `/v1/vendas/canal/${channel.id}`, { object: { ativo: false } }, 'marketing:gestor')).json().update_vendas_canal_by_pk.ativo).toBe(false);
    expect((await call('DELETE', `/v1/vendas/canal/${channel.id}`, undefined, 'vendas:gestor')).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/vendas/campanha/${id}`, undefined, 'vendas:gestor')).statusCode).toBe(200);
  });

  it('a seller registers tracking links and campaign results of their own provider (not another\'s), and deletes neither', async () => {
    const campaign = await createCampaign({ nome: 'Campanha do vendedor', bitcom: true });
    const channel = await createChannel({ nome: 'Canal do vendedor', bitcom: true });
    const dst = (await t.inject({ method: 'POST', url: '/api/tracking-destinations', payload: { nome: 'Assine já', url: 'https://www.exemplo.com.br/vendedor' } })).json().id;
    const link = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: campaign.id, chn: channel.id, dst }, id_empresa: A }, 'vendas:solicitante');
    expect(link.statusCode, link.body).toBe(200);
    const linkRow = link.json().insert_vendas_tracking_url.returning[0];
    const result = await call(
      'POST',
      '/v1/vendas/campanha/resultado/insert',
      { object: { id_empresa: A, id_campanha: campaign.id, id_canal: channel.id, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-31', impressoes: 1200 } },
      'vendas:solicitante',
    );
    expect(result.statusCode, result.body).toBe(200);
    const resultRow = result.json().insert_vendas_campanha_resultado_one;
    const edited = await call('PUT', `/v1/lead/resultado/campanha/${resultRow.id}`, { object: { cliques: 80 } }, 'vendas:solicitante');
    expect(edited.statusCode, edited.body).toBe(200);
    // Another provider's: refused (the seller is Bitcom's only).
    const elsewhere = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: campaign.id, chn: channel.id, dst }, id_empresa: V }, 'vendas:solicitante');
    expect([400, 403, 404]).toContain(elsewhere.statusCode);
    for (const url of [`/api/tracking-links/${linkRow.id}`, `/api/campaign-results/${resultRow.id}`]) {
      const r = await call('DELETE', url, undefined, 'vendas:solicitante');
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe(FORBIDDEN);
    }
  });

  it('a role header the user does not hold is refused', async () => {
    const r = await call('POST', '/v1/vendas/campanha', {}, 'vendas:leitor', 'vendas:gestor');
    expect(r.statusCode).toBe(403);
  });

  it('a user of another provider reads the shared campaigns, and a provider id outside their providers names no flag', async () => {
    const { id } = await createCampaign({ nome: 'Compartilhada', bitcom: true });
    const r = await call('POST', '/v1/vendas/campanha', { filtro: { id } }, 'vetorial', 'marketing:leitor');
    expect(names(r.json().vendas_campanha)).toEqual(['Compartilhada']);
    const other = await call('POST', '/v1/vendas/campanha', { filtro: { id, sistema: A } }, 'vetorial', 'marketing:leitor');
    expect(other.json().vendas_campanha).toEqual([]);
    const own = await call('POST', '/v1/vendas/campanha', { filtro: { id, sistema: V } }, 'vetorial', 'marketing:leitor');
    expect(own.json().vendas_campanha).toEqual([]);
  });

  it('401 without a token', async () => {
    for (const [method, url] of [
      ['POST', '/v1/vendas/campanha'],
      ['GET', '/v1/vendas/campanha/1'],
      ['PUT', '/v1/vendas/campanha/1'],
      ['DELETE', '/v1/vendas/campanha/1'],
      ['POST', '/v1/vendas/criar/campanha'],
      ['POST', '/v1/vendas/canal'],
      ['GET', '/v1/vendas/canal/1'],
      ['POST', '/v1/vendas/criar/canal'],
      ['POST', '/v1/lead/tracking/destino/filtrado'],
    ] as [Method, string][]) {
      const r = await t.app.inject({ method, url, payload: {} });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
