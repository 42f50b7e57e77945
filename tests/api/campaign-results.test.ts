// Campaign results and their report (marketing document, sections 2, 3, 5, 7 and 9): every v1 call
// with its response names, the form's rules with the spec's messages (required list, limits, money
// text, dates, empty values left out), the funnel figures read from the leads (x-intranet.readFrom),
// rights by role and provider, and the report tables' figures and metrics for a known data set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { seedDemo } from '../../src/server/seed.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
let campaign: number;
let channel: number;
const tokens: Record<string, string> = {};
const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';
const REPORT = '/v1/leads/relatorio/resultado/campanha';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as a user acting with a role (the superadmin when none is named). */
function call(method: Method, url: string, payload?: unknown, as?: string) {
  const headers = as ? bearer(tokens[as], as.replace(/@.*$/, '')) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let serial = 0;
/** A provider, campaign or channel of its own, so that a test's figures are its own. */
async function make(resource: 'providers' | 'sales-channels' | 'sales-campaigns', nome: string, extra: Record<string, unknown> = {}) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload: { nome: `${nome} ${++serial}`, ...extra } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; nome: string };
}

/** A funnel lead created at `at` (back-dated: the API fills created_at). */
async function lead(values: { provider: number; campaign?: number; channel: number; at: Date; sold?: number }) {
  await t.db.query(
    `INSERT INTO vendas.lead (nome, id_empresa, id_campanha, id_canal, origem, status, valor_venda, created_at)
     VALUES ('Lead de Teste', $1, $2, $3, 'link_rastreamento', $4, $5, $6)`,
    [values.provider, values.campaign ?? campaign, values.channel, values.sold ? 'venda' : 'novo', values.sold ?? null, values.at.toISOString()],
  );
}

/** The insert as a user (null: the superadmin). */
async function insert(body: Record<string, unknown>, as: string | null = 'marketing:solicitante') {
  return call('POST', '/v1/vendas/campanha/resultado/insert', { object: body }, as ?? undefined);
}
async function created(body: Record<string, unknown>, as?: string) {
  const r = await insert({ id_empresa: A, id_campanha: campaign, id_canal: channel, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-31', ...body }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_vendas_campanha_resultado_one as Record<string, any>;
}

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** This week's Monday in São Paulo (as a UTC date) and a moment of it (00:05 in São Paulo). */
function thisMonday() {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-').map(Number);
  const today = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  return { monday, early: new Date(monday.getTime() + 3 * 3_600_000 + 5 * 60_000) };
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  campaign = (await make('sales-campaigns', 'Black Friday', { bitcom: true, vetorial: true })).id;
  channel = (await make('sales-channels', 'Facebook Ads', { bitcom: true, vetorial: true })).id;
  for (const role of ['marketing:gestor', 'marketing:solicitante', 'marketing:leitor', 'vendas:solicitante', 'vendas:leitor', 'rh:gestor']) {
    tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A] });
  }
  tokens['marketing:gestor@B'] = await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [B] });
});
afterAll(() => t?.close());

describe('POST v1/vendas/campanha/resultado/insert', () => {
  it('answers the result with its names, period text and the funnel figures of its period', async () => {
    const own = await make('sales-channels', 'Google', { bitcom: true });
    await lead({ provider: A, channel: own.id, at: new Date('2026-03-05T15:00:00Z') });
    await lead({ provider: A, channel: own.id, at: new Date('2026-03-10T15:00:00Z'), sold: 150 });
    await lead({ provider: A, channel: own.id, at: new Date('2026-03-31T23:30:00Z'), sold: 99.9 }); // 20:30 on the 31st in São Paulo
    await lead({ provider: A, channel: own.id, at: new Date('2026-04-01T03:30:00Z'), sold: 500 }); // April 1st in São Paulo: out
    await lead({ provider: B, channel: own.id, at: new Date('2026-03-10T15:00:00Z'), sold: 70 }); // another provider: out
    const r = await insert({
      id_empresa: A,
      id_campanha: campaign,
      id_canal: own.id,
      periodo: '01/03/2026 a 31/03/2026',
      impressoes: '12.345',
      cliques: 678,
      conversas_iniciadas: '',
      investimento: 'R$ 1.234,56',
      id_usuario: 999,
    });
    expect(r.statusCode, r.body).toBe(200);
    const row = r.json().insert_vendas_campanha_resultado_one;
    expect(row).toMatchObject({
      periodo: '01/03/2026 a 31/03/2026',
      periodo_inicio: '2026-03-01',
      periodo_fim: '2026-03-31',
      id_empresa: A,
      provedor: 'Bitcom',
      id_canal: own.id,
      canal: own.nome,
      id_campanha: campaign,
      impressoes: 12345,
      total_impressoes: 12345,
      cliques: 678,
      total_cliques: 678,
      conversas_iniciadas: null,
      investimento: 1234.56,
      total_leads: 3,
      total_vendas: 2,
      faturamento: 249.9,
      id_usuario_updater: null,
    });
    expect(row.id_usuario).not.toBe(999);
    expect(row.id_usuario).toEqual(expect.any(Number));
  });

  it('leaves empty values out of the insert (the columns stay empty)', async () => {
    const row = await created({ impressoes: null, cliques: '', investimento: '  ' });
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT impressoes, cliques, investimento FROM vendas.campanha_resultado WHERE id = $1', [row.id]);
    expect(rows[0]).toEqual({ impressoes: null, cliques: null, investimento: null });
  });

  it("refuses missing required fields with 'Preencha os seguintes campos obrigatórios: {list}'", async () => {
    const r = await insert({ id_campanha: campaign, impressoes: 10 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Preencha os seguintes campos obrigatórios: Provedor, Período, Canal');
    expect(r.json().errors).toMatchObject({ id_empresa: MSG.required, periodo_inicio: MSG.required, periodo_fim: MSG.required, id_canal: MSG.required });
    const none = await call('POST', '/v1/vendas/campanha/resultado/insert', {}, 'marketing:solicitante');
    expect(none.json().message).toBe('Preencha os seguintes campos obrigatórios: Provedor, Campanha, Período, Canal');
  });

  it('refuses each figure above 1.000.000 with its own message', async () => {
    const base = { id_empresa: A, id_campanha: campaign, id_canal: channel, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-31' };
    const r = await insert({ ...base, impressoes: 1_000_001, cliques: '1.000.001', conversas_iniciadas: 2_000_000, investimento: '1.000.000,01' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({
      impressoes: 'O número máximo de impressões é 1.000.000',
      cliques: 'O número máximo de cliques é 1.000.000',
      conversas_iniciadas: 'O número máximo de conversas iniciadas é 1.000.000',
      investimento: 'O número máximo de valor investido é 1.000.000',
    });
    // The limits themselves are taken.
    const ok = await created({ impressoes: 1_000_000, cliques: '1.000.000', conversas_iniciadas: 1_000_000, investimento: 1_000_000 });
    expect(ok).toMatchObject({ impressoes: 1_000_000, cliques: 1_000_000, conversas_iniciadas: 1_000_000, investimento: 1_000_000 });
  });

  it('reads money as a number or pt-BR text, with the two money messages', async () => {
    const base = { id_empresa: A, id_campanha: campaign, id_canal: channel, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-31' };
    const twoCommas = await insert({ ...base, investimento: '1,234,56' });
    expect(twoCommas.statusCode).toBe(400);
    expect(twoCommas.json()).toMatchObject({ message: 'valor com formato inválido', errors: { investimento: 'valor com formato inválido' } });
    const text = await insert({ ...base, investimento: 'mil reais' });
    expect(text.json()).toMatchObject({ message: 'não é um número válido', errors: { investimento: 'não é um número válido' } });
    expect((await created({ investimento: '999,9' })).investimento).toBe(999.9);
    expect((await created({ investimento: 45.5 })).investimento).toBe(45.5);
    const cents = await insert({ ...base, investimento: 10.555 });
    expect(cents.statusCode).toBe(400);
  });

  it("refuses dates that are not dd/MM/yyyy or ISO days ('Data inválida'), a start after the end, and unknown fields", async () => {
    const base = { id_empresa: A, id_campanha: campaign, id_canal: channel };
    const bad = await insert({ ...base, periodo_inicio: '31/02/2026', periodo_fim: '2026-03-31' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ periodo_inicio: 'Data inválida' });
    const badText = await insert({ ...base, periodo: '01/03/2026 até ontem' });
    expect(badText.json().errors).toEqual({ periodo: 'Data inválida' });
    const reversed = await insert({ ...base, periodo_inicio: '2026-03-31', periodo_fim: '2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.periodo_fim).toBe('A data inicial não pode ser maior que a data final!');
    const unknown = await insert({ ...base, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-02', total_leads: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ total_leads: MSG.unknownField });
    const notObject = await call('POST', '/v1/vendas/campanha/resultado/insert', { object: 'x' }, 'marketing:solicitante');
    expect(notObject.statusCode).toBe(400);
  });

  it('lets solicitante and up of marketing or vendas write in their providers only', async () => {
    const body = { id_empresa: A, id_campanha: campaign, id_canal: channel, periodo_inicio: '2026-03-01', periodo_fim: '2026-03-31' };
    expect((await insert(body, 'marketing:leitor')).json().message).toBe(FORBIDDEN);
    expect((await insert(body, 'rh:gestor')).statusCode).toBe(403);
    expect((await insert(body, 'vendas:solicitante')).statusCode).toBe(200);
    expect((await insert(body, 'marketing:gestor@B')).statusCode).toBe(403);
    expect((await call('POST', '/v1/vendas/campanha/resultado/insert', { object: body })).statusCode).toBe(200);
  });
});

describe('PUT v1/lead/resultado/campanha/{id}', () => {
  it('edits the figures, clears an emptied one, stamps the editor and keeps the history', async () => {
    const row = await created({ impressoes: 100, cliques: 10 });
    const r = await call('PUT', `/v1/lead/resultado/campanha/${row.id}`, { object: { impressoes: '2.500', cliques: '', investimento: '10,50' } }, 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(200);
    const edited = r.json().update_vendas_campanha_resultado_by_pk;
    expect(edited).toMatchObject({ id: row.id, impressoes: 2500, cliques: null, investimento: 10.5, periodo: '01/03/2026 a 31/03/2026', provedor: 'Bitcom' });
    expect(edited.id_usuario_updater).toEqual(expect.any(Number));
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(row.updated_at).getTime());
    const history = await t.inject(`/api/campaign-results/${row.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
  });

  it('refuses over the limits with the spec messages, others providers (404) and readers (403)', async () => {
    const row = await created({});
    const over = await call('PUT', `/v1/lead/resultado/campanha/${row.id}`, { object: { conversas_iniciadas: 1_000_001 } }, 'marketing:gestor');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ conversas_iniciadas: 'O número máximo de conversas iniciadas é 1.000.000' });
    expect((await call('PUT', `/v1/lead/resultado/campanha/${row.id}`, { object: { cliques: 1 } }, 'marketing:gestor@B')).statusCode).toBe(404);
    expect((await call('PUT', `/v1/lead/resultado/campanha/${row.id}`, { object: { cliques: 1 } }, 'marketing:leitor')).statusCode).toBe(403);
    expect((await call('PUT', '/v1/lead/resultado/campanha/abc', { object: { cliques: 1 } }, 'marketing:gestor')).statusCode).toBe(404);
    const moved = await call('PUT', `/v1/lead/resultado/campanha/${row.id}`, { object: { id_empresa: B } }, 'marketing:gestor');
    expect(moved.statusCode).toBe(403);
  });
});

describe('listing calls', () => {
  it('POST v1/leads/relatorio/listar/resultado/campanha filters by id or id_campanha, within the providers', async () => {
    const own = await make('sales-campaigns', 'Indique um Amigo', { bitcom: true, vetorial: true });
    const a = await created({ id_campanha: own.id, periodo_inicio: '2026-02-01', periodo_fim: '2026-02-28' });
    const b = await created({ id_campanha: own.id, periodo_inicio: '2026-04-01', periodo_fim: '2026-04-30' });
    const other = await created({ id_campanha: own.id, id_empresa: B }, 'marketing:gestor@B');
    const list = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { id_campanha: own.id } }, 'marketing:leitor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().vendas_campanha_resultado.map((r: any) => r.id)).toEqual([b.id, a.id]);
    expect(list.json().vendas_campanha_resultado[0]).toMatchObject({ provedor: 'Bitcom', campanha: own.nome, total_leads: 0, total_vendas: 0, faturamento: 0 });
    const all = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { id_campanha: own.id } });
    expect(all.json().vendas_campanha_resultado.map((r: any) => r.id).sort()).toEqual([a.id, b.id, other.id].sort());
    const one = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { id: { _eq: a.id } } }, 'vendas:leitor');
    expect(one.json().vendas_campanha_resultado.map((r: any) => r.id)).toEqual([a.id]);
    const foreign = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { id: other.id } }, 'marketing:leitor');
    expect(foreign.json().vendas_campanha_resultado).toEqual([]);
    const bad = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { nome: 'x' } }, 'marketing:leitor');
    expect(bad.statusCode).toBe(400);
    const badId = await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: { id: 'um' } }, 'marketing:leitor');
    expect(badId.statusCode).toBe(400);
    expect((await call('POST', '/v1/leads/relatorio/listar/resultado/campanha', { filtro: {} }, 'rh:gestor')).statusCode).toBe(403);
  });

  it('GET v1/leads/resultado/campanha/canal/{channelId} lists the channel\'s results (404 for an unknown channel)', async () => {
    const own = await make('sales-channels', 'Instagram', { bitcom: true, vetorial: true });
    const a = await created({ id_canal: own.id });
    await created({ id_canal: own.id, id_empresa: B }, 'marketing:gestor@B');
    const r = await call('GET', `/v1/leads/resultado/campanha/canal/${own.id}`, undefined, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().vendas_campanha_resultado.map((x: any) => x.id)).toEqual([a.id]);
    expect((await call('GET', '/v1/leads/resultado/campanha/canal/999999', undefined, 'marketing:leitor')).json().message).toBe('Canal não encontrado.');
    expect((await call('GET', '/v1/leads/resultado/campanha/canal/x', undefined, 'marketing:leitor')).statusCode).toBe(404);
  });

  it('the generic list reads the funnel view: filters, sorts and exports the computed fields (x-intranet.readFrom)', async () => {
    const own = await make('sales-channels', 'Site', { bitcom: true });
    const rich = await created({ id_canal: own.id, periodo_inicio: '2026-05-01', periodo_fim: '2026-05-31' });
    const poor = await created({ id_canal: own.id, periodo_inicio: '2026-05-01', periodo_fim: '2026-05-31' });
    await t.db.query('UPDATE vendas.campanha_resultado SET periodo_inicio = $1 WHERE id = $2', ['2026-05-02', poor.id]);
    await lead({ provider: A, channel: own.id, at: new Date('2026-05-10T15:00:00Z'), sold: 300 });
    const r = await t.inject(`/api/campaign-results?${qs({ filter: { id_canal: own.id, faturamento_gte: 1 }, sort: ['faturamento', 'DESC'] })}`);
    expect(r.statusCode, r.body).toBe(200);
    // Both rows' periods hold the sale (each row counts its own period).
    expect(r.json().map((x: any) => [x.id, x.total_leads, x.faturamento])).toEqual(
      expect.arrayContaining([
        [rich.id, 1, 300],
        [poor.id, 1, 300],
      ]),
    );
    const search = await t.inject(`/api/campaign-results?${qs({ filter: { q: '02/05/2026', id_canal: own.id } })}`);
    expect(search.json().map((x: any) => x.id)).toEqual([poor.id]);
    const one = await t.inject(`/api/campaign-results/${rich.id}`);
    expect(one.json()).toMatchObject({ total_leads: 1, total_vendas: 1, faturamento: 300, periodo: '01/05/2026 a 31/05/2026' });
  });
});

describe('the results report', () => {
  /**
   * A provider of its own with: this week two results of one (campaign, channel) and 4 of its leads
   * (one sale of 150) — counted once; last week one result of another channel without leads; a lead
   * outside any result's triple.
   */
  async function dataSet() {
    const provider = await make('providers', 'Provedor Relatório');
    const facebook = await make('sales-channels', 'Fácebook Relatório', { bitcom: true });
    const google = await make('sales-channels', 'Google Relatório', { bitcom: true });
    const { monday, early } = thisMonday();
    const sunday = new Date(monday.getTime() + 6 * DAY);
    const lastMonday = new Date(monday.getTime() - 7 * DAY);
    const base = { id_empresa: provider.id, id_campanha: campaign, id_canal: facebook.id, periodo_inicio: iso(monday), periodo_fim: iso(sunday) };
    const write = async (values: Record<string, unknown>) => {
      const r = await insert({ ...base, ...values }, null);
      expect(r.statusCode, r.body).toBe(200);
    };
    await write({ impressoes: 1000, cliques: 100, conversas_iniciadas: 10, investimento: 500 });
    await write({ impressoes: 500, cliques: 50, investimento: 250 });
    await write({ id_canal: google.id, periodo_inicio: iso(lastMonday), periodo_fim: iso(new Date(lastMonday.getTime() + 6 * DAY)), impressoes: 2000, cliques: 200, investimento: 100 });
    for (const sold of [0, 0, 0, 150]) await lead({ provider: provider.id, channel: facebook.id, at: early, sold });
    await lead({ provider: provider.id, channel: google.id, at: early, sold: 80 }); // this week, but Google has no result this week
    return { provider, facebook, google, monday, lastMonday };
  }
  const THIS_WEEK = {
    valor_investido: 750,
    total_impressoes: 1500,
    total_cliques: 150,
    conversas_iniciadas: 10,
    total_leads: 4,
    total_vendas: 1,
    faturamento: 150,
    ticket_medio: 150,
    custo_por_clique: 5,
    custo_por_leads: 187.5,
    custo_por_venda: 750,
    roas: 0.2,
    ctr: 0.1,
    txc2: 0.25,
  };

  it('SEMANAL CONSOLIDADO of a provider: 5 weeks, oldest first, the weeks before and the metrics (null on a zero divisor)', async () => {
    const { provider, monday, lastMonday } = await dataSet();
    const r = await call('GET', `${REPORT}/semanal/consolidado/v2/${provider.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const { periodos, anterior, empresas } = r.json();
    expect(empresas).toBeUndefined();
    expect(periodos).toHaveLength(5);
    expect(periodos[4]).toMatchObject({ chave: iso(monday), periodo_inicio: iso(monday), ...THIS_WEEK });
    expect(periodos[4].txc1).toBeCloseTo(4 / 150, 10);
    expect(periodos[4].rotulo).toBe(`${iso(monday).slice(8, 10)}/${iso(monday).slice(5, 7)} a ${iso(new Date(monday.getTime() + 6 * DAY)).slice(8, 10)}/${iso(new Date(monday.getTime() + 6 * DAY)).slice(5, 7)}`);
    expect(periodos[3]).toMatchObject({
      chave: iso(lastMonday),
      valor_investido: 100,
      total_cliques: 200,
      total_leads: 0,
      ctr: 0.1,
      custo_por_clique: 0.5,
      custo_por_leads: null,
      custo_por_venda: null,
      ticket_medio: null,
      txc1: 0,
      txc2: null,
      roas: 0,
    });
    expect(periodos[0]).toMatchObject({ valor_investido: 0, total_impressoes: 0, ctr: null, roas: null });
    expect(anterior.periodo_fim).toBe(iso(new Date(new Date(`${periodos[0].periodo_inicio}T00:00:00Z`).getTime() - DAY)));
  });

  it('SEMANAL CONSOLIDADO of every provider: the totals and each provider with rows in the weeks', async () => {
    const { provider, monday } = await dataSet();
    const r = await call('GET', `${REPORT}/semanal/consolidado/v2`);
    expect(r.statusCode, r.body).toBe(200);
    const mine = r.json().empresas.find((e: any) => e.id_empresa === provider.id);
    expect(mine).toMatchObject({ empresa: provider.nome });
    expect(mine.periodos[4]).toMatchObject({ chave: iso(monday), ...THIS_WEEK });
    expect(r.json().periodos[4].valor_investido).toBeGreaterThanOrEqual(750);
  });

  it('SINTÉTICO: 3 months with the month before, each result in the month of its periodo_inicio', async () => {
    const { provider, monday, lastMonday } = await dataSet();
    const r = await call('GET', `${REPORT}/sintetico/${provider.id}`, undefined, undefined);
    expect(r.statusCode, r.body).toBe(200);
    const { periodos, anterior } = r.json();
    expect(periodos).toHaveLength(3);
    expect(periodos[2].rotulo).toMatch(/^(Janeiro|Fevereiro|Março|Abril|Maio|Junho|Julho|Agosto|Setembro|Outubro|Novembro|Dezembro)\/\d{4}$/);
    expect(anterior.chave < periodos[0].chave).toBe(true);
    const holding = (day: Date) => periodos.find((p: any) => p.periodo_inicio <= iso(day) && iso(day) <= p.periodo_fim);
    const invested = periodos.reduce((sum: number, p: any) => sum + p.valor_investido, 0);
    expect(invested).toBe(850);
    expect(holding(monday).valor_investido).toBeGreaterThanOrEqual(750);
    // In one month, the Google result of last week brings this week's Google lead (a sale of 80) into the month.
    if (holding(monday) === holding(lastMonday)) expect(holding(monday)).toMatchObject({ valor_investido: 850, total_cliques: 350, total_leads: 5, total_vendas: 2, faturamento: 230 });
    else expect(holding(monday)).toMatchObject({ valor_investido: 750, total_cliques: 150, total_leads: 4, total_vendas: 1, faturamento: 150 });
  });

  it('SEMANAL DETALHADO by channel name (any case and accents) and by channel and provider', async () => {
    const { provider, facebook, monday } = await dataSet();
    const name = facebook.nome.toUpperCase().replace('Á', 'A');
    const r = await call('POST', `${REPORT}/semanal/detalhado/v2`, { canal: name }, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    // The reader sees provider A only: this provider's rows are not theirs.
    expect(r.json().periodos[4]).toMatchObject({ valor_investido: 0, total_leads: 0 });
    const admin = await call('POST', `${REPORT}/semanal/detalhado/v2`, { canal: name });
    expect(admin.json()).toMatchObject({ canal: name });
    expect(admin.json().periodos[4]).toMatchObject({ chave: iso(monday), ...THIS_WEEK });
    const byProvider = await call('POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: facebook.nome, empresa: provider.id });
    expect(byProvider.json().periodos[4]).toMatchObject(THIS_WEEK);
    const otherProvider = await call('POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: facebook.nome, empresa: A });
    expect(otherProvider.json().periodos[4]).toMatchObject({ valor_investido: 0, total_leads: 0 });
    const unknown = await call('POST', `${REPORT}/semanal/detalhado/v2`, { canal: 'Canal que não existe' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().periodos.every((p: any) => p.valor_investido === 0 && p.ctr === null)).toBe(true);
  });

  it('refuses bad bodies (400), providers the caller does not see (404) and callers without the area (403)', async () => {
    expect((await call('POST', `${REPORT}/semanal/detalhado/v2`, {}, 'marketing:leitor')).json()).toMatchObject({ message: 'Informe o nome do canal.', errors: { canal: MSG.required } });
    expect((await call('POST', `${REPORT}/semanal/detalhado/v2`, { canal: 'Google', extra: 1 }, 'marketing:leitor')).statusCode).toBe(400);
    expect((await call('POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: 'Google' }, 'marketing:leitor')).statusCode).toBe(400);
    expect((await call('POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: 'Google', empresa: 'x' }, 'marketing:leitor')).statusCode).toBe(400);
    expect((await call('POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: 'Google', empresa: B }, 'marketing:leitor')).json().message).toBe('Provedor não encontrado.');
    expect((await call('GET', `${REPORT}/sintetico/${B}`, undefined, 'marketing:leitor')).statusCode).toBe(404);
    expect((await call('GET', `${REPORT}/sintetico/${A}`, undefined, 'marketing:leitor')).statusCode).toBe(200);
    expect((await call('GET', `${REPORT}/sintetico/999999`)).statusCode).toBe(404);
    expect((await call('GET', `${REPORT}/semanal/consolidado/v2/abc`)).statusCode).toBe(404);
    expect((await call('GET', `${REPORT}/sintetico`, undefined, 'vendas:leitor')).statusCode).toBe(200);
    expect((await call('GET', `${REPORT}/sintetico`, undefined, 'rh:gestor')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${REPORT}/sintetico` })).statusCode).toBe(401);
  });
});

describe('the demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await testApp();
    await seedDemo(demo.app.resources);
  }, 180_000);
  afterAll(() => demo?.close());

  it('fills every table of the report: 3 months, 5 weeks, Facebook and Google, with funnel leads', async () => {
    const get = async (method: Method, url: string, payload?: object) => {
      const r = await demo.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const synthetic = await get('GET', `${REPORT}/sintetico`);
    const consolidated = await get('GET', `${REPORT}/semanal/consolidado/v2`);
    const facebook = await get('POST', `${REPORT}/semanal/detalhado/v2`, { canal: 'Facebook' });
    const google = await get('POST', `${REPORT}/semanal/detalhado/v2`, { canal: 'google' });
    for (const periods of [synthetic.periodos, consolidated.periodos, facebook.periodos, google.periodos]) {
      for (const p of periods) {
        expect(p.valor_investido, p.rotulo).toBeGreaterThan(0);
        expect(p.total_leads, p.rotulo).toBeGreaterThan(0);
      }
    }
    expect(synthetic.anterior.valor_investido).toBeGreaterThan(0);
    expect(consolidated.empresas.map((e: any) => e.empresa)).toEqual(['Bitcom', 'RazãoInfo', 'Vetorial']);
  });
});
