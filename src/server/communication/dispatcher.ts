// The dispatcher of the communication scale: a shift run (business day and turno) evaluates every
// active rule of every active campaign with that turno, writes the send log, and sends.
//
// Never twice. Each (rule, customer, channel, day) is one row of campanha.envio under a unique key,
// written before anything is sent (INSERT ... ON CONFLICT DO NOTHING RETURNING): a run sends only the
// rows its own INSERT created, so a second run, a second server instance or a retried job finds the
// rows there and sends nothing. A row is then claimed for each attempt by a conditional UPDATE
// (tentativas + 1, only while it is new, failed, or left pending by a process that died more than
// LEASE ago), so two workers never send the same row at the same time either.
//
// Rows a customer cannot get are written as 'ignorado' with their motivo ('restrito', 'sem_endereco')
// and never sent. A failed send is kept as 'falhou' with its error and handed to `retry` (the queue's
// send job, retried with back-off: src/server/jobs/communication.ts) until COMMUNICATION_MAX_ATTEMPTS.
// A send that succeeds after failures keeps the last error, which explains its tentativas.
import type { Database, Queryable } from '../db/index.js';
import type { IsoDate, Turno } from '../../domain/communicationDates.js';
import type { Channels, SendResult } from './channels.js';
import { channelOf, channelsOf, selectionQuery, type Canal, type SelectableRule, type SelectedCustomer } from './select.js';
import { placeholderValues, renderTemplate } from './templates.js';

/** A rule as the dispatcher runs it: its timing, channels and messages, its campaign and provider. */
export interface DispatchRule extends SelectableRule {
  campanha_id: number;
  campanha_nome: string;
  provedor: string | null;
  turno: Turno;
  /** When the rule was registered (the preview: a shift before it sent nothing for it). */
  criado: Date | string;
  template_whatsapp: string | null;
  titulo_email: string | null;
  mensagem_email: string | null;
  mensagem_sms: string | null;
}

export interface ShiftResult {
  dia: IsoDate;
  turno: Turno;
  /** Rules evaluated. */
  regras: number;
  /** Send-log rows this run wrote (the others were there already). */
  registrados: number;
  enviados: number;
  falharam: number;
  ignorados: number;
}

export interface SendOutcome {
  enviados: number;
  /** Rows that failed and may be tried again. */
  falharam: number[];
  /** Rows that failed their last allowed attempt. */
  esgotados: number[];
}

export interface DispatcherOptions {
  channels: Channels;
  /** Attempts per message (the first send and its retries). */
  maxAttempts?: number;
  /** Hands failed rows to a later retry (the queue); without it they stay 'falhou'. */
  retry?: (ids: number[]) => Promise<void>;
  log?: (msg: string) => void;
  /** Customers read per query (keyset pages by customer code). */
  pageSize?: number;
  /** Messages sent at the same time. */
  concurrency?: number;
}

/** A pending row untouched this long belongs to a run that died: another run may take it. */
export const LEASE = '15 minutes';
const CLAIM_BATCH = 50;
const MISSING_MESSAGE = 'A regra não tem mensagem para este canal.';

const RULE_COLUMNS = `r.id, r.criado, r.campanha_id, c.nome AS campanha_nome, c.sistema, e.nome AS provedor, r.criterio, r.envio, r.tempo,
  r.data_especifica::text AS data_especifica, r.turno, r.whatsapp, r.email, r.sms, r.template_whatsapp, r.titulo_email, r.mensagem_email, r.mensagem_sms`;

/** The rules a shift runs: active rules of active campaigns with that turno (of some providers only, with providerIds). */
export async function shiftRules(db: Queryable, turno: Turno, providerIds: number[] | null = null): Promise<DispatchRule[]> {
  const { rows } = await db.query<DispatchRule>(
    `SELECT ${RULE_COLUMNS} FROM campanha.regra r
       JOIN campanha.comunicacao c ON c.id = r.campanha_id
       LEFT JOIN rh.empresa e ON e.id = c.sistema
      WHERE r.ativo AND c.ativo AND r.turno = $1 AND ($2::int[] IS NULL OR c.sistema = ANY($2::int[]))
      ORDER BY r.campanha_id, r.id`,
    [turno, providerIds],
  );
  return rows;
}

/** Rules by id or by campaign (the preview), whatever their status. */
export async function rulesById(db: Queryable, where: { ruleId?: number; campaignId?: number; activeOnly?: boolean }): Promise<DispatchRule[]> {
  const { rows } = await db.query<DispatchRule>(
    `SELECT ${RULE_COLUMNS} FROM campanha.regra r
       JOIN campanha.comunicacao c ON c.id = r.campanha_id
       LEFT JOIN rh.empresa e ON e.id = c.sistema
      WHERE ($1::int IS NULL OR r.id = $1) AND ($2::int IS NULL OR r.campanha_id = $2) AND (NOT $3 OR r.ativo)
      ORDER BY r.turno, r.id`,
    [where.ruleId ?? null, where.campaignId ?? null, where.activeOnly ?? false],
  );
  return rows;
}

/** The send-log row of one channel of a selected customer: its status, reason, subject and text. */
export function messageOf(rule: DispatchRule, customer: SelectedCustomer, canal: Canal) {
  const { destino, motivo } = channelOf(customer, canal);
  if (motivo) return { canal, destino, status: 'ignorado' as const, motivo, erro: null, assunto: null, conteudo: null };
  const values = placeholderValues({ ...customer, provedor: rule.provedor });
  const assunto = canal === 'email' ? renderTemplate(rule.titulo_email?.trim() || rule.campanha_nome, values) : null;
  // WhatsApp sends an approved template by name; its one parameter (the name) goes with the send.
  const conteudo = canal === 'whatsapp' ? rule.template_whatsapp?.trim() || null : renderTemplate(canal === 'email' ? rule.mensagem_email : rule.mensagem_sms, values);
  if (!conteudo?.trim()) return { canal, destino, status: 'falhou' as const, motivo: null, erro: MISSING_MESSAGE, assunto, conteudo: null };
  return { canal, destino, status: 'pendente' as const, motivo: null, erro: null, assunto, conteudo };
}

/** Runs fn over items, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

export class CommunicationDispatcher {
  private readonly maxAttempts: number;
  private readonly pageSize: number;
  private readonly concurrency: number;

  constructor(
    private readonly db: Database,
    private readonly options: DispatcherOptions,
  ) {
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.pageSize = Math.max(1, options.pageSize ?? 2000);
    this.concurrency = Math.max(1, options.concurrency ?? 8);
  }

  /**
   * One shift of one business day: every active rule with this turno (of these providers only, with
   * providerIds), then the leftovers of a run that died.
   */
  async runShift({ dia, turno, providerIds = null }: { dia: IsoDate; turno: Turno; providerIds?: number[] | null }): Promise<ShiftResult> {
    const result: ShiftResult = { dia, turno, regras: 0, registrados: 0, enviados: 0, falharam: 0, ignorados: 0 };
    const rules = await shiftRules(this.db, turno, providerIds);
    result.regras = rules.length;
    for (const rule of rules) await this.runRule(rule, dia, turno, result);
    // Rows of these rules written by a run that died before sending them (a restart mid-run).
    const { rows: stale } = await this.db.query<{ id: number }>(
      `SELECT id FROM campanha.envio WHERE dia = $1 AND turno = $2 AND status = 'pendente' AND tentativas < $3
         AND updated_at < now() - interval '${LEASE}' AND regra_id = ANY($4::int[]) ORDER BY id`,
      [dia, turno, this.maxAttempts, rules.map((r) => r.id)],
    );
    if (stale.length) await this.sendAndCount(stale.map((r) => r.id), result);
    this.options.log?.(
      `régua de comunicação, turno ${turno} de ${dia}: ${result.regras} regra(s), ${result.registrados} envio(s) registrado(s), ${result.enviados} enviado(s), ${result.falharam} com falha, ${result.ignorados} ignorado(s)`,
    );
    return result;
  }

  private async runRule(rule: DispatchRule, dia: IsoDate, turno: Turno, result: ShiftResult) {
    const channels = channelsOf(rule);
    let after: string | undefined;
    for (;;) {
      const query = selectionQuery(rule, [dia], { customerColumns: true, logged: true, after, limit: this.pageSize });
      if (!query) return;
      const { rows } = await this.db.query<SelectedCustomer>(query.sql, query.params);
      if (!rows.length) return;
      after = rows[rows.length - 1].cod_cliente;
      const messages = rows.flatMap((customer) =>
        channels.filter((canal) => !customer.registrados?.includes(canal)).map((canal) => ({ customer, ...messageOf(rule, customer, canal) })),
      );
      if (messages.length) {
        const { rows: written } = await this.db.query<{ id: number; status: string }>(
          `INSERT INTO campanha.envio (campanha_id, regra_id, id_empresa, cod_cliente, nome_razaosocial, canal, dia, turno, destino, status, motivo, erro, assunto, conteudo)
           SELECT $1, $2, u.id_empresa, u.cod_cliente, u.nome, u.canal, $3::date, $4, u.destino, u.status, u.motivo, u.erro, u.assunto, u.conteudo
             FROM unnest($5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
               AS u(id_empresa, cod_cliente, nome, canal, destino, status, motivo, erro, assunto, conteudo)
           ON CONFLICT (regra_id, id_empresa, cod_cliente, canal, dia) DO NOTHING
           RETURNING id, status`,
          [
            rule.campanha_id,
            rule.id,
            dia,
            turno,
            messages.map((m) => m.customer.id_empresa),
            messages.map((m) => m.customer.cod_cliente),
            messages.map((m) => m.customer.nome_razaosocial),
            messages.map((m) => m.canal),
            messages.map((m) => m.destino),
            messages.map((m) => m.status),
            messages.map((m) => m.motivo),
            messages.map((m) => m.erro),
            messages.map((m) => m.assunto),
            messages.map((m) => m.conteudo),
          ],
        );
        result.registrados += written.length;
        result.ignorados += written.filter((w) => w.status === 'ignorado').length;
        result.falharam += written.filter((w) => w.status === 'falhou').length;
        const pending = written.filter((w) => w.status === 'pendente').map((w) => w.id);
        if (pending.length) await this.sendAndCount(pending, result);
      }
      if (rows.length < this.pageSize) return;
    }
  }

  private async sendAndCount(ids: number[], result: ShiftResult) {
    const outcome = await this.sendRows(ids);
    result.enviados += outcome.enviados;
    result.falharam += outcome.falharam.length + outcome.esgotados.length;
  }

  /**
   * Sends send-log rows by id: each one that is new, failed, or abandoned by a dead run is claimed for
   * one more attempt, sent, and marked enviado or falhou (with the error). Rows already sent, being
   * sent by someone else, or out of attempts are left alone. Failed rows that may be tried again go
   * to `retry`, unless the caller is the retry itself (handOver false: the queue's job fails and is
   * retried with back-off instead).
   */
  async sendRows(ids: number[], { handOver = true }: { handOver?: boolean } = {}): Promise<SendOutcome> {
    const outcome: SendOutcome = { enviados: 0, falharam: [], esgotados: [] };
    for (let i = 0; i < ids.length; i += CLAIM_BATCH) {
      const batch = ids.slice(i, i + CLAIM_BATCH);
      const { rows: claimed } = await this.db.query<{
        id: number;
        canal: Canal;
        destino: string | null;
        assunto: string | null;
        conteudo: string | null;
        nome_razaosocial: string | null;
        tentativas: number;
      }>(
        `UPDATE campanha.envio SET status = 'pendente', tentativas = tentativas + 1, updated_at = now()
          WHERE id = ANY($1::bigint[]) AND tentativas < $2
            AND (status = 'falhou' OR (status = 'pendente' AND (tentativas = 0 OR updated_at < now() - interval '${LEASE}')))
          RETURNING id, canal, destino, assunto, conteudo, nome_razaosocial, tentativas`,
        [batch, this.maxAttempts],
      );
      const results: { id: number; status: 'enviado' | 'falhou'; erro: string | null }[] = [];
      await eachLimited(claimed, this.concurrency, async (row) => {
        let sent: SendResult;
        if (!row.destino || !row.conteudo) sent = { ok: false, error: MISSING_MESSAGE };
        else {
          try {
            sent = await this.options.channels[row.canal].send({
              para: row.destino,
              assunto: row.assunto,
              texto: row.conteudo,
              parametros: row.canal === 'whatsapp' ? [row.nome_razaosocial ?? ''] : undefined,
            });
          } catch (e) {
            sent = { ok: false, error: (e as Error).message || String(e) };
          }
        }
        results.push({ id: row.id, status: sent.ok ? 'enviado' : 'falhou', erro: sent.ok ? null : sent.error });
        if (sent.ok) outcome.enviados++;
        else if (row.tentativas < this.maxAttempts) outcome.falharam.push(row.id);
        else outcome.esgotados.push(row.id);
      });
      if (results.length) {
        await this.db.query(
          `UPDATE campanha.envio e SET status = u.status, erro = COALESCE(u.erro, e.erro), updated_at = now(),
              enviado_em = CASE WHEN u.status = 'enviado' THEN now() ELSE e.enviado_em END
             FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, status, erro)
            WHERE e.id = u.id`,
          [results.map((r) => r.id), results.map((r) => r.status), results.map((r) => r.erro)],
        );
      }
    }
    if (handOver && outcome.falharam.length && this.options.retry) {
      try {
        await this.options.retry(outcome.falharam);
      } catch (e) {
        this.options.log?.(`régua de comunicação: não foi possível agendar a nova tentativa de ${outcome.falharam.length} envio(s): ${(e as Error).message}`);
      }
    }
    return outcome;
  }
}
