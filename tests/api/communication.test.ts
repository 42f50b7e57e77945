// The communication scale's documented calls (HR/sales document, section 7 "Communication campaigns,
// rules, restrictions") and its write rules (src/server/communication/hooks.ts): the response names
// and shapes; the rule form's validation with the same texts through v1, REST and GraphQL (channels,
// the envio a criterion disables, no_dia and anual on tempo, the default e-mail title); the
// restriction's customer lookup and its one-per-customer rule; the rights of the regua_comunicacao
// area and the provider scope; malformed bodies answered 400, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TITLE, ENVIO_NOT_ALLOWED, NO_CHANNEL_MESSAGE } from '../../src/domain/communicationRules.js';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { NO_CUSTOMER_FOUND } from '../../src/server/communication/hooks.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

const UNIQUE_MESSAGE = 'Já existe uma restrição cadastrada para esse cliente, atualize as preferências através da tabela de restrições!';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let serial = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as one of the test's users acting with their role (the superadmin when none is named). */
async function call(method: Method, url: string, payload?: unknown, as?: string, role?: string) {
  const headers = as ? bearer(tokens[as], role ?? roleOf(as)) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
/** The user keys are 'level' (Bitcom) or 'level@B' (Vetorial); their role is regua_comunicacao:level. */
const roleOf = (as: string) => (as === 'vendas' ? 'vendas:gestor' : `regua_comunicacao:${as.split('@')[0]}`);

async function createCampaign(name: string, provider: number | string = A, as = 'gestor', extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/v1/campanha/agendamento', { provider, name, ...extra }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_campanha_comunicacao.returning[0] as Record<string, any>;
}

/** A valid rule of a campaign: birthday, yearly, morning, by SMS. */
const rule = (campanha_id: number, extra: Record<string, unknown> = {}) => ({
  campanha_id,
  criterio: 'data_aniversario',
  envio: 'anual',
  turno: 'M',
  sms: true,
  mensagem_sms: 'Feliz aniversário!',
  ...extra,
});

async function createRules(objects: Record<string, unknown>[], as = 'gestor') {
  const r = await call('POST', '/v1/campanha/regras', { objects }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_campanha_regra.returning as Record<string, any>[];
}

const ruleCount = async (campaign: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campanha.regra WHERE campanha_id = $1', [campaign])).rows[0].n;

/** A customer of a provider, written as the import writes it; a unique code per call. */
async function customer(provider: number, nome: string, cpf: string | null = null) {
  const code = `C${Date.now().toString(36)}${++serial}`;
  const system = provider === A ? 'BITCOM' : 'VETORIAL';
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, situacao)
     VALUES ($1, $2, $3, $3, $4, $5, 'ativo')`,
    [system, provider, code, nome, cpf],
  );
  return code;
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  for (const [nome, id_empresa, erp] of [
    ['BITCOM', A, 'MK Solutions'],
    ['VETORIAL', B, 'SGP'],
  ] as const) {
    const r = await t.inject({ method: 'POST', url: '/api/systems', payload: { nome, id_empresa, erp } });
    expect(r.statusCode, r.body).toBe(201);
  }
  const users: [string, string[], number][] = [
    ['gestor', ['regua_comunicacao:gestor'], A],
    ['solicitante', ['regua_comunicacao:solicitante'], A],
    ['leitor', ['regua_comunicacao:leitor'], A],
    ['gestor@B', ['regua_comunicacao:gestor'], B],
    ['vendas', ['vendas:gestor'], A],
  ];
  for (const [key, papeis, provider] of users) {
    const email = `${key.replace('@', '.')}.${Date.now()}@comunicacao.com.br`;
    tokens[key] = await t.userToken({ papeis, id_empresas: [provider], email });
    userIds[key] = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
  }
});
afterAll(() => t?.close());

describe('communication campaigns (v1/campanha/agendamento)', () => {
  it('POST creates from { provider, name, active, id_usuario }: the caller is recorded, whatever id_usuario says', async () => {
    const r = await call('POST', '/v1/campanha/agendamento', { provider: A, name: 'Boas-vindas', active: false, id_usuario: 1 }, 'solicitante');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.insert_campanha_comunicacao.affected_rows).toBe(1);
    expect(body.insert_campanha_comunicacao.returning).toEqual([
      { id: expect.any(Number), created_at: expect.any(String), sistema: A, nome: 'Boas-vindas', ativo: false, id_usuario: userIds.solicitante },
    ]);
  });

  it('POST: the provider by name, active by default, also inside { object }', async () => {
    const byName = await createCampaign('Aniversariantes', 'bitcom');
    expect(byName).toMatchObject({ sistema: A, nome: 'Aniversariantes', ativo: true, id_usuario: userIds.gestor });
    const wrapped = await call('POST', '/v1/campanha/agendamento', { object: { provider: String(A), name: 'Reativação' } }, 'gestor');
    expect(wrapped.statusCode, wrapped.body).toBe(200);
    expect(wrapped.json().insert_campanha_comunicacao.returning[0]).toMatchObject({ sistema: A, nome: 'Reativação', ativo: true });
  });

  it('POST: provider and name are required, with the call\'s own field names', async () => {
    const r = await call('POST', '/v1/campanha/agendamento', {}, 'gestor');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: MSG.requiredForm, errors: { provider: MSG.required, name: MSG.required } });
    const blank = await call('POST', '/v1/campanha/agendamento', { provider: '', name: '  ' }, 'gestor');
    expect(blank.json().errors).toEqual({ provider: MSG.required, name: MSG.required });
    const unknown = await call('POST', '/v1/campanha/agendamento', { provider: 'Provedor Inexistente', name: 'X1' }, 'gestor');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ provider: MSG.option });
  });

  it('POST: malformed bodies answer 400 on the field, never 500', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ provider: A, name: 'Campanha', hack: 1 }, { hack: MSG.unknownField }],
      [{ provider: A, name: 'Campanha', active: 'sim' }, { active: MSG.boolean }],
      [{ provider: A, name: 42 }, { name: MSG.text }],
      [{ provider: { id: A }, name: 'Campanha' }, { provider: MSG.invalid }],
      [{ provider: A, name: 'Campanha', id_usuario: 'eu' }, { id_usuario: MSG.integer }],
      [{ provider: A, name: 'C' }, { name: MSG.minLength(2) }],
      [{ object: 'x' }, { object: MSG.invalid }],
      [{ object: { provider: A, name: 'Campanha' }, extra: true }, { extra: MSG.unknownField }],
    ];
    for (const [payload, errors] of cases) {
      const r = await call('POST', '/v1/campanha/agendamento', payload, 'gestor');
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    for (const payload of ['texto', '[1, 2]']) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/campanha/agendamento', headers: { ...bearer(tokens.gestor, 'regua_comunicacao:gestor'), 'content-type': 'application/json' }, payload });
      expect(r.statusCode, payload).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
  });

  it('GET lists the caller\'s providers\' campaigns, newest first, each with its rules in creation order; sistema and ativo filter', async () => {
    const older = await createCampaign('Lista Antiga');
    const newer = await createCampaign('Lista Nova', A, 'gestor', { active: false });
    const other = await createCampaign('Lista Vetorial', B, 'gestor@B');
    const [r1, r2] = await createRules([rule(older.id), rule(older.id, { turno: 'N' })]);
    const r3 = (await createRules([rule(older.id, { turno: 'T' })]))[0];

    const r = await call('GET', '/v1/campanha/agendamento', undefined, 'leitor');
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json().campanha_comunicacao as Record<string, any>[];
    expect(rows.every((c) => c.sistema === A)).toBe(true);
    const ids = rows.map((c) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(other.id);
    const listed = rows.find((c) => c.id === older.id)!;
    expect(Object.keys(listed).sort()).toEqual(['ativo', 'created_at', 'id', 'id_usuario', 'nome', 'regras', 'sistema']);
    expect(listed.regras.map((x: { id: number }) => x.id)).toEqual([r1.id, r2.id, r3.id]);
    expect(listed.regras[0]).toMatchObject({ campanha_id: older.id, criterio: 'data_aniversario', envio: 'anual', turno: 'M', sms: true });
    expect(rows.find((c) => c.id === newer.id)!.regras).toEqual([]);

    const inactive = (await call('GET', '/v1/campanha/agendamento?ativo=false', undefined, 'leitor')).json().campanha_comunicacao;
    expect(inactive.map((c: { id: number }) => c.id)).toContain(newer.id);
    expect(inactive.every((c: { ativo: boolean }) => !c.ativo)).toBe(true);
    // The superadmin sees both providers and narrows by provider id or name.
    const all = (await call('GET', '/v1/campanha/agendamento')).json().campanha_comunicacao.map((c: { id: number }) => c.id);
    expect(all).toEqual(expect.arrayContaining([older.id, other.id]));
    const vetorial = (await call('GET', '/v1/campanha/agendamento?sistema=Vetorial')).json().campanha_comunicacao;
    expect(vetorial.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect((await call('GET', `/v1/campanha/agendamento?sistema=${B}`)).json().campanha_comunicacao.map((c: { id: number }) => c.id)).toEqual([other.id]);
    // Another provider's id from a Bitcom user finds nothing.
    expect((await call('GET', `/v1/campanha/agendamento?sistema=${B}`, undefined, 'leitor')).json()).toEqual({ campanha_comunicacao: [] });
    // Vetorial's user sees only Vetorial's.
    const fromB = (await call('GET', '/v1/campanha/agendamento', undefined, 'gestor@B')).json().campanha_comunicacao;
    expect(fromB.map((c: { id: number }) => c.id)).toEqual([other.id]);
  });

  it('GET one (campanha_comunicacao_by_pk) with its rules; 404 for another provider or none', async () => {
    const c = await createCampaign('Uma Campanha');
    const [x] = await createRules([rule(c.id)]);
    const r = await call('GET', `/v1/campanha/agendamento/${c.id}`, undefined, 'leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ campanha_comunicacao_by_pk: { ...c, regras: [x] } });
    expect((await call('GET', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor@B')).statusCode).toBe(404);
    const none = await call('GET', '/v1/campanha/agendamento/99999999', undefined, 'leitor');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.notFound);
    for (const bad of ['abc', '0', '9'.repeat(15)]) {
      const b = await call('GET', `/v1/campanha/agendamento/${bad}`, undefined, 'leitor');
      expect([400, 404], bad).toContain(b.statusCode);
    }
  });

  it('PUT { object: { ativo } } toggles (update_campanha_comunicacao_by_pk); nome and sistema may change; nothing else', async () => {
    const c = await createCampaign('Para Pausar');
    const off = await call('PUT', `/v1/campanha/agendamento/${c.id}`, { object: { ativo: false } }, 'solicitante');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().update_campanha_comunicacao_by_pk).toEqual({ ...c, ativo: false });
    const renamed = await call('PUT', `/v1/campanha/agendamento/${c.id}`, { object: { nome: 'Pausada', ativo: true } }, 'gestor');
    expect(renamed.json().update_campanha_comunicacao_by_pk).toMatchObject({ nome: 'Pausada', ativo: true, id_usuario: userIds.gestor });
    const bare = await call('PUT', `/v1/campanha/agendamento/${c.id}`, { ativo: false }, 'gestor');
    expect(bare.json().update_campanha_comunicacao_by_pk.ativo).toBe(false);

    for (const [payload, errors] of [
      [{ object: { id_usuario: userIds.leitor } }, { id_usuario: MSG.unknownField }],
      [{ object: { ativo: 'não' } }, { ativo: MSG.boolean }],
      [{ object: { ativo: true }, x: 1 }, { x: MSG.unknownField }],
      [{ object: [true] }, { object: MSG.invalid }],
    ] as const) {
      const r = await call('PUT', `/v1/campanha/agendamento/${c.id}`, payload, 'gestor');
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await call('PUT', `/v1/campanha/agendamento/${c.id}`, { object: { ativo: true } }, 'leitor')).statusCode).toBe(403);
    expect((await call('PUT', `/v1/campanha/agendamento/${c.id}`, { object: { ativo: true } }, 'gestor@B')).statusCode).toBe(404);
    // Moving it to another provider is outside the caller's providers.
    expect((await call('PUT', `/v1/campanha/agendamento/${c.id}`, { object: { sistema: B } }, 'gestor')).statusCode).toBe(403);
    expect((await call('GET', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor')).json().campanha_comunicacao_by_pk.sistema).toBe(A);
  });

  it('DELETE removes the campaign and its rules (delete_campanha_comunicacao_by_pk), each in the history', async () => {
    const c = await createCampaign('Para Excluir');
    const made = await createRules([rule(c.id), rule(c.id, { turno: 'T' })]);
    expect((await call('DELETE', `/v1/campanha/agendamento/${c.id}`, undefined, 'solicitante')).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor@B')).statusCode).toBe(404);
    const r = await call('DELETE', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ delete_campanha_comunicacao_by_pk: c });
    expect(await ruleCount(c.id)).toBe(0);
    expect((await call('GET', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor')).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/campanha/agendamento/${c.id}`, undefined, 'gestor')).statusCode).toBe(404);
    // The audit: the campaign's and each rule's DELETE, by the caller.
    const history = await call('GET', `/api/communication-campaigns/${c.id}/history`, undefined, 'gestor');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['DELETE', 'INSERT']);
    // A rule reaches its provider through its campaign, gone with it: its history is the superadmin's.
    for (const x of made) {
      const h = await call('GET', `/api/communication-rules/${x.id}/history`);
      expect(h.statusCode, h.body).toBe(200);
      expect(h.json().map((e: { operacao: string; id_usuario: number }) => [e.operacao, e.id_usuario])).toEqual([
        ['DELETE', userIds.gestor],
        ['INSERT', userIds.gestor],
      ]);
      expect(h.json()[0].old_data).toMatchObject({ id: x.id, campanha_id: c.id });
    }
  });

  it('REST and GraphQL record the author too', async () => {
    const rest = await call('POST', '/api/communication-campaigns', { sistema: A, nome: 'Pelo REST', id_usuario: userIds.leitor }, 'gestor');
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ nome: 'Pelo REST', ativo: true, id_usuario: userIds.gestor });
    const gql = await call('POST', '/v1/graphql', { query: `mutation { insert_campanha_comunicacao_one(object: { sistema: ${A}, nome: "Pelo GraphQL" }) { id id_usuario } }` }, 'gestor');
    expect(gql.json().errors, gql.body).toBeUndefined();
    expect(gql.json().data.insert_campanha_comunicacao_one.id_usuario).toBe(userIds.gestor);
  });
});

describe('communication rules (v1/campanha/regras)', () => {
  let campaign: number;
  beforeAll(async () => {
    campaign = (await createCampaign('Regras')).id;
  });

  it('POST { objects } writes them all (insert_campanha_regra), normalised: no_dia tempo 0, anual tempo null, the default e-mail title', async () => {
    const r = await call(
      'POST',
      '/v1/campanha/regras',
      {
        objects: [
          rule(campaign, { criterio: 'data_ativacao', envio: 'no_dia', tempo: 15, turno: 'T', sms: false, mensagem_sms: null, email: true, mensagem_email: '<p>Bem-vindo!</p>', titulo_email: 'Meu título' }),
          rule(campaign, { envio: 'anual', tempo: 10, data_especifica: '2026-05-01' }),
          rule(campaign, { criterio: 'data_especifica', envio: 'dia_anterior', tempo: 3, data_especifica: '2026-12-25', whatsapp: true, template_whatsapp: 'natal_v1' }),
        ],
      },
      'solicitante',
    );
    expect(r.statusCode, r.body).toBe(200);
    const { affected_rows, returning } = r.json().insert_campanha_regra;
    expect(affected_rows).toBe(3);
    expect(returning[0]).toEqual({
      id: expect.any(Number),
      criado: expect.any(String),
      campanha_id: campaign,
      criterio: 'data_ativacao',
      envio: 'no_dia',
      tempo: 0,
      data_especifica: null,
      turno: 'T',
      ativo: true,
      whatsapp: false,
      template_whatsapp: null,
      email: true,
      mensagem_email: '<p>Bem-vindo!</p>',
      titulo_email: DEFAULT_EMAIL_TITLE,
      sms: false,
      mensagem_sms: null,
    });
    expect(returning[1]).toMatchObject({ envio: 'anual', tempo: null, data_especifica: null, titulo_email: null });
    expect(returning[2]).toMatchObject({ criterio: 'data_especifica', envio: 'dia_anterior', tempo: 3, data_especifica: '2026-12-25', whatsapp: true, template_whatsapp: 'natal_v1' });
  });

  it('all or nothing: one refused record writes none, and the errors name its index', async () => {
    const before = await ruleCount(campaign);
    const r = await call('POST', '/v1/campanha/regras', { objects: [rule(campaign), rule(campaign, { whatsapp: true })] }, 'gestor');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: MSG.requiredForm, errors: { 'objects.1.template_whatsapp': MSG.required } });
    expect(await ruleCount(campaign)).toBe(before);
  });

  it('the rule form\'s refusals, in the same words through v1 and REST', async () => {
    const cases: [Record<string, unknown>, { message: string; errors: Record<string, string> }][] = [
      [{ whatsapp: true }, { message: MSG.requiredForm, errors: { template_whatsapp: MSG.required } }],
      [{ email: true }, { message: MSG.requiredForm, errors: { mensagem_email: MSG.required } }],
      [{ mensagem_sms: '' }, { message: MSG.requiredForm, errors: { mensagem_sms: MSG.required } }],
      [{ sms: false }, { message: NO_CHANNEL_MESSAGE, errors: {} }],
      [{ criterio: 'data_ativacao', envio: 'anual' }, { message: MSG.requiredForm, errors: { envio: ENVIO_NOT_ALLOWED } }],
      [{ criterio: 'data_ativacao', envio: 'dia_anterior', tempo: 2 }, { message: MSG.requiredForm, errors: { envio: ENVIO_NOT_ALLOWED } }],
      [{ criterio: 'data_contratacao', envio: 'dia_anterior', tempo: 2 }, { message: MSG.requiredForm, errors: { envio: ENVIO_NOT_ALLOWED } }],
      [{ criterio: 'data_especifica', envio: 'dia_seguinte', tempo: 2, data_especifica: '2026-10-10' }, { message: MSG.requiredForm, errors: { envio: ENVIO_NOT_ALLOWED } }],
      [{ envio: 'dia_seguinte', tempo: 2 }, { message: MSG.requiredForm, errors: { envio: ENVIO_NOT_ALLOWED } }],
      [{ criterio: 'data_ativacao', envio: null }, { message: MSG.requiredForm, errors: { envio: MSG.required, tempo: MSG.required } }],
      [{ criterio: 'data_contratacao', envio: 'dia_seguinte' }, { message: MSG.requiredForm, errors: { tempo: MSG.required } }],
      [{ criterio: 'data_contratacao', envio: 'dia_seguinte', tempo: 0 }, { message: MSG.requiredForm, errors: { tempo: MSG.minimum(1) } }],
      [{ envio: null }, { message: MSG.requiredForm, errors: { envio: MSG.required } }],
      [{ criterio: 'data_especifica', envio: 'no_dia' }, { message: MSG.requiredForm, errors: { data_especifica: MSG.required } }],
    ];
    for (const [extra, expected] of cases) {
      const label = JSON.stringify(extra);
      const rest = await call('POST', '/api/communication-rules', rule(campaign, extra), 'gestor');
      expect(rest.statusCode, label).toBe(400);
      expect(rest.json(), label).toEqual(expected);
      const v1 = await call('POST', '/v1/campanha/regras', { objects: [rule(campaign, extra)] }, 'gestor');
      expect(v1.statusCode, label).toBe(400);
      const indexed = Object.fromEntries(Object.entries(expected.errors).map(([k, v]) => [`objects.0.${k}`, v]));
      if (expected.message === NO_CHANNEL_MESSAGE) indexed['objects.0'] = NO_CHANNEL_MESSAGE;
      expect(v1.json(), label).toEqual({ message: expected.message, errors: indexed });
    }
  });

  it('the schema\'s own refusals: criterion and shift required, types, unknown fields, a date that does not exist', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ criterio: undefined, turno: undefined }, { criterio: MSG.required, turno: MSG.required }],
      [{ tempo: 'abc', envio: 'dia_anterior' }, { tempo: MSG.integer }],
      [{ tempo: 400, envio: 'dia_anterior' }, { tempo: MSG.maximum(365) }],
      [{ hack: 1 }, { hack: MSG.unknownField }],
      [{ criterio: 'data_especifica', envio: 'no_dia', data_especifica: '2026-02-30' }, { data_especifica: MSG.date }],
      [{ turno: 'X' }, { turno: MSG.option }],
    ];
    for (const [extra, errors] of cases) {
      const body = rule(campaign, extra);
      const rest = await call('POST', '/api/communication-rules', body, 'gestor');
      expect(rest.statusCode, JSON.stringify(extra)).toBe(400);
      expect(rest.json().errors, JSON.stringify(extra)).toEqual(errors);
      const v1 = await call('POST', '/v1/campanha/regras', { objects: [body] }, 'gestor');
      expect(v1.statusCode, JSON.stringify(extra)).toBe(400);
      expect(v1.json().errors, JSON.stringify(extra)).toEqual(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`objects.0.${k}`, v])));
    }
  });

  it('GraphQL refuses with the same texts', async () => {
    const r = await call('POST', '/v1/graphql', {
      query: `mutation { insert_campanha_regra_one(object: { campanha_id: ${campaign}, criterio: "data_aniversario", envio: "anual", turno: "M" }) { id } }`,
    }, 'gestor');
    expect(r.json().errors[0]).toMatchObject({ message: NO_CHANNEL_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('REST writes are normalised the same way, on create and on update', async () => {
    const created = await call('POST', '/api/communication-rules', rule(campaign, { criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: 5, email: true, mensagem_email: 'Oi' }), 'gestor');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tempo: 5, titulo_email: DEFAULT_EMAIL_TITLE });
    const id = created.json().id;
    const noDia = await call('PUT', `/api/communication-rules/${id}`, { envio: 'no_dia' }, 'gestor');
    expect(noDia.statusCode, noDia.body).toBe(200);
    expect(noDia.json().tempo).toBe(0);
    const anual = await call('PUT', `/api/communication-rules/${id}`, { criterio: 'data_contratacao', envio: 'anual' }, 'gestor');
    expect(anual.json()).toMatchObject({ envio: 'anual', tempo: null });
    // Switching the last channels off is refused with the channel message.
    const none = await call('PUT', `/api/communication-rules/${id}`, { sms: false, email: false }, 'gestor');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: NO_CHANNEL_MESSAGE, errors: {} });
    // A toggle of ativo writes ativo alone.
    const off = await call('PUT', `/api/communication-rules/${id}`, { ativo: false }, 'gestor');
    expect(off.json()).toMatchObject({ ativo: false, envio: 'anual', tempo: null, email: true, sms: true });
    const history = (await call('GET', `/api/communication-rules/${id}/history`, undefined, 'gestor')).json();
    expect(history.length).toBe(4);
  });

  it('GET ?campanha_id= lists a campaign\'s rules (campanha_regra); PUT { object: { ativo } } and DELETE by id', async () => {
    const c = (await createCampaign('Regras Lista')).id;
    const [x, y] = await createRules([rule(c), rule(c, { turno: 'N' })]);
    const listed = await call('GET', `/v1/campanha/regras?campanha_id=${c}`, undefined, 'leitor');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ campanha_regra: [x, y] });

    const off = await call('PUT', `/v1/campanha/regras/${x.id}`, { object: { ativo: false } }, 'solicitante');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ update_campanha_regra_by_pk: { ...x, ativo: false } });
    const active = await call('GET', `/v1/campanha/regras?campanha_id=${c}&ativo=true`, undefined, 'leitor');
    expect(active.json().campanha_regra.map((r: { id: number }) => r.id)).toEqual([y.id]);
    const edited = await call('PUT', `/v1/campanha/regras/${y.id}`, { object: { envio: 'no_dia', criterio: 'data_contratacao' } }, 'gestor');
    expect(edited.json().update_campanha_regra_by_pk).toMatchObject({ criterio: 'data_contratacao', envio: 'no_dia', tempo: 0 });
    const refused = await call('PUT', `/v1/campanha/regras/${y.id}`, { object: { criterio: 'data_ativacao', envio: 'anual' } }, 'gestor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ envio: ENVIO_NOT_ALLOWED });
    expect((await call('PUT', `/v1/campanha/regras/${y.id}`, { object: { hack: 1 } }, 'gestor')).json().errors).toEqual({ hack: MSG.unknownField });

    expect((await call('DELETE', `/v1/campanha/regras/${x.id}`, undefined, 'solicitante')).statusCode).toBe(403);
    const removed = await call('DELETE', `/v1/campanha/regras/${x.id}`, undefined, 'gestor');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ delete_campanha_regra_by_pk: { ...x, ativo: false } });
    expect((await call('GET', `/v1/campanha/regras?campanha_id=${c}`, undefined, 'leitor')).json().campanha_regra.map((r: { id: number }) => r.id)).toEqual([y.id]);
    expect((await call('DELETE', `/v1/campanha/regras/${x.id}`, undefined, 'gestor')).statusCode).toBe(404);
  });

  it('another provider\'s user neither sees nor writes a campaign\'s rules', async () => {
    const c = (await createCampaign('Regras Escopo')).id;
    const [x] = await createRules([rule(c)]);
    expect((await call('GET', `/v1/campanha/regras?campanha_id=${c}`, undefined, 'gestor@B')).json()).toEqual({ campanha_regra: [] });
    expect((await call('GET', '/v1/campanha/regras', undefined, 'gestor@B')).json().campanha_regra.map((r: { id: number }) => r.id)).not.toContain(x.id);
    expect((await call('PUT', `/v1/campanha/regras/${x.id}`, { object: { ativo: false } }, 'gestor@B')).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/campanha/regras/${x.id}`, undefined, 'gestor@B')).statusCode).toBe(404);
    const before = await ruleCount(c);
    expect((await call('POST', '/v1/campanha/regras', { objects: [rule(c)] }, 'gestor@B')).statusCode).toBe(403);
    expect((await call('POST', '/api/communication-rules', rule(c), 'gestor@B')).statusCode).toBe(403);
    // Moving one's rule into another provider's campaign is refused too.
    const own = (await createCampaign('Regras de B', B, 'gestor@B')).id;
    const [z] = await createRules([rule(own)], 'gestor@B');
    expect((await call('PUT', `/v1/campanha/regras/${z.id}`, { object: { campanha_id: c } }, 'gestor@B')).statusCode).toBe(403);
    expect(await ruleCount(c)).toBe(before);
  });

  it('POST: malformed bodies answer 400, never 500', async () => {
    const cases: [unknown, number, Record<string, string>][] = [
      [{}, 400, { objects: MSG.required }],
      [{ objects: null }, 400, { objects: MSG.required }],
      [{ objects: rule(campaign) }, 400, { objects: MSG.list }],
      [{ objects: 'x' }, 400, { objects: MSG.list }],
      [{ objects: [rule(campaign), 7] }, 400, { 'objects.1': MSG.invalid }],
      [{ objects: [rule(campaign)], object: rule(campaign) }, 400, { object: MSG.unknownField }],
      [{ objects: [rule(99999999)] }, 400, { 'objects.0.campanha_id': MSG.referenceMissing }],
      [{ objects: [rule(campaign, { campanha_id: 'um' })] }, 400, { 'objects.0.campanha_id': MSG.integer }],
      [{ objects: Array.from({ length: 101 }, () => rule(campaign)) }, 400, { objects: MSG.maxItems(100) }],
    ];
    const before = await ruleCount(campaign);
    for (const [payload, status, errors] of cases) {
      const r = await call('POST', '/v1/campanha/regras', payload, 'gestor');
      expect(r.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(status);
      expect(r.json().errors, JSON.stringify(payload).slice(0, 200)).toEqual(errors);
    }
    expect((await call('POST', '/v1/campanha/regras', { objects: [] }, 'gestor')).json()).toEqual({ insert_campanha_regra: { affected_rows: 0, returning: [] } });
    expect(await ruleCount(campaign)).toBe(before);
    const raw = await t.app.inject({ method: 'POST', url: '/v1/campanha/regras', headers: { ...bearer(tokens.gestor, 'regua_comunicacao:gestor'), 'content-type': 'application/json' }, payload: '[]' });
    expect(raw.statusCode).toBe(400);
    for (const url of ['/v1/campanha/regras?campanha_id=abc', '/v1/campanha/regras?ativo=talvez', '/v1/campanha/regras?outro=1', '/v1/campanha/agendamento?ativo=x']) {
      const r = await call('GET', url, undefined, 'leitor');
      expect(r.statusCode, url).toBe(400);
      expect(typeof r.json().message, url).toBe('string');
    }
  });
});

describe('sending restrictions (v1/relacionamento/restricoes)', () => {
  it('POST fills name and CPF from the provider\'s customer (insert_preferencias_cliente); channels default to restricted', async () => {
    const code = await customer(A, 'João da Silva', '529.982.247-25');
    const r = await call('POST', '/v1/relacionamento/restricoes', { object: { sistema: A, cod_cliente: code, whatsapp: true, nome_razaosocial: 'Outro Nome', cpf: '000' } }, 'solicitante');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      insert_preferencias_cliente: {
        affected_rows: 1,
        returning: [
          { id: expect.any(Number), created_at: expect.any(String), sistema: A, cod_cliente: code, nome_razaosocial: 'João da Silva', cpf: '529.982.247-25', whatsapp: true, email: false, sms: false },
        ],
      },
    });
    // The fields without { object } too.
    const other = await customer(A, 'Maria Souza');
    const flat = await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: other, sms: true }, 'gestor');
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().insert_preferencias_cliente.returning[0]).toMatchObject({ nome_razaosocial: 'Maria Souza', cpf: null, sms: true, whatsapp: false });
  });

  it('a code the provider does not have: 400 "Nenhum resultado encontrado" on cod_cliente, through v1 and REST', async () => {
    const ofB = await customer(B, 'Cliente de Vetorial');
    for (const code of ['NAO-EXISTE', ofB]) {
      const v1 = await call('POST', '/v1/relacionamento/restricoes', { object: { sistema: A, cod_cliente: code } }, 'gestor');
      expect(v1.statusCode, code).toBe(400);
      expect(v1.json()).toEqual({ message: NO_CUSTOMER_FOUND, errors: { cod_cliente: NO_CUSTOMER_FOUND } });
      const rest = await call('POST', '/api/communication-restrictions', { sistema: A, cod_cliente: code }, 'gestor');
      expect(rest.statusCode, code).toBe(400);
      expect(rest.json()).toEqual({ message: NO_CUSTOMER_FOUND, errors: { cod_cliente: NO_CUSTOMER_FOUND } });
    }
  });

  it('one restriction per customer: 409 with the spec\'s text through v1 and REST', async () => {
    const code = await customer(A, 'Cliente Repetido', '111.444.777-35');
    expect((await call('POST', '/v1/relacionamento/restricoes', { object: { sistema: A, cod_cliente: code } }, 'gestor')).statusCode).toBe(200);
    const v1 = await call('POST', '/v1/relacionamento/restricoes', { object: { sistema: A, cod_cliente: code, email: true } }, 'gestor');
    expect(v1.statusCode).toBe(409);
    expect(v1.json()).toEqual({ message: UNIQUE_MESSAGE, errors: { cod_cliente: UNIQUE_MESSAGE } });
    const rest = await call('POST', '/api/communication-restrictions', { sistema: A, cod_cliente: code }, 'gestor');
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toEqual({ message: UNIQUE_MESSAGE, errors: { cod_cliente: UNIQUE_MESSAGE } });
    // Moving another restriction onto that customer is refused the same way.
    const second = await customer(A, 'Outro Cliente');
    const id = (await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: second }, 'gestor')).json().insert_preferencias_cliente.returning[0].id;
    const moved = await call('PUT', `/v1/relacionamento/restricoes/${id}`, { object: { cod_cliente: code } }, 'gestor');
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(UNIQUE_MESSAGE);
  });

  it('GET lists the caller\'s providers\' restrictions, newest first, by sistema, cod_cliente, cpf and nome (preferencias_cliente)', async () => {
    const c1 = await customer(A, 'Ângela Lista', '390.533.447-05');
    const c2 = await customer(A, 'Bruno Lista', '123.456.789-09');
    const c3 = await customer(B, 'Carla Lista B');
    const r1 = (await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: c1 }, 'gestor')).json().insert_preferencias_cliente.returning[0];
    const r2 = (await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: c2, email: true }, 'gestor')).json().insert_preferencias_cliente.returning[0];
    const r3 = (await call('POST', '/v1/relacionamento/restricoes', { sistema: B, cod_cliente: c3 }, 'gestor@B')).json().insert_preferencias_cliente.returning[0];

    const all = await call('GET', '/v1/relacionamento/restricoes', undefined, 'leitor');
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().preferencias_cliente.map((r: { id: number }) => r.id);
    expect(ids.indexOf(r2.id)).toBeLessThan(ids.indexOf(r1.id));
    expect(ids).not.toContain(r3.id);
    expect(all.json().preferencias_cliente.find((r: { id: number }) => r.id === r2.id)).toEqual(r2);

    const q = async (query: string, as = 'leitor') => (await call('GET', `/v1/relacionamento/restricoes?${query}`, undefined, as)).json().preferencias_cliente.map((r: { id: number }) => r.id);
    expect(await q(`cod_cliente=${c1}`)).toEqual([r1.id]);
    expect(await q('cpf=39053344705')).toEqual([r1.id]);
    expect(await q('cpf=390.533')).toEqual([r1.id]);
    expect(await q('nome=angela%20lista')).toEqual([r1.id]);
    expect(await q('nome=Lista')).toEqual([r2.id, r1.id]);
    expect(await q(`sistema=${B}&nome=Lista`)).toEqual([]);
    expect(await q(`sistema=Vetorial&nome=Lista`, 'gestor@B')).toEqual([r3.id]);
    expect(await q('nome=Lista', 'gestor@B')).toEqual([r3.id]);
    expect(await q(`sistema=${A}&nome=Lista&limit=1`)).toEqual([r2.id]);
    expect(await q(`sistema=${A}&nome=Lista&limit=1&offset=1`)).toEqual([r1.id]);
    expect(await q('nome=%25')).toEqual([]);
    for (const bad of ['limit=0', 'offset=-1', 'extra=1', 'nome=a%00b']) {
      const r = await call('GET', `/v1/relacionamento/restricoes?${bad}`, undefined, 'leitor');
      expect(r.statusCode, bad).toBe(400);
      expect(typeof r.json().message, bad).toBe('string');
    }
  });

  it('PUT { whatsapp, email, sms, sistema } (update_preferencias_cliente_by_pk); a new code looks the customer up again', async () => {
    const code = await customer(A, 'Cliente Editado', '529.982.247-25');
    const created = (await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: code }, 'gestor')).json().insert_preferencias_cliente.returning[0];
    const r = await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { whatsapp: true, email: true, sms: false, sistema: A }, 'solicitante');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ update_preferencias_cliente_by_pk: { ...created, whatsapp: true, email: true, sms: false } });
    const wrapped = await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { object: { sms: true, nome_razaosocial: 'Nome Forjado' } }, 'gestor');
    expect(wrapped.json().update_preferencias_cliente_by_pk).toMatchObject({ sms: true, nome_razaosocial: 'Cliente Editado' });

    const next = await customer(A, 'Cliente Novo');
    const moved = await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { object: { cod_cliente: next } }, 'gestor');
    expect(moved.json().update_preferencias_cliente_by_pk).toMatchObject({ cod_cliente: next, nome_razaosocial: 'Cliente Novo', cpf: null });
    const lost = await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { object: { cod_cliente: 'SEM-CLIENTE' } }, 'gestor');
    expect(lost.statusCode).toBe(400);
    expect(lost.json().errors).toEqual({ cod_cliente: NO_CUSTOMER_FOUND });

    for (const [payload, errors] of [
      [{ whatsapp: 'sim' }, { whatsapp: MSG.boolean }],
      [{ object: { hack: 1 } }, { hack: MSG.unknownField }],
      [{ id: 5 }, { id: MSG.unknownField }],
    ] as const) {
      const bad = await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, payload, 'gestor');
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { sms: false }, 'leitor')).statusCode).toBe(403);
    expect((await call('PUT', `/v1/relacionamento/restricoes/${created.id}`, { sms: false }, 'gestor@B')).statusCode).toBe(404);
  });

  it('DELETE (delete_preferencias_cliente_by_pk): the manager only, within their providers', async () => {
    const code = await customer(A, 'Cliente Excluído');
    const created = (await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: code }, 'gestor')).json().insert_preferencias_cliente.returning[0];
    expect((await call('DELETE', `/v1/relacionamento/restricoes/${created.id}`, undefined, 'solicitante')).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/relacionamento/restricoes/${created.id}`, undefined, 'gestor@B')).statusCode).toBe(404);
    const r = await call('DELETE', `/v1/relacionamento/restricoes/${created.id}`, undefined, 'gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ delete_preferencias_cliente_by_pk: created });
    expect((await call('DELETE', `/v1/relacionamento/restricoes/${created.id}`, undefined, 'gestor')).statusCode).toBe(404);
    // The customer may get a restriction again.
    expect((await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: code }, 'gestor')).statusCode).toBe(200);
  });

  it('another provider\'s customer is not the caller\'s to restrict', async () => {
    const ofA = await customer(A, 'Cliente Só de A');
    const r = await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: ofA }, 'gestor@B');
    expect(r.statusCode).toBe(403);
    expect((await t.db.query('SELECT 1 FROM relacionamento.preferencias_cliente WHERE cod_cliente = $1', [ofA])).rows).toEqual([]);
  });

  it('POST: malformed bodies answer 400, never 500', async () => {
    const code = await customer(A, 'Cliente Malformado');
    const cases: [unknown, Record<string, string>][] = [
      [{}, { sistema: MSG.required, cod_cliente: MSG.required }],
      [{ object: { sistema: 'A', cod_cliente: code } }, { sistema: MSG.integer }],
      [{ object: { sistema: A, cod_cliente: code, extra: 1 } }, { extra: MSG.unknownField }],
      [{ object: { sistema: A, cod_cliente: code }, extra: 1 }, { extra: MSG.unknownField }],
      [{ object: { sistema: A, cod_cliente: code, sms: 'não' } }, { sms: MSG.boolean }],
      [{ object: [] }, { object: MSG.invalid }],
    ];
    for (const [payload, errors] of cases) {
      const r = await call('POST', '/v1/relacionamento/restricoes', payload, 'gestor');
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
  });
});

describe('rights', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/v1/campanha/agendamento'],
    ['GET', '/v1/campanha/agendamento/1'],
    ['PUT', '/v1/campanha/agendamento/1', { object: { ativo: false } }],
    ['DELETE', '/v1/campanha/agendamento/1'],
    ['POST', '/v1/campanha/agendamento', { provider: 1, name: 'Sem Token' }],
    ['GET', '/v1/campanha/regras'],
    ['POST', '/v1/campanha/regras', { objects: [] }],
    ['PUT', '/v1/campanha/regras/1', { object: { ativo: false } }],
    ['DELETE', '/v1/campanha/regras/1'],
    ['GET', '/v1/relacionamento/restricoes'],
    ['POST', '/v1/relacionamento/restricoes', { object: { sistema: 1, cod_cliente: 'X' } }],
    ['PUT', '/v1/relacionamento/restricoes/1', { sms: true }],
    ['DELETE', '/v1/relacionamento/restricoes/1'],
  ];

  it('no token: 401 on every call', async () => {
    for (const [method, url, payload] of routes) {
      const r = await t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a role header the user does not hold, or another area\'s role: 403', async () => {
    for (const [method, url, payload] of routes) {
      const notHeld = await call(method, url, payload, 'leitor', 'regua_comunicacao:gestor');
      expect(notHeld.statusCode, `${method} ${url}`).toBe(403);
      expect(notHeld.json().message).toBe(AUTH_MSG.notAuthorized);
      expect((await call(method, url, payload, 'vendas')).statusCode, `vendas ${method} ${url}`).toBe(403);
    }
  });

  it('the reader reads but writes nothing; the requester writes but does not delete', async () => {
    const c = await createCampaign('Direitos');
    const [x] = await createRules([rule(c.id)]);
    expect((await call('GET', `/v1/campanha/agendamento/${c.id}`, undefined, 'leitor')).statusCode).toBe(200);
    expect((await call('POST', '/v1/campanha/agendamento', { provider: A, name: 'Do Leitor' }, 'leitor')).statusCode).toBe(403);
    expect((await call('POST', '/v1/campanha/regras', { objects: [rule(c.id)] }, 'leitor')).statusCode).toBe(403);
    expect((await call('PUT', `/v1/campanha/regras/${x.id}`, { object: { ativo: false } }, 'leitor')).statusCode).toBe(403);
    expect((await call('POST', '/v1/relacionamento/restricoes', { sistema: A, cod_cliente: 'X' }, 'leitor')).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/campanha/regras/${x.id}`, undefined, 'solicitante')).statusCode).toBe(403);
    expect((await call('POST', '/v1/campanha/agendamento', { provider: B, name: 'De Outro Provedor' }, 'gestor')).statusCode).toBe(403);
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    for (const path of ['/v1/campanha/agendamento', '/v1/campanha/agendamento/{id}', '/v1/campanha/regras', '/v1/campanha/regras/{id}', '/v1/relacionamento/restricoes', '/v1/relacionamento/restricoes/{id}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/v1/campanha/regras'].post.summary).toContain('insert_campanha_regra');
  });
});
