// Campaign results (marketing document, sections 2, 3, 5, 7 and 9): the records (campaign-results,
// written through the resource service: its rights, provider scope, validation, audit and history)
// and the results report, whose figures come from one pure module (src/domain/campaignMetrics.ts).
//
// How the report counts, without counting anything twice:
// - a result row belongs to the month or week holding its periodo_inicio (São Paulo calendar days);
// - the period's entered figures (impressões, cliques, conversas iniciadas, valor investido) are the
//   sums of its rows;
// - its funnel figures are the leads (vendas.lead) created inside the period (São Paulo days) of each
//   (provider, campaign, channel) that has at least one result row in the period, each lead once
//   however many rows name that triple: total_leads every such lead, total_vendas those with status
//   'venda', faturamento their valor_venda.
// A result row's own funnel figures (lists, records) are those of its own period, read from the view
// vendas.campanha_resultado_funil (0068): two overlapping rows of one triple both count a lead there.
import { computeMetrics, EMPTY_TOTALS, parseMoneyText, sumTotals, type ResultMetrics, type ResultTotals } from '../../domain/campaignMetrics.js';
import { parseDateInput } from '../../domain/format.js';
import { MSG } from '../../domain/messages.js';
import { FORMAT_CHECKS } from '../../domain/validators.js';
import type { Database } from '../db/index.js';
import { HttpError } from '../errors.js';
import { isObject } from '../v1/helpers/payload.js';
import { Params, scopeCondition } from '../resources/query.js';
import type { Actor, ResourceService } from '../resources/service.js';
import { ValidationError, type FieldErrors } from '../schemas/validation.js';
import { RESULT_MSG } from './messages.js';
import { BUSINESS_TIME_ZONE, monthWindows, weekWindows, type Window } from './periods.js';

export const RESOURCE = 'campaign-results';
/** Months of the synthetic table and weeks of the weekly ones (section 9). */
export const REPORT_MONTHS = 3;
export const REPORT_WEEKS = 5;
/** The most rows one listing call answers. */
export const MAX_LIST_ROWS = 5000;

/** The fields a v1 write reads (the record's names, plus `periodo` for both dates); the author fields are ignored. */
export const WRITE_FIELDS = [
  'id_empresa',
  'id_campanha',
  'id_canal',
  'periodo_inicio',
  'periodo_fim',
  'periodo',
  'impressoes',
  'cliques',
  'conversas_iniciadas',
  'investimento',
  'id_usuario',
  'id_usuario_updater',
] as const;
const COUNT_FIELDS = ['impressoes', 'cliques', 'conversas_iniciadas'] as const;
/** Required fields and their titles, in the form's order (the 'Preencha os seguintes campos obrigatórios' list). */
const REQUIRED: [string[], string][] = [
  [['id_empresa'], 'Provedor'],
  [['id_campanha'], 'Campanha'],
  [['periodo_inicio', 'periodo_fim'], 'Período'],
  [['id_canal'], 'Canal'],
];

export type Period = Window & ResultMetrics;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A date as sent: 'YYYY-MM-DD' or 'DD/MM/YYYY'; null when it is not a real date. */
function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return FORMAT_CHECKS.date(text) ? text : null;
  return parseDateInput(text);
}

/** A count as sent: an integer, or its text with or without thousands dots ('1.234'). */
function countOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{1,3}(\.\d{3})+$/.test(text) || /^\d+$/.test(text)) return Number(text.replace(/\./g, ''));
  return null;
}

/**
 * A v1 write's body ({ object }, { _set } or the fields) as the record's values: `periodo` ('01/11/2026
 * a 30/11/2026', [inicio, fim] or { inicio, fim }) gives both dates, dates may be DD/MM/YYYY, counts
 * '1.234', money a number or pt-BR text ('R$ 1.234,56'). Empty values are left out on create (section
 * 5) and clear the field on update. The schema's own checks (limits and their messages, rights) follow
 * in the resource service.
 */
export function parseWrite(body: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  let record = body;
  if (isObject(body)) {
    const wrapper = ['object', '_set'].find((w) => w in body);
    if (wrapper) {
      const extra = Object.keys(body).filter((k) => k !== wrapper);
      if (extra.length) throw new ValidationError(Object.fromEntries(extra.map((k) => [k, MSG.unknownField])));
      record = body[wrapper];
    }
  }
  if (!isObject(record)) throw new ValidationError({}, MSG.badRequest);
  const unknown = Object.keys(record).filter((k) => !(WRITE_FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw new ValidationError(Object.fromEntries(unknown.map((k) => [k, MSG.unknownField])));
  const errors: FieldErrors = {};
  const out: Record<string, unknown> = {};
  const put = (field: string, value: unknown) => {
    if (isEmpty(value)) {
      if (mode === 'update') out[field] = null;
    } else out[field] = value;
  };
  for (const field of ['id_empresa', 'id_campanha', 'id_canal'] as const) {
    const v = record[field];
    if (v === undefined) continue;
    put(field, typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v);
  }
  if (record.periodo !== undefined && !isEmpty(record.periodo)) {
    const p = record.periodo;
    const parts = Array.isArray(p)
      ? p
      : isObject(p)
        ? [p.inicio ?? p.periodo_inicio ?? p.start, p.fim ?? p.periodo_fim ?? p.end]
        : typeof p === 'string'
          ? p.split(/\s+a\s+/)
          : [];
    const [start, end] = parts.length === 2 ? parts.map(dateOf) : [null, null];
    if (!start || !end) errors.periodo = MSG.date;
    else {
      out.periodo_inicio = start;
      out.periodo_fim = end;
    }
  }
  for (const field of ['periodo_inicio', 'periodo_fim'] as const) {
    const v = record[field];
    if (v === undefined) continue;
    if (isEmpty(v)) put(field, v);
    else {
      const date = dateOf(v);
      if (date) out[field] = date;
      else errors[field] = MSG.date;
    }
  }
  for (const field of COUNT_FIELDS) {
    const v = record[field];
    if (v === undefined) continue;
    if (isEmpty(v)) put(field, v);
    else {
      const n = countOf(v);
      if (n === null) errors[field] = MSG.integer;
      else out[field] = n;
    }
  }
  const money = record.investimento;
  if (money !== undefined) {
    if (isEmpty(money)) put('investimento', money);
    else if (typeof money === 'number') out.investimento = money;
    else if (typeof money === 'string') {
      const parsed = parseMoneyText(money);
      if ('error' in parsed) errors.investimento = parsed.error;
      else out.investimento = parsed.value;
    } else errors.investimento = MSG.number;
  }
  if (mode === 'create') {
    const missing = REQUIRED.filter(([fields]) => fields.some((f) => out[f] === undefined && !errors[f] && !(f.startsWith('periodo') && errors.periodo)));
    if (missing.length) {
      for (const [fields] of missing) for (const f of fields) if (out[f] === undefined) errors[f] = MSG.required;
      throw new ValidationError(errors, RESULT_MSG.missing(missing.map(([, title]) => title)));
    }
  }
  if (Object.keys(errors).length) {
    const messages = Object.values(errors);
    throw new ValidationError(errors, messages.length === 1 && messages[0] !== MSG.required ? messages[0] : undefined);
  }
  return out;
}

interface Figures extends ResultTotals {
  chave: string;
  id_empresa: number;
}

export function resultsService(db: Database, service: ResourceService, { now = () => new Date() }: { now?: () => Date } = {}) {
  const def = service.get(RESOURCE);

  /** Names of the providers, campaigns and channels the rows name. */
  async function names(rows: Record<string, any>[]) {
    const ids = (field: string) => [...new Set(rows.map((r) => r[field]).filter((v) => v != null))];
    const [providers, campaigns, channels] = await Promise.all(
      [
        ['rh.empresa', 'id_empresa'],
        ['vendas.campanha', 'id_campanha'],
        ['vendas.canal', 'id_canal'],
      ].map(async ([table, field]) => {
        const { rows: found } = await db.query<{ id: number; nome: string }>(`SELECT id, nome FROM ${table} WHERE id = ANY($1::int[])`, [ids(field)]);
        return new Map(found.map((r) => [r.id, r.nome]));
      }),
    );
    return { providers, campaigns, channels };
  }

  /** Records as the v1 calls answer them (section 3's read fields, with the names of provider, campaign and channel). */
  async function answer(rows: Record<string, any>[]) {
    const n = await names(rows);
    return rows.map((r) => ({
      ...r,
      provedor: n.providers.get(r.id_empresa) ?? null,
      campanha: n.campaigns.get(r.id_campanha) ?? null,
      canal: n.channels.get(r.id_canal) ?? null,
      total_impressoes: r.impressoes ?? 0,
      total_cliques: r.cliques ?? 0,
    }));
  }

  async function list(actor: Actor, filter: Record<string, unknown>) {
    const page = await service.list(def, { filter, sort: { field: 'periodo_inicio', order: 'DESC' }, range: [0, MAX_LIST_ROWS - 1] }, actor);
    return answer(page.rows);
  }

  async function insert(actor: Actor, body: unknown) {
    const row = await service.create(def, parseWrite(body, 'create'), actor);
    return (await answer([row]))[0];
  }

  async function update(actor: Actor, rawId: unknown, body: unknown) {
    const row = await service.update(def, rawId, parseWrite(body, 'update'), actor);
    return (await answer([row]))[0];
  }

  async function byChannel(actor: Actor, rawId: unknown) {
    const id = service.parseId(service.get('sales-channels'), rawId);
    const { rows } = await db.query('SELECT 1 FROM vendas.canal WHERE id = $1', [id]);
    if (!rows.length) throw new HttpError(404, RESULT_MSG.channelNotFound);
    return list(actor, { id_canal: id });
  }

  /** The provider a report names, if the caller sees it; 404 otherwise (unknown or another's alike). */
  async function visibleProvider(actor: Actor, raw: unknown): Promise<number> {
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, RESULT_MSG.providerNotFound);
    if (actor.providerIds !== null && !actor.providerIds.includes(id)) throw new HttpError(404, RESULT_MSG.providerNotFound);
    const { rows } = await db.query('SELECT 1 FROM rh.empresa WHERE id = $1', [id]);
    if (!rows.length) throw new HttpError(404, RESULT_MSG.providerNotFound);
    return id;
  }

  /** Channels named `name`, ignoring case and accents ('facebook', 'Facebook'). */
  async function channelsNamed(name: string): Promise<number[]> {
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
    const { rows } = await db.query<{ id: number; nome: string }>('SELECT id, nome FROM vendas.canal');
    return rows.filter((r) => fold(r.nome) === fold(name)).map((r) => r.id);
  }

  /**
   * The figures of each window per provider: the entered sums of the rows starting in it and the
   * funnel leads of its (provider, campaign, channel) triples created in it.
   */
  async function figures(actor: Actor, windows: Window[], opts: { provider?: number; channels?: number[] }): Promise<Figures[]> {
    const p = new Params();
    const keys = p.add(windows.map((w) => w.chave));
    const starts = p.add(windows.map((w) => w.periodo_inicio));
    const ends = p.add(windows.map((w) => w.periodo_fim));
    // The same filters on the results (alias r) and on the leads (alias l): provider scope, provider, channels.
    const filters = (alias: string) => {
      const conditions = [scopeCondition(service.registry, def, actor, p, alias)];
      if (opts.provider !== undefined) conditions.push(`${alias}.id_empresa = ${p.add(opts.provider)}::int`);
      if (opts.channels) conditions.push(`${alias}.id_canal = ANY(${p.add(opts.channels)}::int[])`);
      return conditions.filter(Boolean).join(' AND ') || 'true';
    };
    const tz = `'${BUSINESS_TIME_ZONE}'`;
    // The whole span as plain bounds too (known when planning): the planner then reads only it, by
    // the provider's index when there is one, instead of guessing the windows' selectivity.
    const first = p.add(windows[0].periodo_inicio);
    const last = p.add(windows[windows.length - 1].periodo_fim);
    const inWindow = `r.periodo_inicio >= p.s AND r.periodo_inicio <= p.e AND r.periodo_inicio >= ${first}::date AND r.periodo_inicio <= ${last}::date`;
    // Each part is one index range scan per window (campanha_resultado_periodo_idx, lead_resultado_periodo_idx)
    // and a hash aggregate: the window's leads are grouped by triple once, then matched with the
    // triples that have results (cheaper than one probe per triple when there are thousands).
    const { rows } = await db.query<Record<string, any>>(
      `WITH p AS (SELECT * FROM unnest(${keys}::text[], ${starts}::date[], ${ends}::date[]) AS p(k, s, e)),
       entered AS (
         SELECT p.k, r.id_empresa, COALESCE(sum(r.impressoes), 0)::bigint AS total_impressoes, COALESCE(sum(r.cliques), 0)::bigint AS total_cliques,
                COALESCE(sum(r.conversas_iniciadas), 0)::bigint AS conversas_iniciadas, COALESCE(sum(r.investimento), 0)::numeric AS valor_investido
           FROM p JOIN vendas.campanha_resultado r ON ${inWindow}
          WHERE ${filters('r')}
          GROUP BY p.k, r.id_empresa
       ),
       triples AS (
         SELECT DISTINCT p.k, r.id_empresa, r.id_campanha, r.id_canal
           FROM p JOIN vendas.campanha_resultado r ON ${inWindow}
          WHERE ${filters('r')}
       ),
       leads AS (
         SELECT p.k, l.id_empresa, l.id_campanha, l.id_canal, count(*) AS n, count(*) FILTER (WHERE l.status = 'venda') AS v,
                sum(l.valor_venda) FILTER (WHERE l.status = 'venda') AS f
           FROM p JOIN vendas.lead l
             ON l.created_at >= (p.s::timestamp AT TIME ZONE ${tz}) AND l.created_at < ((p.e + 1)::timestamp AT TIME ZONE ${tz})
          WHERE ${filters('l')}
            AND l.created_at >= (${first}::date::timestamp AT TIME ZONE ${tz}) AND l.created_at < ((${last}::date + 1)::timestamp AT TIME ZONE ${tz})
          GROUP BY p.k, l.id_empresa, l.id_campanha, l.id_canal
       ),
       funnel AS (
         SELECT t.k, t.id_empresa, sum(l.n)::bigint AS total_leads, sum(l.v)::bigint AS total_vendas, COALESCE(sum(l.f), 0)::numeric AS faturamento
           FROM triples t
           JOIN leads l ON l.k = t.k AND l.id_empresa = t.id_empresa AND l.id_campanha = t.id_campanha AND l.id_canal = t.id_canal
          GROUP BY t.k, t.id_empresa
       )
       SELECT e.k AS chave, e.id_empresa, e.total_impressoes, e.total_cliques, e.conversas_iniciadas, e.valor_investido,
              COALESCE(f.total_leads, 0) AS total_leads, COALESCE(f.total_vendas, 0) AS total_vendas, COALESCE(f.faturamento, 0) AS faturamento
         FROM entered e LEFT JOIN funnel f ON f.k = e.k AND f.id_empresa = e.id_empresa`,
      p.values,
    );
    return rows.map((r) => ({
      chave: r.chave,
      id_empresa: r.id_empresa,
      valor_investido: Number(r.valor_investido),
      total_impressoes: Number(r.total_impressoes),
      total_cliques: Number(r.total_cliques),
      conversas_iniciadas: Number(r.conversas_iniciadas),
      total_leads: Number(r.total_leads),
      total_vendas: Number(r.total_vendas),
      faturamento: Number(r.faturamento),
    }));
  }

  /** Each window with the metrics of its figures (of the providers `only` names, or all). */
  function periodsOf(windows: Window[], rows: Figures[], only?: number): Period[] {
    return windows.map((w) => {
      const mine = rows.filter((r) => r.chave === w.chave && (only === undefined || r.id_empresa === only));
      return { ...w, ...computeMetrics(mine.length ? sumTotals(mine) : { ...EMPTY_TOTALS }) };
    });
  }

  async function report(actor: Actor, span: 'month' | 'week', opts: { provider?: number; channels?: number[] }) {
    const { periodos, anterior } = span === 'month' ? monthWindows(REPORT_MONTHS, now()) : weekWindows(REPORT_WEEKS, now());
    const windows = [anterior, ...periodos];
    const rows = opts.channels && !opts.channels.length ? [] : await figures(actor, windows, opts);
    const [previous, ...current] = periodsOf(windows, rows);
    return { periodos: current, anterior: previous, rows };
  }

  return {
    def,
    list,
    insert,
    update,
    byChannel,
    /** SINTÉTICO: the current month and the two before, of every visible provider or of one. */
    async synthetic(actor: Actor, rawProvider?: unknown) {
      const provider = rawProvider === undefined ? undefined : await visibleProvider(actor, rawProvider);
      const { periodos, anterior } = await report(actor, 'month', { provider });
      return { periodos, anterior };
    },
    /** SEMANAL CONSOLIDADO: 5 weeks; without a provider, also each provider's own weeks (those with rows). */
    async weeklyConsolidated(actor: Actor, rawProvider?: unknown) {
      const provider = rawProvider === undefined ? undefined : await visibleProvider(actor, rawProvider);
      const { periodos, anterior, rows } = await report(actor, 'week', { provider });
      if (provider !== undefined) return { periodos, anterior };
      const current = new Set(periodos.map((w) => w.chave));
      const ids = [...new Set(rows.filter((r) => current.has(r.chave)).map((r) => r.id_empresa))];
      const { rows: named } = await db.query<{ id: number; nome: string }>('SELECT id, nome FROM rh.empresa WHERE id = ANY($1::int[]) ORDER BY nome, id', [ids]);
      const empresas = named.map((e) => ({ id_empresa: e.id, empresa: e.nome, periodos: periodsOf(periodos, rows, e.id) }));
      return { periodos, anterior, empresas };
    },
    /** SEMANAL DETALHADO: 5 weeks of the channels of that name, of every visible provider or of one. */
    async weeklyByChannel(actor: Actor, canal: string, rawProvider?: unknown) {
      const provider = rawProvider === undefined ? undefined : await visibleProvider(actor, rawProvider);
      const { periodos, anterior } = await report(actor, 'week', { provider, channels: await channelsNamed(canal) });
      return { canal, periodos, anterior };
    },
  };
}

export type ResultsService = ReturnType<typeof resultsService>;
