// The preview of the communication scale ("who gets what, when"): for rules over some days, each
// day's shift of each rule. A shift still to come shows what the dispatcher would send: the counts per
// channel (to send, restricted, without an address), the first customers by name and the first skipped
// ones with their reason. It runs the dispatcher's own selection (select.ts), so it counts what the
// dispatcher would send, and counts with SQL aggregates: the customers never travel to the server, only
// the counts and the first names.
//
// A shift whose time has passed (the server's clock, the shift's hour in São Paulo) is never "to send":
// it shows what the send log (campanha.envio) holds for that rule and day, per channel (sent, failed,
// pending, skipped as restricted or without an address, out of the total logged), or, when the log has
// nothing, why, as far as the records tell: the rule was registered after the shift; the selection has
// no customer that day (nothing to send, whether the dispatcher ran or not); the shift began less than
// SHIFT_GRACE_MS ago (the queue may not have picked it up yet); else the dispatcher did not run that
// shift for the rule (it writes a row for every selected customer and channel, skipped ones too).
import { matchingCustomerDates, shiftInstant, type IsoDate, type Turno } from '../../domain/communicationDates.js';
import type { Queryable } from '../db/index.js';
import type { DispatchRule } from './dispatcher.js';
import { CHANNELS, channelsOf, selectionQuery, type Canal, type Motivo } from './select.js';

export interface ChannelCounts {
  enviar: number;
  restritos: number;
  sem_endereco: number;
}

/** What the send log holds for one channel of a past shift. */
export interface SentCounts {
  /** Rows logged: every selected customer, sent or not. */
  total: number;
  enviados: number;
  falharam: number;
  /** Being sent (or waiting for a retry of a run that died). */
  pendentes: number;
  restritos: number;
  sem_endereco: number;
}

/** A shift still to come, a past one with something in the send log, a past one with nothing there. */
export type PreviewStatus = 'a_enviar' | 'registrado' | 'nao_enviado';
/** Why a past shift has nothing in the send log. */
export type NotSentReason = 'regra_posterior' | 'sem_clientes' | 'aguardando' | 'nao_executado';
export const NOT_SENT_REASONS: readonly NotSentReason[] = ['regra_posterior', 'sem_clientes', 'aguardando', 'nao_executado'];

/** A past shift with nothing logged yet is "waiting" this long after its hour, then "did not run". */
export const SHIFT_GRACE_MS = 15 * 60_000;

export interface PreviewDay {
  dia: IsoDate;
  turno: Turno;
  regra_id: number;
  situacao: PreviewStatus;
  /** a_enviar: the counts of each channel the rule has on (null: the channel is off); past shifts: all null. */
  canais: Record<Canal, ChannelCounts | null>;
  /** registrado: the send log's counts of each channel the rule has on or has rows of (else null). */
  enviados: Record<Canal, SentCounts | null> | null;
  /** nao_enviado: why nothing was logged. */
  motivo: NotSentReason | null;
}

export interface PreviewCustomer {
  dia: IsoDate;
  regra_id: number;
  nome_razaosocial: string;
  cod_cliente: string;
  /** The channels the customer gets. */
  canais: Canal[];
}

export interface PreviewSkipped {
  dia: IsoDate;
  regra_id: number;
  nome_razaosocial: string;
  cod_cliente: string;
  canal: Canal;
  motivo: Motivo;
}

export interface Preview {
  dias: PreviewDay[];
  /** Of the shifts still to come (so are ignorados): a past shift's customers are in the send log. */
  primeiros: PreviewCustomer[];
  ignorados: PreviewSkipped[];
}

export const FIRST_CUSTOMERS = 20;
export const FIRST_SKIPPED = 50;

const byName = <T extends { nome_razaosocial: string; cod_cliente: string; dia: string; regra_id: number }>(a: T, b: T) =>
  a.nome_razaosocial.localeCompare(b.nome_razaosocial, 'pt-BR') || a.cod_cliente.localeCompare(b.cod_cliente) || a.dia.localeCompare(b.dia) || a.regra_id - b.regra_id;

interface RuleAnswer {
  contagens: ({ dia: IsoDate } & Record<string, number>)[] | null;
  primeiros: { dia: IsoDate; cod_cliente: string; nome_razaosocial: string; canais: Canal[] }[] | null;
  ignorados: { dia: IsoDate; cod_cliente: string; nome_razaosocial: string; canal: Canal; motivo: Motivo }[] | null;
}

/**
 * The preview statement of one rule over the days: its selection (one row per day and customer, each
 * channel's reason in its own column) materialised once, then one pass for the counts of every
 * channel, and top-N sorts for the first customers and the first skipped ones.
 */
export function previewStatement(rule: DispatchRule, days: IsoDate[]): { sql: string; params: unknown[] } | null {
  const query = selectionQuery(rule, days);
  if (!query) return null;
  // The channels are the rule's own, from a fixed list: their names are written into the SQL.
  const on = channelsOf(rule);
  const counts = on
    .map(
      (c) => `count(*) FILTER (WHERE motivo_${c} IS NULL) AS ${c}_enviar,
              count(*) FILTER (WHERE motivo_${c} = 'restrito') AS ${c}_restritos,
              count(*) FILTER (WHERE motivo_${c} = 'sem_endereco') AS ${c}_sem_endereco`,
    )
    .join(',\n              ');
  const alphabetical = [...on].sort();
  const gets = alphabetical.map((c) => `CASE WHEN motivo_${c} IS NULL THEN '${c}' END`).join(', ');
  const getsAny = on.map((c) => `motivo_${c} IS NULL`).join(' OR ');
  const skipped = on.map((c) => `('${c}', s.motivo_${c})`).join(', ');
  const sql = `WITH s AS MATERIALIZED (${query.sql})
    SELECT
      (SELECT json_agg(g) FROM (SELECT dia, ${counts} FROM s GROUP BY dia) g) AS contagens,
      (SELECT json_agg(f) FROM (
         SELECT dia, cod_cliente, nome_razaosocial, array_remove(ARRAY[${gets}], NULL) AS canais
           FROM s WHERE ${getsAny}
          ORDER BY nome_razaosocial, cod_cliente, dia LIMIT ${FIRST_CUSTOMERS}) f) AS primeiros,
      (SELECT json_agg(i) FROM (
         SELECT s.dia, s.cod_cliente, s.nome_razaosocial, v.canal, v.motivo
           FROM s CROSS JOIN LATERAL (VALUES ${skipped}) AS v(canal, motivo)
          WHERE v.motivo IS NOT NULL
          ORDER BY s.nome_razaosocial, s.cod_cliente, s.dia, v.canal LIMIT ${FIRST_SKIPPED}) i) AS ignorados`;
  return { sql, params: query.params };
}

async function previewRule(db: Queryable, rule: DispatchRule, days: IsoDate[]): Promise<RuleAnswer | null> {
  const statement = previewStatement(rule, days);
  if (!statement) return null;
  const { rows } = await db.query<RuleAnswer>(statement.sql, statement.params);
  return rows[0];
}

/** The send log's counts of a rule on some days, by day and channel. */
async function loggedCounts(db: Queryable, rule: DispatchRule, days: IsoDate[]): Promise<Map<IsoDate, Map<Canal, SentCounts>>> {
  const { rows } = await db.query<{ dia: IsoDate; canal: Canal } & SentCounts>(
    `SELECT dia::text AS dia, canal, count(*)::int AS total,
            count(*) FILTER (WHERE status = 'enviado')::int AS enviados,
            count(*) FILTER (WHERE status = 'falhou')::int AS falharam,
            count(*) FILTER (WHERE status = 'pendente')::int AS pendentes,
            count(*) FILTER (WHERE status = 'ignorado' AND motivo = 'restrito')::int AS restritos,
            count(*) FILTER (WHERE status = 'ignorado' AND motivo = 'sem_endereco')::int AS sem_endereco
       FROM campanha.envio
      WHERE campanha_id = $1 AND regra_id = $2 AND dia = ANY($3::date[])
      GROUP BY dia, canal`,
    [rule.campanha_id, rule.id, days],
  );
  const byDay = new Map<IsoDate, Map<Canal, SentCounts>>();
  for (const { dia, canal, ...counts } of rows) {
    if (!byDay.has(dia)) byDay.set(dia, new Map());
    byDay.get(dia)!.set(canal, { total: Number(counts.total), enviados: Number(counts.enviados), falharam: Number(counts.falharam), pendentes: Number(counts.pendentes), restritos: Number(counts.restritos), sem_endereco: Number(counts.sem_endereco) });
  }
  return byDay;
}

/** The days (of these) on which the rule's selection has some customer. */
async function daysWithCustomers(db: Queryable, rule: DispatchRule, days: IsoDate[]): Promise<Set<IsoDate>> {
  const found = new Set<IsoDate>();
  for (const dia of days) {
    const query = selectionQuery(rule, [dia]);
    if (!query) continue;
    // One customer is enough: the selection stops at its first row (a specific date selects everyone).
    const { rows } = await db.query(`SELECT 1 FROM (${query.sql}) s LIMIT 1`, query.params);
    if (rows.length) found.add(dia);
  }
  return found;
}

/**
 * The past shifts of a rule: what the send log holds for each, or why it holds nothing (the file's
 * head says which reasons the records can tell).
 */
async function pastShifts(db: Queryable, rule: DispatchRule, entries: PreviewDay[], now: Date) {
  const on = channelsOf(rule);
  const days = entries.map((e) => e.dia);
  const logged = await loggedCounts(db, rule, days);
  const created = new Date(rule.criado).getTime();
  const unlogged = entries.filter((e) => !logged.has(e.dia));
  // The selection is asked only about shifts the rule existed for.
  const selected = await daysWithCustomers(
    db,
    rule,
    unlogged.filter((e) => !(created > shiftInstant(e.dia, e.turno).getTime())).map((e) => e.dia),
  );
  for (const entry of entries) {
    entry.canais = { whatsapp: null, email: null, sms: null };
    const counts = logged.get(entry.dia);
    if (counts) {
      entry.situacao = 'registrado';
      entry.enviados = Object.fromEntries(
        CHANNELS.map((c) => [c, counts.get(c) ?? (on.includes(c) ? { total: 0, enviados: 0, falharam: 0, pendentes: 0, restritos: 0, sem_endereco: 0 } : null)]),
      ) as Record<Canal, SentCounts | null>;
      continue;
    }
    const at = shiftInstant(entry.dia, entry.turno).getTime();
    entry.situacao = 'nao_enviado';
    entry.motivo =
      created > at ? 'regra_posterior' : !selected.has(entry.dia) ? 'sem_clientes' : now.getTime() - at < SHIFT_GRACE_MS ? 'aguardando' : 'nao_executado';
  }
}

/**
 * The preview of these rules over these days (business days, São Paulo) at the instant `now` (the
 * server's clock): a shift whose hour is past shows the send log, the others what would be sent.
 */
export async function previewRules(db: Queryable, rules: DispatchRule[], days: IsoDate[], now: Date = new Date()): Promise<Preview> {
  const preview: Preview = { dias: [], primeiros: [], ignorados: [] };
  for (const rule of rules) {
    const on = channelsOf(rule);
    if (!on.length) continue;
    // Every day the rule sends on is listed, with zeros when nobody is selected.
    const entries = new Map<IsoDate, PreviewDay>();
    for (const dia of days) {
      if (matchingCustomerDates(rule, dia).kind === 'none') continue;
      const canais = Object.fromEntries(CHANNELS.map((c) => [c, on.includes(c) ? { enviar: 0, restritos: 0, sem_endereco: 0 } : null])) as PreviewDay['canais'];
      entries.set(dia, { dia, turno: rule.turno, regra_id: rule.id, situacao: 'a_enviar', canais, enviados: null, motivo: null });
    }
    if (!entries.size) continue;
    // Past: the shift's hour has gone by (a shift at its very minute is still being sent: to come).
    const past = [...entries.values()].filter((e) => shiftInstant(e.dia, e.turno).getTime() < now.getTime());
    if (past.length) await pastShifts(db, rule, past, now);
    const coming = [...entries.values()].filter((e) => e.situacao === 'a_enviar').map((e) => e.dia);
    const answer = coming.length ? await previewRule(db, rule, coming) : null;
    for (const row of answer?.contagens ?? []) {
      const entry = entries.get(row.dia);
      if (!entry) continue;
      for (const c of on) entry.canais[c] = { enviar: Number(row[`${c}_enviar`]), restritos: Number(row[`${c}_restritos`]), sem_endereco: Number(row[`${c}_sem_endereco`]) };
    }
    preview.dias.push(...entries.values());
    preview.primeiros.push(...(answer?.primeiros ?? []).map((p) => ({ dia: p.dia, regra_id: rule.id, nome_razaosocial: p.nome_razaosocial, cod_cliente: p.cod_cliente, canais: p.canais })));
    preview.ignorados.push(
      ...(answer?.ignorados ?? []).map((i) => ({ dia: i.dia, regra_id: rule.id, nome_razaosocial: i.nome_razaosocial, cod_cliente: i.cod_cliente, canal: i.canal, motivo: i.motivo })),
    );
  }
  const turnOrder: Record<Turno, number> = { M: 0, T: 1, N: 2 };
  preview.dias.sort((a, b) => a.dia.localeCompare(b.dia) || turnOrder[a.turno] - turnOrder[b.turno] || a.regra_id - b.regra_id);
  preview.primeiros = preview.primeiros.sort(byName).slice(0, FIRST_CUSTOMERS);
  preview.ignorados = preview.ignorados.sort((a, b) => byName(a, b) || a.canal.localeCompare(b.canal)).slice(0, FIRST_SKIPPED);
  return preview;
}
