// Marketing events (marketing document, sections 3 to 8 "Events"): the documented v1 calls with their
// payloads and response names (the create payload's own names mapped onto the record's, the city by
// id or by name), the validation of the register (required fields, the period, the site), the rights
// by role header (marketing and regua_comunicacao areas; Excluir for the superadmin only), the
// provider scope through the event's city, and the overlap call behind the form's warning and the
// calendar's marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '../../src/domain/dateRange.js';
import { MSG } from '../../src/domain/messages.js';
import { EVENT_MSG } from '../../src/server/events/messages.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
const city: Record<string, number> = {};
/** Users by name: a role's name for a Bitcom user acting with it, or vetorial / both (marketing:gestor of Vetorial, of both). */
const users: Record<string, { token: string; role: string }> = {};

const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call as a user acting with a role (the superadmin when no user is named). */
async function call(method: Method, url: string, payload?: unknown, as?: string, role?: string) {
  const headers = as ? bearer(users[as].token, role ?? users[as].role) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let serial = 0;
/** A valid create payload (the spec's names), in Fortaleza of provider A unless said otherwise. */
const payload = (extra: Record<string, unknown> = {}) => ({
  evento: `Feira ${++serial}`,
  local: 'Centro de Eventos do Ceará',
  endereco: 'Av. Washington Soares, 999',
  cidade: city.fortalezaA,
  data_inicio: '2026-08-10',
  data_fim: '2026-08-12',
  site_evento: 'https://www.feira.com.br',
  ...extra,
});

async function createEvent(extra: Record<string, unknown> = {}, as = 'marketing:gestor') {
  const r = await call('POST', '/v1/marketing/eventos', payload(extra), as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_rh_marketing_eventos_one as Record<string, any>;
}

beforeAll(async () => {
  t = await testApp();
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  city.fortalezaA = await post('/api/cities', { nome: 'Fortaleza', uf: 'CE', id_empresa: A });
  city.caucaiaA = await post('/api/cities', { nome: 'Caucaia', uf: 'CE', id_empresa: A });
  city.fortalezaB = await post('/api/cities', { nome: 'Fortaleza', uf: 'CE', id_empresa: B });
  city.curitibaB = await post('/api/cities', { nome: 'Curitiba', uf: 'PR', id_empresa: B });
  for (const role of ['marketing:gestor', 'marketing:solicitante', 'marketing:leitor', 'regua_comunicacao:gestor', 'rh:gestor']) {
    users[role] = { token: await t.userToken({ papeis: [role], id_empresas: [A] }), role };
  }
  users.vetorial = { token: await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [B] }), role: 'marketing:gestor' };
  users.both = { token: await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [A, B] }), role: 'marketing:gestor' };
});
afterAll(() => t?.close());

describe('POST v1/marketing/eventos', () => {
  it("maps the create payload's names onto the record's and answers insert_rh_marketing_eventos_one; a new event is active", async () => {
    const r = await call(
      'POST',
      '/v1/marketing/eventos',
      { cidade: city.fortalezaA, endereco: 'Av. Beira Mar, 100', evento: 'Expo Fibra', local: 'Marina Park', site_evento: 'https://expofibra.com.br', data_inicio: '2026-09-01', data_fim: '2026-09-03' },
      'marketing:gestor',
    );
    expect(r.statusCode, r.body).toBe(200);
    const row = r.json().insert_rh_marketing_eventos_one;
    expect(row).toMatchObject({
      evento: 'Expo Fibra',
      nome_do_local: 'Marina Park',
      endereco_do_local: 'Av. Beira Mar, 100',
      site_do_evento: 'https://expofibra.com.br',
      cidade: city.fortalezaA,
      data_inicio: '2026-09-01',
      data_fim: '2026-09-03',
      status: true,
    });
    expect(row.id).toEqual(expect.any(Number));
    expect(row.created_at).toEqual(expect.any(String));
    const history = await t.inject(`/api/events/${row.id}/history`);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['INSERT']);
  });

  it('takes the fields inside object too, status false, and no site', async () => {
    const r = await call('POST', '/v1/marketing/eventos', { object: payload({ status: false, site_evento: null }) }, 'marketing:solicitante');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().insert_rh_marketing_eventos_one).toMatchObject({ status: false, site_do_evento: null });
  });

  it('names the city by id (also as digits) or by name, accents, case and state aside', async () => {
    expect((await createEvent({ cidade: String(city.caucaiaA) })).cidade).toBe(city.caucaiaA);
    expect((await createEvent({ cidade: 'caucáia' })).cidade).toBe(city.caucaiaA);
    expect((await createEvent({ cidade: 'Fortaleza - CE' })).cidade).toBe(city.fortalezaA);
    expect((await createEvent({ cidade: 'Fortaleza/CE' }, 'vetorial')).cidade).toBe(city.fortalezaB);
  });

  it('refuses a city name no visible city has, and one several of them have', async () => {
    const unknown = await call('POST', '/v1/marketing/eventos', payload({ cidade: 'Atlântida' }), 'marketing:gestor');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ cidade: MSG.noResult });
    // Curitiba is Vetorial's only: not a city of a Bitcom user.
    const other = await call('POST', '/v1/marketing/eventos', payload({ cidade: 'Curitiba' }), 'marketing:gestor');
    expect(other.json().errors).toEqual({ cidade: MSG.noResult });
    // Both providers have Fortaleza: who sees both must send the id.
    const ambiguous = await call('POST', '/v1/marketing/eventos', payload({ cidade: 'Fortaleza' }), 'both');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().errors).toEqual({ cidade: EVENT_MSG.ambiguousCity });
    expect((await createEvent({ cidade: city.fortalezaB }, 'both')).cidade).toBe(city.fortalezaB);
  });

  it('requires evento, data, local, endereco and cidade, under the payload\'s names; site is optional', async () => {
    const r = await call('POST', '/v1/marketing/eventos', { site_evento: '' }, 'marketing:gestor');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MSG.requiredForm);
    expect(r.json().errors).toEqual({
      evento: MSG.required,
      local: MSG.required,
      endereco: MSG.required,
      cidade: MSG.required,
      data_inicio: MSG.required,
      data_fim: MSG.required,
    });
  });

  it('refuses an end before the start, a bad date, a site that is no link and an unknown field', async () => {
    const inverted = await call('POST', '/v1/marketing/eventos', payload({ data_inicio: '2026-08-12', data_fim: '2026-08-10' }), 'marketing:gestor');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toEqual({ data_fim: DATE_RANGE_MESSAGE });
    const bad = await call('POST', '/v1/marketing/eventos', payload({ data_inicio: '2026-02-30', site_evento: 'feira sem link' }), 'marketing:gestor');
    expect(bad.json().errors).toEqual({ data_inicio: MSG.date, site_evento: MSG.url });
    const unknown = await call('POST', '/v1/marketing/eventos', payload({ nome_do_local: 'X' }), 'marketing:gestor');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ nome_do_local: MSG.unknownField });
    for (const body of [[], 'texto', { object: 'x' }]) {
      const r = await call('POST', '/v1/marketing/eventos', body, 'marketing:gestor');
      // A text body is not JSON: 415.
      expect([400, 415], JSON.stringify(body)).toContain(r.statusCode);
      expect(typeof r.json().message).toBe('string');
    }
  });

  it('a city of another provider is refused: 403 by id', async () => {
    const r = await call('POST', '/v1/marketing/eventos', payload({ cidade: city.curitibaB }), 'marketing:gestor');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MSG.outsideProviders);
  });

  it('who may create: marketing and regua_comunicacao requesters and up; not readers, not other areas, not without a token', async () => {
    expect((await createEvent({}, 'regua_comunicacao:gestor')).id).toEqual(expect.any(Number));
    for (const who of ['marketing:leitor', 'rh:gestor']) {
      const r = await call('POST', '/v1/marketing/eventos', payload(), who);
      expect(r.statusCode, who).toBe(403);
    }
    // A role header the user does not hold.
    expect((await call('POST', '/v1/marketing/eventos', payload(), 'marketing:leitor', 'marketing:gestor')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/marketing/eventos', payload: payload() })).statusCode).toBe(401);
  });
});

describe('GET v1/marketing/eventos', () => {
  it('answers rh_marketing_eventos, newest first (creation, then id), of the caller\'s providers only', async () => {
    const first = await createEvent({ evento: 'Lista Primeiro' });
    const second = await createEvent({ evento: 'Lista Segundo' });
    const theirs = await createEvent({ evento: 'Lista Vetorial', cidade: city.curitibaB }, 'vetorial');
    const r = await call('GET', '/v1/marketing/eventos', undefined, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json().rh_marketing_eventos as Record<string, any>[];
    expect(Object.keys(r.json())).toEqual(['rh_marketing_eventos']);
    const ids = rows.map((e) => e.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(theirs.id);
    expect(rows.every((e) => e.cidade === city.fortalezaA || e.cidade === city.caucaiaA)).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual(['cidade', 'created_at', 'data_fim', 'data_inicio', 'endereco_do_local', 'evento', 'id', 'nome_do_local', 'site_do_evento', 'status']);
    // The superadmin sees every provider's.
    const all = (await call('GET', '/v1/marketing/eventos')).json().rh_marketing_eventos.map((e: { id: number }) => e.id);
    expect(all).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
  });

  it('filters by status and city', async () => {
    const off = await createEvent({ evento: 'Filtro Inativo', status: false, cidade: city.caucaiaA });
    const inactive = (await call('GET', '/v1/marketing/eventos?status=false', undefined, 'marketing:leitor')).json().rh_marketing_eventos;
    expect(inactive.map((e: { id: number }) => e.id)).toContain(off.id);
    expect(inactive.every((e: { status: boolean }) => e.status === false)).toBe(true);
    const caucaia = (await call('GET', `/v1/marketing/eventos?cidade=${city.caucaiaA}`, undefined, 'marketing:leitor')).json().rh_marketing_eventos;
    expect(caucaia.length).toBeGreaterThan(0);
    expect(caucaia.every((e: { cidade: number }) => e.cidade === city.caucaiaA)).toBe(true);
    expect((await call('GET', '/v1/marketing/eventos?status=talvez', undefined, 'marketing:leitor')).statusCode).toBe(400);
  });

  it('needs a role of the events\' areas', async () => {
    expect((await call('GET', '/v1/marketing/eventos', undefined, 'regua_comunicacao:gestor')).statusCode).toBe(200);
    expect((await call('GET', '/v1/marketing/eventos', undefined, 'rh:gestor')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/marketing/eventos' })).statusCode).toBe(401);
  });

  it('the same table answers REST and GraphQL (rh_marketing_eventos), sorted by creation then id', async () => {
    const rest = await t.inject('/api/events?sort=["created_at","DESC"]&range=[0,4]');
    expect(rest.statusCode, rest.body).toBe(200);
    const g = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ rh_marketing_eventos(order_by: { id: desc }, limit: 1) { id evento cidade status } }' } });
    expect(g.json().errors).toBeUndefined();
    expect(g.json().data.rh_marketing_eventos[0]).toMatchObject({ evento: expect.any(String), status: expect.any(Boolean) });
  });
});

describe('PATCH and DELETE v1/marketing/eventos/{id}', () => {
  it('edits with the record\'s names (object, _set or the fields) and toggles the status', async () => {
    const { id } = await createEvent({ evento: 'Editar' });
    const edited = await call('PATCH', `/v1/marketing/eventos/${id}`, { object: { evento: 'Editado', nome_do_local: 'Outro Local', cidade: 'Caucaia' } }, 'marketing:solicitante');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().update_rh_marketing_eventos_by_pk).toMatchObject({ id, evento: 'Editado', nome_do_local: 'Outro Local', cidade: city.caucaiaA });
    const off = await call('PATCH', `/v1/marketing/eventos/${id}`, { status: false }, 'marketing:gestor');
    expect(off.json().update_rh_marketing_eventos_by_pk.status).toBe(false);
    const on = await call('PATCH', `/v1/marketing/eventos/${id}`, { _set: { status: true, site_do_evento: null } }, 'marketing:gestor');
    expect(on.json().update_rh_marketing_eventos_by_pk).toMatchObject({ status: true, site_do_evento: null });
    const history = await t.inject(`/api/events/${id}/history`);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'UPDATE', 'UPDATE', 'INSERT']);
  });

  it('refuses what the register refuses, the create payload\'s names, and edits by readers', async () => {
    const { id } = await createEvent();
    const inverted = await call('PATCH', `/v1/marketing/eventos/${id}`, { object: { data_fim: '2026-08-01' } }, 'marketing:gestor');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toEqual({ data_fim: DATE_RANGE_MESSAGE });
    const cleared = await call('PATCH', `/v1/marketing/eventos/${id}`, { object: { evento: '' } }, 'marketing:gestor');
    expect(cleared.json().errors).toEqual({ evento: MSG.required });
    expect((await call('PATCH', `/v1/marketing/eventos/${id}`, { object: { local: 'X' } }, 'marketing:gestor')).json().errors).toEqual({ local: MSG.unknownField });
    expect((await call('PATCH', `/v1/marketing/eventos/${id}`, { object: { status: false } }, 'marketing:leitor')).statusCode).toBe(403);
  });

  it('another provider\'s event is not found; unknown ids neither', async () => {
    const { id } = await createEvent();
    expect((await call('PATCH', `/v1/marketing/eventos/${id}`, { status: false }, 'vetorial')).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/marketing/eventos/${id}`, undefined, 'vetorial')).statusCode).toBe(403);
    for (const bad of ['abc', '0', '99999999']) {
      const r = await call('PATCH', `/v1/marketing/eventos/${bad}`, { status: false }, 'marketing:gestor');
      expect(r.statusCode, bad).toBe(404);
      expect(typeof r.json().message).toBe('string');
    }
  });

  it('only the superadmin deletes (delete_rh_marketing_eventos_by_pk); id_evento, when sent, is the path\'s', async () => {
    const { id } = await createEvent({ evento: 'Excluir' });
    for (const who of ['marketing:gestor', 'regua_comunicacao:gestor', 'marketing:leitor']) {
      const r = await call('DELETE', `/v1/marketing/eventos/${id}`, undefined, who);
      expect(r.statusCode, who).toBe(403);
      expect(r.json().message).toBe(FORBIDDEN);
    }
    const mismatch = await call('DELETE', `/v1/marketing/eventos/${id}`, { id_evento: id + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ id_evento: EVENT_MSG.otherId });
    const r = await call('DELETE', `/v1/marketing/eventos/${id}`, { id_evento: id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().delete_rh_marketing_eventos_by_pk).toMatchObject({ id, evento: 'Excluir' });
    expect((await call('DELETE', `/v1/marketing/eventos/${id}`)).statusCode).toBe(404);
    // Irreversible, but told in the history.
    const history = await t.inject(`/api/events/${id}/history`);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['DELETE', 'INSERT']);
  });

  it('a city some event uses is not deleted: 409 naming the event', async () => {
    const extra = (await t.inject({ method: 'POST', url: '/api/cities', payload: { nome: 'Maracanaú', uf: 'CE', id_empresa: A } })).json().id;
    await createEvent({ evento: 'Feira de Maracanaú', cidade: extra });
    const r = await t.inject({ method: 'DELETE', url: `/api/cities/${extra}` });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toContain('Feira de Maracanaú');
  });
});

describe('GET v1/marketing/eventos/sobreposicoes', () => {
  const overlaps = async (query: Record<string, unknown>, as?: string) => {
    const r = await call('GET', `/v1/marketing/eventos/sobreposicoes?${new URLSearchParams(query as Record<string, string>)}`, undefined, as);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().sobreposicoes as Record<string, any>[];
  };
  let ids: Record<string, number>;
  beforeAll(async () => {
    // Fortaleza/CE of both providers is one city; Caucaia is another.
    ids = {
      a: (await createEvent({ evento: 'Sobrepõe A', data_inicio: '2027-03-10', data_fim: '2027-03-12' })).id,
      b: (await createEvent({ evento: 'Sobrepõe B', cidade: city.fortalezaB, data_inicio: '2027-03-12', data_fim: '2027-03-15' }, 'vetorial')).id,
      later: (await createEvent({ evento: 'Depois', data_inicio: '2027-03-13', data_fim: '2027-03-14' })).id,
      off: (await createEvent({ evento: 'Inativo', status: false, data_inicio: '2027-03-10', data_fim: '2027-03-20' })).id,
      elsewhere: (await createEvent({ evento: 'Em Caucaia', cidade: city.caucaiaA, data_inicio: '2027-03-10', data_fim: '2027-03-20' })).id,
    };
  });

  it('with a city: the other active events of that city (any provider\'s row of it) sharing a day, the edited one left out', async () => {
    const found = await overlaps({ cidade: city.fortalezaA, data_inicio: '2027-03-11', data_fim: '2027-03-12', id: ids.a });
    expect(found.map((e) => e.evento)).toEqual(['Sobrepõe B']);
    expect(found[0]).toMatchObject({ id: ids.b, data_inicio: '2027-03-12', data_fim: '2027-03-15', cidade: city.fortalezaB, cidade_nome: 'Fortaleza', uf: 'CE' });
    expect((await overlaps({ cidade: city.fortalezaB, data_inicio: '2027-03-01', data_fim: '2027-03-10' })).map((e) => e.id)).toEqual([ids.a]);
    expect(await overlaps({ cidade: city.fortalezaA, data_inicio: '2027-04-01', data_fim: '2027-04-02' })).toEqual([]);
  });

  it('names only the events the caller may see', async () => {
    const found = await overlaps({ cidade: city.fortalezaA, data_inicio: '2027-03-11', data_fim: '2027-03-13' }, 'marketing:leitor');
    expect(found.map((e) => e.id)).toEqual([ids.a, ids.later]);
    // Another provider's city is not the caller's.
    const r = await call('GET', `/v1/marketing/eventos/sobreposicoes?cidade=${city.fortalezaB}&data_inicio=2027-03-01&data_fim=2027-03-31`, undefined, 'marketing:leitor');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ cidade: MSG.referenceMissing });
  });

  it('without a city: the period\'s active events that meet another, with those they meet (the calendar\'s marks)', async () => {
    const found = await overlaps({ data_inicio: '2027-03-01', data_fim: '2027-03-31' });
    const byId = new Map(found.map((e) => [e.id, e.com.map((o: { id: number }) => o.id)]));
    expect(byId.get(ids.a)).toEqual([ids.b]);
    expect(byId.get(ids.b)).toEqual([ids.a, ids.later]);
    expect(byId.get(ids.later)).toEqual([ids.b]);
    expect(byId.has(ids.off)).toBe(false);
    expect(byId.has(ids.elsewhere)).toBe(false);
    // A Bitcom user: Vetorial's event takes no part.
    const mine = await overlaps({ data_inicio: '2027-03-01', data_fim: '2027-03-31' }, 'marketing:leitor');
    expect(mine.map((e) => e.id)).toEqual([]);
  });

  it('refuses missing or bad dates, an end before the start and a bad city in pt-BR; needs a role of the areas', async () => {
    for (const [query, field] of [
      [{ data_fim: '2027-03-01' }, 'data_inicio'],
      [{ data_inicio: '2027-03-01' }, 'data_fim'],
      [{ data_inicio: '2027-02-30', data_fim: '2027-03-01' }, 'data_inicio'],
      [{ data_inicio: '2027-03-02', data_fim: '2027-03-01' }, 'data_fim'],
      [{ data_inicio: '2027-03-01', data_fim: '2027-03-02', cidade: 'abc' }, 'cidade'],
      [{ data_inicio: '2027-03-01', data_fim: '2027-03-02', id: '-1' }, 'id'],
    ] as const) {
      const r = await call('GET', `/v1/marketing/eventos/sobreposicoes?${new URLSearchParams(query as Record<string, string>)}`);
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(r.json().errors), JSON.stringify(query)).toEqual([field]);
    }
    expect((await call('GET', '/v1/marketing/eventos/sobreposicoes?data_inicio=2027-03-01&data_fim=2027-03-02', undefined, 'rh:gestor')).statusCode).toBe(403);
  });
});
