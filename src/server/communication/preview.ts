// The preview of the communication scale ("who gets what, when"), before anything is sent: for rules
// over some days, the counts per day and channel (to send, restricted, without an address), the first
// customers by name and the first skipped ones with their reason. It runs the dispatcher's own
// selection (select.ts), so it counts what the dispatcher would send, and counts with SQL aggregates:
// the customers never travel to the server, only the counts and the first names.
import { matchingCustomerDates, type IsoDate, type Turno } from '../../domain/communicationDates.js';
import type { Queryable } from '../db/index.js';
import type { DispatchRule } from './dispatcher.js';
import { CHANNELS, channelsOf, selectionQuery, type Canal, type Motivo } from './select.js';

export interface ChannelCounts {
  enviar: number;
  restritos: number;
  sem_endereco: number;
}

export interface PreviewDay {
  dia: IsoDate;
  turno: Turno;
  regra_id: number;
  /** The counts of each channel the rule has on (null: the channel is off). */
  canais: Record<Canal, ChannelCounts | null>;
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

/** The preview of these rules over these days (business days, São Paulo). */
export async function previewRules(db: Queryable, rules: DispatchRule[], days: IsoDate[]): Promise<Preview> {
  const preview: Preview = { dias: [], primeiros: [], ignorados: [] };
  for (const rule of rules) {
    const on = channelsOf(rule);
    if (!on.length) continue;
    // Every day the rule sends on is listed, with zeros when nobody is selected.
    const entries = new Map<IsoDate, PreviewDay>();
    for (const dia of days) {
      if (matchingCustomerDates(rule, dia).kind === 'none') continue;
      const canais = Object.fromEntries(CHANNELS.map((c) => [c, on.includes(c) ? { enviar: 0, restritos: 0, sem_endereco: 0 } : null])) as PreviewDay['canais'];
      entries.set(dia, { dia, turno: rule.turno, regra_id: rule.id, canais });
    }
    if (!entries.size) continue;
    const answer = await previewRule(db, rule, [...entries.keys()]);
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
