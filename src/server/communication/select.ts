// Which customers a communication rule reaches on some days, as one SQL selection shared by the
// dispatcher and the preview (so that the preview counts what the dispatcher then sends).
//
// The days' DateMatch (src/domain/communicationDates.ts) becomes a list of (dia, month-day | exact date)
// rows, each joined LATERALly to the provider's customers through the migration 0064 indexes:
// (id_empresa, relacionamento.month_day(<date>)) for birthdays and yearly rules, (id_empresa, <date>)
// for exact dates. So a rule's day costs an index range of the customers it selects, never a scan of
// the table (npm run bench:communication-preview shows the plans on 1,000,000 customers). A specific
// date selects every customer of the provider on its day: the preview reads them all, the dispatcher
// pages through them on (id_empresa, cod_cliente).
//
// Per customer and channel the selection says why it would not be sent (motivo):
// - 'restrito': the customer's restriction (relacionamento.preferencias_cliente, by provider and
//   customer code) has that channel false; no restriction row allows every channel;
// - 'sem_endereco': no usable address. E-mail: a trimmed address shaped like name@domain.tld (one @,
//   a dot after it, no space). WhatsApp and SMS: a mobile number, sent as 55 + DDD + number: the
//   celular when it has 10 or 11 digits (or 12/13 starting with 55), else the telefone when it is a
//   mobile (11 digits, 9 after the DDD); digits once the mask's ( ) - . + / and spaces are taken
//   out, nothing else.
// Cancelled customers (situacao 'cancelado') are never selected; active and suspended ones are.
import { matchingCustomerDates, type IsoDate, type RuleTiming } from '../../domain/communicationDates.js';

export type Canal = 'whatsapp' | 'email' | 'sms';
export const CHANNELS: readonly Canal[] = ['whatsapp', 'email', 'sms'];
export type Motivo = 'restrito' | 'sem_endereco';

/** A rule as the selection needs it (sistema is the campaign's provider). */
export interface SelectableRule extends RuleTiming {
  id: number;
  sistema: number;
  whatsapp: boolean;
  email: boolean;
  sms: boolean;
}

/** The channels a rule has on, in CHANNELS order. */
export const channelsOf = (rule: Pick<SelectableRule, Canal>): Canal[] => CHANNELS.filter((c) => rule[c]);

/** The customer date column each criterion reads (data_especifica reads none: everyone). */
const DATE_COLUMN: Record<string, string> = {
  data_aniversario: 'data_nascimento',
  data_ativacao: 'data_ativacao',
  data_contratacao: 'data_contratacao',
};

/** A selected customer on a day, with each channel's address and reason not to send. */
export interface SelectedCustomer {
  dia: IsoDate;
  id_empresa: number;
  cod_cliente: string;
  nome_razaosocial: string;
  email_destino: string | null;
  movel_destino: string | null;
  motivo_whatsapp: Motivo | null;
  motivo_email: Motivo | null;
  motivo_sms: Motivo | null;
  /** With customerColumns: what the message placeholders are filled from. */
  plano?: string | null;
  cidade?: string | null;
  data_nascimento?: IsoDate | null;
  data_ativacao?: IsoDate | null;
  data_contratacao?: IsoDate | null;
  /** With logged: the channels the send log already has for this rule, customer and day. */
  registrados?: Canal[];
}

class Params {
  values: unknown[] = [];
  add(value: unknown) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface SelectionOptions {
  /** Add the placeholder columns (plano, cidade, the dates). */
  customerColumns?: boolean;
  /** Add `registrados`, the channels already in the send log (the dispatcher's second run skips them). */
  logged?: boolean;
  /** Keyset paging by customer code, for one day: the codes after this one, at most `limit` of them. */
  after?: string;
  limit?: number;
}

// Plain text functions rather than regular expressions: on a 30-day preview of 1,000,000 customers these
// run for some 75,000 rows, and regexp_replace alone cost a third of the time.
/** A trimmed e-mail shaped like name@domain.tld: one @, a dot after it, no space. */
const EMAIL_DESTINATION = `CASE WHEN n.mail LIKE '_%@_%._%' AND n.mail NOT LIKE '%@%@%' AND n.mail NOT LIKE '% %' THEN n.mail END`;
/** Mask characters a phone may be written with; what is left must be all digits. */
const phoneDigits = (column: string) => `translate(${column}, '()-. +/', '')`;
const isDigits = (value: string) => `translate(${value}, '0123456789', '') = ''`;
const MOBILE_DESTINATION = `CASE
    WHEN length(n.cel) IN (10, 11) AND ${isDigits('n.cel')} THEN '55' || n.cel
    WHEN length(n.cel) IN (12, 13) AND n.cel LIKE '55%' AND ${isDigits('n.cel')} THEN n.cel
    WHEN length(n.tel) = 11 AND substr(n.tel, 3, 1) = '9' AND ${isDigits('n.tel')} THEN '55' || n.tel
  END`;

/**
 * The selection of a rule over days, one row per (dia, customer) (ordered by day and customer code
 * when paged); null when the rule sends on none of the days (or has no channel on).
 */
export function selectionQuery(rule: SelectableRule, days: readonly IsoDate[], options: SelectionOptions = {}): { sql: string; params: unknown[] } | null {
  if (!channelsOf(rule).length) return null;
  const p = new Params();
  const provider = p.add(rule.sistema);
  const column = DATE_COLUMN[rule.criterio];
  // The days by kind of match (a rule has one kind, but nothing here depends on it).
  const monthDays: [IsoDate, number, IsoDate | null][] = [];
  const exact: [IsoDate, IsoDate][] = [];
  const everyone: IsoDate[] = [];
  for (const day of days) {
    const match = matchingCustomerDates(rule, day);
    if (match.kind === 'monthDays' && column) for (const md of match.monthDays) monthDays.push([day, md, match.before ?? null]);
    else if (match.kind === 'exact' && column) exact.push([day, match.date]);
    else if (match.kind === 'everyone') everyone.push(day);
  }
  // Paged (the dispatcher, one day at a time): the first `limit` customers by code after `after`, each
  // day row's own range cut at `limit` too (a day can have two month-days: 28 and 29 February).
  // Unpaged (the preview): no order at all.
  const paged = options.after !== undefined || options.limit !== undefined;
  const after = options.after !== undefined ? p.add(options.after) : null;
  const limit = options.limit !== undefined ? p.add(options.limit) : null;
  // OFFSET 0 keeps each LATERAL a subquery of its own (not flattened into a join the planner might
  // answer with a scan of the whole table): one index range per day row, whatever the statistics say.
  const paging = (alias: string) =>
    !paged ? ' OFFSET 0' : `${after ? ` AND ${alias}.cod_cliente > ${after}` : ''} ORDER BY ${alias}.cod_cliente${limit ? ` LIMIT ${limit}` : ''}`;
  const base = `c.id_empresa = ${provider} AND c.situacao <> 'cancelado'`;
  // Only the columns used: each selected row is copied through the subqueries.
  const fields = `c.id_empresa, c.cod_cliente, c.nome_razaosocial, c.celular, c.telefone, c.email${
    options.customerColumns ? ', c.plano, c.cidade, c.data_nascimento, c.data_ativacao, c.data_contratacao' : ''
  }`;
  const sources: string[] = [];
  if (monthDays.length) {
    const [dias, mds, befores] = [p.add(monthDays.map((r) => r[0])), p.add(monthDays.map((r) => r[1])), p.add(monthDays.map((r) => r[2]))];
    sources.push(`SELECT d.dia, c.* FROM unnest(${dias}::date[], ${mds}::int[], ${befores}::date[]) AS d(dia, md, before)
      CROSS JOIN LATERAL (SELECT ${fields} FROM relacionamento.dados_pessoas c
        WHERE ${base} AND relacionamento.month_day(c.${column}) = d.md AND (d.before IS NULL OR c.${column} < d.before)${paging('c')}) c`);
  }
  if (exact.length) {
    const [dias, dates] = [p.add(exact.map((r) => r[0])), p.add(exact.map((r) => r[1]))];
    sources.push(`SELECT d.dia, c.* FROM unnest(${dias}::date[], ${dates}::date[]) AS d(dia, exact)
      CROSS JOIN LATERAL (SELECT ${fields} FROM relacionamento.dados_pessoas c WHERE ${base} AND c.${column} = d.exact${paging('c')}) c`);
  }
  if (everyone.length) {
    sources.push(`SELECT d.dia, c.* FROM unnest(${p.add(everyone)}::date[]) AS d(dia)
      CROSS JOIN LATERAL (SELECT ${fields} FROM relacionamento.dados_pessoas c WHERE ${base}${paging('c')}) c`);
  }
  if (!sources.length) return null;
  const extra = options.customerColumns ? ', c.plano, c.cidade, c.data_nascimento, c.data_ativacao, c.data_contratacao' : '';
  const logged = options.logged
    ? `, ARRAY(SELECT e.canal FROM campanha.envio e WHERE e.regra_id = ${p.add(rule.id)} AND e.id_empresa = c.id_empresa
          AND e.cod_cliente = c.cod_cliente AND e.dia = c.dia ORDER BY e.canal) AS registrados`
    : '';
  const motivo = (canal: Canal, destination: string) =>
    `CASE WHEN NOT COALESCE(r.${canal}, true) THEN 'restrito' WHEN ${destination} IS NULL THEN 'sem_endereco' END AS motivo_${canal}`;
  // Each level is fenced (OFFSET 0) so that the addresses are worked out once per row: flattened, every
  // mention of movel_destino would repeat its whole expression (three times as slow on 75,000 rows).
  const sql = `SELECT c.dia::text AS dia, c.id_empresa, c.cod_cliente, c.nome_razaosocial, c.email_destino, c.movel_destino,
      ${motivo('whatsapp', 'c.movel_destino')}, ${motivo('email', 'c.email_destino')}, ${motivo('sms', 'c.movel_destino')}${extra}${logged}
    FROM (
      SELECT n.*, ${EMAIL_DESTINATION} AS email_destino, ${MOBILE_DESTINATION} AS movel_destino
        FROM (SELECT c.*, ${phoneDigits('c.celular')} AS cel, ${phoneDigits('c.telefone')} AS tel, btrim(c.email) AS mail
                FROM (${sources.join('\n    UNION ALL\n    ')}) c OFFSET 0) n
      OFFSET 0) c
    LEFT JOIN relacionamento.preferencias_cliente r ON r.sistema = c.id_empresa AND r.cod_cliente = c.cod_cliente${paged ? `\n    ORDER BY c.dia, c.cod_cliente${limit ? ` LIMIT ${limit}` : ''}` : ''}`;
  return { sql, params: p.values };
}

/** The destination and reason of one channel of a selected customer. */
export function channelOf(c: SelectedCustomer, canal: Canal): { destino: string | null; motivo: Motivo | null } {
  const destino = canal === 'email' ? c.email_destino : c.movel_destino;
  const motivo = canal === 'whatsapp' ? c.motivo_whatsapp : canal === 'email' ? c.motivo_email : c.motivo_sms;
  return { destino, motivo };
}
