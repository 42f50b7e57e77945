// Lead imports (marketing document, sections 2 to 9): a spreadsheet of people a provider met in a
// campaign and channel becomes an import (vendas.lead_importacao) with one participant per data row
// (vendas.lead_participante), checked (rows.ts) and marked against the provider's customers (by CPF
// or phone: cliente, situacao_cliente, cod_cliente, and the channels the customer restricted) and
// leads (duplicado 'lead', id_lead_existente), and against the file's earlier rows (duplicado
// 'arquivo'); the clean rows are selected (lead). The selected rows then become leads of the funnel
// (origem 'importado'), once: the import row is locked while they are created, and an import's leads
// can be removed again as a whole while none of them has moved.
//
// Creating an import is the resource service's create of lead-imports (REST, GraphQL and the v1
// call alike): its hooks read the file before the transaction (prepare: the caller must be able to
// download it; parse.ts in a worker thread, with limits); the create's transaction writes the import
// and marks it as loading (vendas.lead_importacao_carga, migration 0079); then its rows are written in
// steps of their own (afterCommit), each a transaction of about STEP_MS of database work (a thousand
// rows or so), so that no request waits long behind a big file: the embedded PGlite runs one
// transaction at a time. The last step checks what the bulk writes skipped, writes the counters and
// ends the load; a step that fails deletes the import and its rows (a file that cannot be imported
// leaves nothing), and an import whose server stopped midway is deleted later (discardStale). While it
// loads, an import's rows cannot be changed, selected or made leads (409). The rows are written
// without one audit entry per row (migration 0066): the import's entries stand for them
// (npm run bench:import-leads: 100,000 rows in under 10 s; npm run drill:import: 200,000 rows with
// /health and the redirect answering meanwhile).
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { MSG } from '../../domain/messages.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError, notFound } from '../errors.js';
import { fileRefusal, type StoredFile } from '../files/access.js';
import type { FileStorage } from '../files/storage.js';
import { detectType, MAX_FILE_BYTES } from '../files/types.js';
import { Params, scopeCondition } from '../resources/query.js';
import { SYSTEM, updateRow, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { fileRuleOf, type ResourceDef } from '../schemas/registry.js';
import { ValidationError } from '../schemas/validation.js';
import { BROKEN_WORKBOOK } from '../spreadsheets/sources.js';
import { runInThread, ThreadFailure } from '../spreadsheets/thread.js';
import { IMPORT_MSG } from './messages.js';
import type { ParsedRows, ParseInput, ParseResult, SpreadsheetKind } from './parse.js';
import { checkRow, ROW_MSG, type CheckedRow, type LeadField, type RowErrors } from './rows.js';

const MB = 1024 * 1024;

export interface ImportLimits {
  /** The file (the upload's limit). */
  maxFileBytes: number;
  /** Data rows of a file. */
  maxRows: number;
  /** An xlsx's entries once inflated. */
  maxUnzippedBytes: number;
  /** The worker that reads a file: its deadline and its heap. */
  timeoutMs: number;
  maxHeapMb: number;
  /** Rows made leads in one transaction by Criar Novas Leads; a call with more makes them in steps. */
  leadsAtOnce: number;
}

export const DEFAULT_LIMITS: ImportLimits = { maxFileBytes: MAX_FILE_BYTES, maxRows: 200_000, maxUnzippedBytes: 100 * MB, timeoutMs: 120_000, maxHeapMb: 1536, leadsAtOnce: 2_000 };

/** Database time one step of an import's load aims at; its rows per step follow the last step's pace. */
const STEP_MS = 25;
const FIRST_STEP_ROWS = 500;
const MAX_STEP_ROWS = 20_000;
const FIRST_LEAD_STEP = 10;
/** An import still loading with no step for this long was left by a stopped server: it is deleted. */
const STALE_LOAD = '10 minutes';

const PARSE_MODULE = new URL(`./parse${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** A file read for an import: its name and bytes, of a kind its bytes confirm. */
export interface ImportFile {
  name: string;
  kind: SpreadsheetKind;
  bytes: Buffer;
}

interface Prepared {
  file: ImportFile;
  rows: ParsedRows;
}

export interface Counters {
  total_participantes: number;
  linhas_com_erro: number;
  duplicados: number;
  leads_criadas: number;
}

/** A participant as stored. */
export type Participant = Record<string, any> & {
  id: number;
  id_importacao_evento: number;
  linha: number;
  nome: string;
  telefone: string;
  cpf: string;
  erros: RowErrors | null;
  lead: boolean;
  id_lead: number | null;
};

/** One update of PUT v1/lead/importacao/clientes: rows by id (and import), or a whole import; what to set. */
export interface RowsUpdate {
  ids: number[] | null;
  importId: number | null;
  set: { lead?: boolean } & Partial<Record<LeadField, string>>;
}

/** The file read before an import's transaction (every create of the resource service prepares it). */
function preparedOf(prepared: unknown): Prepared {
  if (!prepared) throw new Error('importação de leads sem o arquivo lido (hook prepare)');
  return prepared as Prepared;
}

const refuseFile = (message: string) => new HttpError(400, message, { id_file: message });

/** The kind a stored type confirms (files/types.ts reads it from the bytes). */
function kindOfType(type: string): SpreadsheetKind | null {
  if (type.startsWith('text/csv')) return 'csv';
  if (type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (type === 'application/vnd.ms-excel') return 'xls';
  return null;
}

/**
 * What a row is marked with, for rows `u` (columns linha, cpf_d, fone_d, erros, repetido) of a
 * provider: the provider's customers with that CPF or phone (telefone or celular; any contract:
 * cliente when one is active or suspended, inadimplente when such a one is overdue, ex_cliente when
 * all are cancelled; the code of the best one), the channels any of them restricted
 * (preferencias_cliente: false is restricted), the provider's first lead with that CPF or phone, and
 * whether the row is clean (selected by default). Each lookup is an index probe per row (migration
 * 0066's (id_empresa, digits(...)) indexes), never a scan of the customers; a customer found twice
 * (by CPF and by phone) counts once in what is answered.
 */
function marksOf(provider: string) {
  // A row without the value probes nothing (a one-time filter before the index scan).
  const customers = (column: string, value: string) =>
    `SELECT c.id, c.cod_cliente, c.situacao, c.dias_atraso FROM relacionamento.dados_pessoas c
      WHERE ${value} IS NOT NULL AND c.id_empresa = ${provider} AND relacionamento.digits(c.${column}) = ${value}`;
  const leads = (column: string, value: string) =>
    `SELECT l.id FROM vendas.lead l WHERE ${value} IS NOT NULL AND l.id_empresa = ${provider} AND relacionamento.digits(l.${column}) = ${value}`;
  return {
    joins: `
      LEFT JOIN LATERAL (
        SELECT bool_or(c.situacao <> 'cancelado') AS cliente,
               CASE WHEN bool_or(c.situacao <> 'cancelado' AND c.dias_atraso > 0) THEN 'inadimplente'
                    WHEN bool_or(c.situacao <> 'cancelado') THEN 'ativo'
                    WHEN count(*) > 0 THEN 'ex_cliente' END AS situacao,
               (array_agg(c.cod_cliente ORDER BY c.situacao = 'ativo' DESC, c.situacao = 'suspenso' DESC, c.id))[1] AS cod_cliente,
               array_agg(c.cod_cliente) AS codigos
          FROM (${customers('cpf', 'u.cpf_d')} UNION ALL ${customers('telefone', 'u.fone_d')} UNION ALL ${customers('celular', 'u.fone_d')}) c
      ) m ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(array_agg(DISTINCT v.canal ORDER BY v.canal), '{}') AS canais
          FROM relacionamento.preferencias_cliente r
          CROSS JOIN LATERAL (VALUES ('whatsapp', r.whatsapp), ('email', r.email), ('sms', r.sms)) v(canal, permitido)
         WHERE r.sistema = ${provider} AND r.cod_cliente = ANY(m.codigos) AND NOT v.permitido
      ) r ON true
      LEFT JOIN LATERAL (
        SELECT min(l.id) AS id FROM (${leads('cpf', 'u.cpf_d')} UNION ALL ${leads('telefone', 'u.fone_d')}) l
      ) l ON true`,
    columns: `coalesce(m.cliente, false) AS cliente, m.situacao AS situacao_cliente, m.cod_cliente, r.canais AS restricao,
      CASE WHEN u.repetido THEN 'arquivo' WHEN l.id IS NOT NULL THEN 'lead' END AS duplicado, l.id AS id_lead_existente,
      u.erros IS NULL AND NOT u.repetido AND l.id IS NULL AND cardinality(r.canais) = 0 AS limpa`,
  };
}

/** The digits a stored row is matched by: its CPF's or phone's, when valid (null otherwise). */
const validDigits = (alias: string, field: 'cpf' | 'telefone') =>
  `CASE WHEN ${alias}.${field} <> '' AND NOT coalesce(${alias}.erros ? '${field}', false) THEN relacionamento.digits(${alias}.${field}) END`;

/** The rows of an import ($1) waiting to become leads (among $2 when the call names rows). */
const pendingRows = (only: unknown[] | null) => `p.id_importacao_evento = $1 AND p.lead AND p.id_lead IS NULL AND p.erros IS NULL${only ? ' AND p.id = ANY($2::int[])' : ''}`;

export class LeadImports {
  readonly imports: ResourceDef;
  readonly participants: ResourceDef;
  readonly leads: ResourceDef;
  private template: Buffer | null = null;
  private bulkAllowed: boolean | undefined;

  constructor(
    private db: Database,
    private service: ResourceService,
    private storage: FileStorage,
    readonly limits: ImportLimits = { ...DEFAULT_LIMITS },
  ) {
    this.imports = service.get('lead-imports');
    this.participants = service.get('lead-import-participants');
    this.leads = service.get('leads');
  }

  // ---- the file ----

  /**
   * The stored file of an import, if the field may name it (the engine's rule, checked here before
   * the bytes are read: one the actor may download, of the importacoes bucket and a spreadsheet's
   * type) and it is a csv, xlsx or xls its bytes confirm.
   */
  async readFile(actor: Actor, id: unknown): Promise<ImportFile> {
    // The bytes as base64 text: PGlite hands a bytea over ten times slower (0.6 s for 6 MB).
    const { rows } = await this.db.query<StoredFile & { nome: string; dados: string | null; chave: string | null }>(
      `SELECT id::text AS id, bucket, tipo, nome, tamanho, encode(dados, 'base64') AS dados, chave, id_usuario, id_empresas FROM storage.arquivo WHERE id = $1`,
      [id],
    );
    const file = rows[0];
    const refusal = fileRefusal(actor, file, fileRuleOf(this.imports, 'id_file'));
    if (refusal) throw refuseFile(refusal);
    const kind = extname(file.nome).slice(1).toLowerCase();
    if (kind !== 'csv' && kind !== 'xlsx' && kind !== 'xls') throw refuseFile(MSG.fileType);
    if (file.tamanho > this.limits.maxFileBytes) throw refuseFile(IMPORT_MSG.tooLarge(this.limits.maxFileBytes));
    const bytes = await this.storage.get({ dados: file.dados === null ? null : Buffer.from(file.dados, 'base64'), chave: file.chave });
    if (!bytes) throw refuseFile(MSG.fileNotFound);
    if (!bytes.length) throw refuseFile(IMPORT_MSG.empty);
    if (bytes.length > this.limits.maxFileBytes) throw refuseFile(IMPORT_MSG.tooLarge(this.limits.maxFileBytes));
    // A renamed file (a PDF called .xlsx, an image called .csv) is not what its name says.
    const type = await detectType(file.nome, bytes);
    if (!type || kindOfType(type) !== kind) throw refuseFile(MSG.fileType);
    return { name: file.nome, kind, bytes };
  }

  /** Stores a file as the system's upload to the importacoes bucket (every provider may read it); answers its id. */
  async storeFile(name: string, bytes: Buffer): Promise<string> {
    const id = randomUUID();
    const type = (await detectType(name, bytes)) ?? 'application/octet-stream';
    const ref = await this.storage.put(`importacoes/${id}`, bytes, type);
    await this.db.query(
      'INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados, chave, id_usuario, id_empresas) VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, NULL)',
      [id, 'importacoes', name, type, bytes.length, ref.dados, ref.chave],
    );
    return id;
  }

  /** The file's rows, read in a worker thread; a file that cannot be read is refused whole (400 on id_file). */
  async parse(file: ImportFile): Promise<ParsedRows> {
    // A copy of its own, moved (not copied again) to the worker.
    const bytes = new Uint8Array(file.bytes.length);
    bytes.set(file.bytes);
    const input: ParseInput = { bytes, kind: file.kind, limits: { maxRows: this.limits.maxRows, maxUnzippedBytes: this.limits.maxUnzippedBytes } };
    let result: ParseResult;
    try {
      result = await runInThread(PARSE_MODULE, 'parseLeadFile', input, { timeoutMs: this.limits.timeoutMs, maxHeapMb: this.limits.maxHeapMb }, [bytes.buffer]);
    } catch (e) {
      if (!(e instanceof ThreadFailure)) throw e;
      // Out of memory or time: a file too heavy; anything else a reader gives up on: a broken one.
      throw refuseFile(e.reason === 'error' ? BROKEN_WORKBOOK : IMPORT_MSG.tooHeavy);
    }
    if (!result.ok) throw refuseFile(result.message);
    return result.rows;
  }

  // ---- writing an import and its participants ----

  /** Rows start..end of a parsed file, marked and written in tx; answers their counters. */
  private async insertStep(tx: Queryable, importId: number, provider: number, rows: ParsedRows, start: number, end: number): Promise<Counters> {
    const marks = marksOf('$10::int');
    const sql = `
      WITH ins AS (
        INSERT INTO vendas.lead_participante
          (id_importacao_evento, linha, nome, telefone, cpf, erros, cliente, situacao_cliente, cod_cliente, restricao, duplicado, id_lead_existente, lead)
        SELECT $1::int, u.linha, u.nome, u.telefone, u.cpf, u.erros, ${marks.columns}
          FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::boolean[])
               AS u(linha, nome, telefone, cpf, cpf_d, fone_d, erros, repetido)
          ${marks.joins}
        RETURNING erros IS NOT NULL AS com_erro, duplicado IS NOT NULL AS repetida
      )
      SELECT count(*)::int AS total, count(*) FILTER (WHERE com_erro)::int AS erros, count(*) FILTER (WHERE repetida)::int AS duplicados FROM ins`;
    const part = <T>(column: T[]) => column.slice(start, end);
    let out: { total: number; erros: number; duplicados: number } = { total: 0, erros: 0, duplicados: 0 };
    await this.bulk(tx, async () => {
      const { rows: counted } = await tx.query<{ total: number; erros: number; duplicados: number }>(sql, [
        importId,
        part(rows.linha),
        part(rows.nome),
        part(rows.telefone),
        part(rows.cpf),
        part(rows.cpfDigits),
        part(rows.phoneDigits),
        part(rows.erros),
        part(rows.repetido),
        provider,
      ]);
      out = counted[0];
    });
    await tx.query('UPDATE vendas.lead_importacao_carga SET atualizada_em = now() WHERE id_importacao = $1', [importId]);
    return { total_participantes: out.total, linhas_com_erro: out.erros, duplicados: out.duplicados, leads_criadas: 0 };
  }

  /**
   * The rows of a created import, in steps (each its own transaction, sized to about STEP_MS), then
   * the last step: the leads the rows name must all still exist (locked KEY SHARE, as the foreign key
   * checks the bulk writes skipped would), the counters written, the load ended. Any failure deletes
   * the import. Answers the counters.
   */
  async load(actor: Actor, row: Record<string, any>, rows: ParsedRows): Promise<Counters> {
    const counters: Counters = { total_participantes: 0, linhas_com_erro: 0, duplicados: 0, leads_criadas: 0 };
    try {
      let size = FIRST_STEP_ROWS;
      for (let start = 0, end = 0; start < rows.linha.length; start = end) {
        end = Math.min(rows.linha.length, start + size);
        const t0 = performance.now();
        const step = await this.db.transaction((tx) => this.insertStep(tx, row.id, row.id_empresa, rows, start, end));
        counters.total_participantes += step.total_participantes;
        counters.linhas_com_erro += step.linhas_com_erro;
        counters.duplicados += step.duplicados;
        const took = Math.max(1, performance.now() - t0);
        size = Math.max(100, Math.min(MAX_STEP_ROWS, Math.round(((end - start) * STEP_MS) / took)));
      }
      await this.service.write(actor, async (tx) => {
        const { rows: refs } = await tx.query<{ named: number; found: number }>(
          `WITH named AS (SELECT DISTINCT id_lead_existente AS id FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND id_lead_existente IS NOT NULL),
                found AS (SELECT l.id FROM vendas.lead l WHERE l.id IN (SELECT id FROM named) FOR KEY SHARE)
           SELECT (SELECT count(*)::int FROM named) AS named, (SELECT count(*)::int FROM found) AS found`,
          [row.id],
        );
        if (refs[0].named !== refs[0].found) throw new HttpError(409, IMPORT_MSG.leadsChanged);
        await tx.query(
          'UPDATE vendas.lead_importacao SET total_participantes = $2, linhas_com_erro = $3, duplicados = $4 WHERE id = $1',
          [row.id, counters.total_participantes, counters.linhas_com_erro, counters.duplicados],
        );
        await tx.query('DELETE FROM vendas.lead_importacao_carga WHERE id_importacao = $1', [row.id]);
      });
    } catch (e) {
      await this.discard(row.id).catch(() => {});
      throw e;
    }
    await this.analyzeIfGrown('vendas.lead_participante', rows.linha.length);
    return counters;
  }

  /** Deletes an import that did not load, its rows first, in steps (as the load wrote them). */
  private async discard(importId: number) {
    for (;;) {
      const { rows } = await this.db.transaction(async (tx) => {
        let deleted: { id: number }[] = [];
        await this.bulk(tx, async () => {
          deleted = (
            await tx.query<{ id: number }>(
              `DELETE FROM vendas.lead_participante WHERE id IN (SELECT id FROM vendas.lead_participante WHERE id_importacao_evento = $1 LIMIT 2000) RETURNING id`,
              [importId],
            )
          ).rows;
        });
        return { rows: deleted };
      });
      if (!rows.length) break;
    }
    await this.service.write(SYSTEM, (tx) => tx.query('DELETE FROM vendas.lead_importacao WHERE id = $1', [importId]));
  }

  /** Deletes the imports a stopped server left loading (no step for STALE_LOAD). */
  async discardStale() {
    const { rows } = await this.db.query<{ id: number; etapa: string }>(
      `SELECT id_importacao AS id, etapa FROM vendas.lead_importacao_carga WHERE atualizada_em < now() - interval '${STALE_LOAD}'`,
    );
    for (const r of rows) {
      // Leads made in steps: each step was whole; the import stays, its counters read again.
      if (r.etapa === 'leads') await this.removeLeads(SYSTEM, r.id, []);
      else await this.discard(r.id);
    }
  }

  /** 409 while an import's rows are being written, or its leads made in steps. */
  async assertLoaded(q: Queryable, importIds: number[]) {
    const { rows } = await q.query<{ etapa: string }>('SELECT etapa FROM vendas.lead_importacao_carga WHERE id_importacao = ANY($1::int[]) LIMIT 1', [importIds]);
    if (rows.length) throw new HttpError(409, rows[0].etapa === 'leads' ? IMPORT_MSG.creatingLeads : IMPORT_MSG.loading);
  }

  /**
   * A bulk write of participants (a file's rows, a whole import's selection, the leads' links), as
   * pg_restore loads data where the database allows it (a superuser: PGlite's user always is): the
   * rows' triggers off for it (session_replication_role = replica), so neither one audit entry per
   * row (the import's own entries stand for them) nor the foreign key checks, the two fifths of a
   * file's insert on PGlite; the caller ensures what those checks would. Elsewhere the write runs as
   * any other, audited and checked. Answers whether the triggers were off.
   */
  private async bulk(tx: Queryable, write: () => Promise<unknown>): Promise<boolean> {
    this.bulkAllowed ??= (await tx.query<{ ok: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS ok`)).rows[0].ok;
    if (!this.bulkAllowed) {
      await write();
      return false;
    }
    await tx.query('SET LOCAL session_replication_role = replica');
    await write();
    // Only on success: a failed statement ends the transaction, and the setting with it.
    await tx.query('SET LOCAL session_replication_role = origin');
    return true;
  }

  /**
   * ANALYZE of a table that grew by `added` rows since its last analysis, when they are more than 50
   * plus 10% of the rows it had then (PostgreSQL's autovacuum rule): its own short statement, between
   * the steps. PGlite has no autovacuum: without it the planner kept the sizes of an almost empty
   * lead table while the steps filled it, and probed each row's CPF and phone among all the
   * provider's leads (steps of 10 leads took 130 ms in the drill). Answers whether it ran. Never
   * throws: statistics left as they were must not fail the import or the leads already written.
   */
  private async analyzeIfGrown(table: 'vendas.lead' | 'vendas.lead_participante', added: number): Promise<boolean> {
    try {
      const { rows } = await this.db.query<{ n: number }>('SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass', [table]);
      if (added <= 50 + 0.1 * Number(rows[0]?.n ?? 0)) return false;
      await this.db.query(`ANALYZE ${table}`);
      return true;
    } catch {
      return false;
    }
  }

  /** The import's counters from its rows, written when they changed; answers the import as stored. */
  async refreshCounters(tx: Queryable, importId: number): Promise<Record<string, any> | null> {
    const { rows } = await tx.query(
      `WITH s AS (
         SELECT count(*)::int AS t, count(*) FILTER (WHERE erros IS NOT NULL)::int AS e,
                count(*) FILTER (WHERE duplicado IS NOT NULL)::int AS d, count(*) FILTER (WHERE id_lead IS NOT NULL)::int AS l
           FROM vendas.lead_participante WHERE id_importacao_evento = $1
       )
       UPDATE vendas.lead_importacao i SET total_participantes = s.t, linhas_com_erro = s.e, duplicados = s.d, leads_criadas = s.l
         FROM s WHERE i.id = $1 AND (i.total_participantes, i.linhas_com_erro, i.duplicados, i.leads_criadas) IS DISTINCT FROM (s.t, s.e, s.d, s.l)
       RETURNING i.*`,
      [importId],
    );
    return rows[0] ?? null;
  }

  /** The import, locked for the transaction, when the actor may see it (else 404). */
  async lockImport(tx: Queryable, actor: Actor, id: number): Promise<Record<string, any>> {
    const p = new Params();
    const scope = scopeCondition(this.service.registry, this.imports, actor, p);
    const { rows } = await tx.query(`SELECT * FROM vendas.lead_importacao WHERE id = ${p.add(id)}${scope ? ` AND ${scope}` : ''} FOR UPDATE`, p.values);
    if (!rows.length) throw notFound();
    await this.assertLoaded(tx, [id]);
    return rows[0];
  }

  // ---- one row: its marks, and what an edit changes ----

  /** The marks of one row of an import (an edit, or a row the superadmin adds), against the rows before it. */
  private async markRow(tx: Queryable, provider: number, row: { id: number | null; id_importacao_evento: number; linha: number }, checked: CheckedRow) {
    const p = new Params();
    const imp = p.add(row.id_importacao_evento);
    const cpf = p.add(checked.cpfDigits);
    const fone = p.add(checked.phoneDigits);
    const marks = marksOf(`${p.add(provider)}::int`);
    const { rows } = await tx.query<{ cliente: boolean; situacao_cliente: string | null; cod_cliente: string | null; restricao: string[]; duplicado: string | null; id_lead_existente: number | null; limpa: boolean }>(
      `SELECT ${marks.columns} FROM (
         SELECT ${cpf}::text AS cpf_d, ${fone}::text AS fone_d, ${p.add(checked.erros ? JSON.stringify(checked.erros) : null)}::jsonb AS erros,
                EXISTS (SELECT 1 FROM vendas.lead_participante o
                         WHERE o.id_importacao_evento = ${imp}::int AND o.linha < ${p.add(row.linha)}::int AND o.id IS DISTINCT FROM ${p.add(row.id)}::int
                           AND (${validDigits('o', 'cpf')} = ${cpf}::text OR ${validDigits('o', 'telefone')} = ${fone}::text)) AS repetido
       ) u ${marks.joins}`,
      p.values,
    );
    return rows[0];
  }

  /**
   * The columns an edit of a row writes (nome, telefone, cpf as typed or masked; lead): the edited
   * fields must be valid (400 with each field's reason), the row is checked again and marked again,
   * and its selection follows (a row that now has problems is unselected; one that had problems and
   * is now clean gets the default selection). Selecting a row with problems is refused, and so is
   * any change of a row whose lead exists.
   */
  async rowChanges(tx: Queryable, row: Participant, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const edited = (['nome', 'telefone', 'cpf'] as const).filter((f) => input[f] !== undefined && input[f] !== row[f]);
    const selecting = input.lead !== undefined && input.lead !== row.lead;
    if (input.id_importacao_evento !== undefined && input.id_importacao_evento !== row.id_importacao_evento) throw new HttpError(409, IMPORT_MSG.otherImport);
    if (row.id_lead !== null && (edited.length || selecting)) throw new HttpError(409, IMPORT_MSG.rowHasLead);
    const out: Record<string, unknown> = {};
    let erros = row.erros;
    if (edited.length) {
      const text = (f: LeadField) => (input[f] === undefined || input[f] === null ? row[f] : String(input[f]));
      const checked = checkRow({ nome: text('nome'), telefone: text('telefone'), cpf: text('cpf') });
      const problems: Record<string, string> = {};
      for (const f of edited) if (checked.erros?.[f]) problems[f] = checked.erros[f]!;
      // Emptying the only contact leaves the row with neither: the emptied field says so.
      if (checked.erros?.telefone === ROW_MSG.contactRequired) for (const f of edited) if (f !== 'nome') problems[f] = ROW_MSG.contactRequired;
      if (Object.keys(problems).length) throw new ValidationError(problems);
      const { rows: imp } = await tx.query<{ id_empresa: number }>('SELECT id_empresa FROM vendas.lead_importacao WHERE id = $1', [row.id_importacao_evento]);
      const marks = await this.markRow(tx, imp[0].id_empresa, row, checked);
      const { limpa, ...marked } = marks;
      Object.assign(out, { nome: checked.nome, telefone: checked.telefone, cpf: checked.cpf, erros: checked.erros }, marked);
      // A form sends the whole record: a lead equal to the row's is no choice of the user's.
      if (!selecting) out.lead = checked.erros ? false : row.erros ? limpa : row.lead;
      erros = checked.erros;
    }
    if (selecting) {
      if (input.lead === true && erros) throw new ValidationError({ lead: IMPORT_MSG.fixRowFirst }, IMPORT_MSG.fixRowFirst);
      out.lead = input.lead;
    }
    return out;
  }

  // ---- the resources' hooks ----

  /** lead-imports and lead-import-participants through the resource service (REST, GraphQL, v1). */
  hooks(): { imports: ResourceHooks; participants: ResourceHooks } {
    const prepare = async (actor: Actor, values: Record<string, unknown>): Promise<Prepared> => {
      await this.discardStale();
      const file = await this.readFile(actor, values.id_file);
      return { file, rows: await this.parse(file) };
    };
    const imports: ResourceHooks = {
      prepare: ({ actor, values }) => prepare(actor, values),
      beforeWrite: async ({ tx, operation, existing, values, prepared }) => {
        if (operation === 'create' && values) {
          values.nome_arquivo = preparedOf(prepared).file.name;
          return;
        }
        if (operation === 'update' && values && existing) {
          const changed = Object.keys(values).some((k) => String(values[k] ?? '').toLowerCase() !== String(existing[k] ?? '').toLowerCase());
          if (changed) throw new HttpError(409, IMPORT_MSG.immutable);
          return;
        }
        if (operation === 'delete' && existing) await this.assertLoaded(tx, [existing.id]);
        // An import's rows go with it as they came, in bulk (the foreign key's cascade would delete them one by one).
        if (operation === 'delete' && existing) await this.bulk(tx, () => tx.query('DELETE FROM vendas.lead_participante WHERE id_importacao_evento = $1', [existing.id]));
      },
      afterWrite: async ({ tx, operation, row }) => {
        // Loading until afterCommit has written its rows.
        if (operation === 'create') await tx.query('INSERT INTO vendas.lead_importacao_carga (id_importacao) VALUES ($1)', [row.id]);
      },
      afterCommit: async ({ actor, row, prepared }) => {
        Object.assign(row, await this.load(actor, row, preparedOf(prepared).rows));
      },
    };
    const participants: ResourceHooks = {
      beforeWrite: async ({ tx, operation, existing, values }) => {
        if (!values) return;
        await this.assertLoaded(tx, [(existing?.id_importacao_evento ?? values.id_importacao_evento) as number].filter(Number.isInteger));
        if (operation === 'update' && existing) {
          Object.assign(values, await this.rowChanges(tx, existing as Participant, values));
          return;
        }
        // A row the superadmin adds to an import: the next line, checked and marked as a file's row.
        const { rows } = await tx.query<{ linha: number; id_empresa: number }>(
          `SELECT coalesce((SELECT max(linha) FROM vendas.lead_participante WHERE id_importacao_evento = i.id), 1) + 1 AS linha, i.id_empresa
             FROM vendas.lead_importacao i WHERE i.id = $1 FOR UPDATE`,
          [values.id_importacao_evento],
        );
        // An import that does not exist is told by the reference check that follows.
        if (!rows.length) return;
        const checked = checkRow({ nome: values.nome as string, telefone: values.telefone as string, cpf: values.cpf as string });
        if (checked.erros) throw new ValidationError(checked.erros);
        const row = { id: null, id_importacao_evento: values.id_importacao_evento as number, linha: rows[0].linha };
        const { limpa: _clean, ...marked } = await this.markRow(tx, rows[0].id_empresa, row, checked);
        Object.assign(values, { linha: row.linha, nome: checked.nome, telefone: checked.telefone, cpf: checked.cpf, erros: null }, marked);
      },
      afterWrite: async ({ tx, row }) => {
        await this.refreshCounters(tx, row.id_importacao_evento);
      },
    };
    return { imports, participants };
  }

  // ---- the documented calls ----

  /** importaClientes: what the import read (written at creation: calling again changes nothing). */
  async summary(actor: Actor, id: number): Promise<string> {
    const p = new Params();
    const scope = scopeCondition(this.service.registry, this.imports, actor, p);
    const { rows } = await this.db.query<Counters & { clientes: number }>(
      `SELECT i.total_participantes, i.linhas_com_erro, i.duplicados,
              (SELECT count(*)::int FROM vendas.lead_participante x WHERE x.id_importacao_evento = i.id AND x.cliente) AS clientes
         FROM vendas.lead_importacao i WHERE i.id = ${p.add(id)}${scope ? ` AND ${scope}` : ''}`,
      p.values,
    );
    if (!rows.length) throw notFound();
    const r = rows[0];
    return IMPORT_MSG.imported(r.total_participantes, r.linhas_com_erro, r.duplicados, r.clientes);
  }

  /** vendas_lead_importacao_aggregate.nodes: the imports with their file, provider, channel and campaign, newest first. */
  async listImports(actor: Actor, filter: Record<string, unknown>) {
    const { rows } = await this.service.list(this.imports, { filter, sort: { field: 'created_at', order: 'DESC' }, range: [0, -1] }, actor);
    if (!rows.length) return [];
    const { rows: names } = await this.db.query<{ id: number; file_name: string | null; file_created: string | null; empresa: string | null; canal: string | null; campanha: string | null }>(
      `SELECT i.id, a.nome AS file_name, a.created_at AS file_created, e.nome AS empresa, c.nome AS canal, k.nome AS campanha
         FROM vendas.lead_importacao i
         LEFT JOIN storage.arquivo a ON a.id = i.id_file
         LEFT JOIN rh.empresa e ON e.id = i.id_empresa
         LEFT JOIN vendas.canal c ON c.id = i.id_canal
         LEFT JOIN vendas.campanha k ON k.id = i.id_campanha
        WHERE i.id = ANY($1::int[])`,
      [rows.map((r) => r.id)],
    );
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows.map((r) => {
      const n = byId.get(r.id as number);
      return {
        ...r,
        file: { id: r.id_file, name: n?.file_name ?? r.nome_arquivo, createdAt: n?.file_created ? new Date(n.file_created).toISOString() : null },
        empresa: { nome: n?.empresa ?? null },
        canal: { nome: n?.canal ?? null },
        campanha: { nome: n?.campanha ?? null },
        total_participantes: { aggregate: { count: r.total_participantes } },
        leads_criadas: { aggregate: { count: r.leads_criadas } },
        // The spec's name (sic): one entry when the import has rows, which the list's Ver Leads reads.
        lead_partcipantes: (r.total_participantes as number) > 0 ? [{ id_importacao_evento: r.id }] : [],
      };
    });
  }

  /**
   * update_vendas_lead_participante_many: every update in one transaction, all or nothing. Rows by
   * id are checked and audited one by one (rowChanges); a whole import's selection (where with only
   * id_importacao_evento, _set { lead }) is one statement: selecting takes the rows with no problem,
   * no lead yet, not duplicated and not restricted; unselecting, every row with no lead yet.
   * `returning` holds at most 1,000 rows of each update (by line).
   */
  async updateRows(actor: Actor, updates: RowsUpdate[]) {
    return this.service.write(actor, async (tx) => {
      const results: { affected_rows: number; returning: Participant[] }[] = [];
      const touched = new Set<number>();
      for (const update of updates) {
        const ids = update.ids === null ? await this.updateImport(tx, actor, update, touched) : await this.updateById(tx, actor, update, touched);
        const { rows } = await tx.query<Participant>(
          'SELECT * FROM vendas.lead_participante WHERE id = ANY($1::int[]) ORDER BY id_importacao_evento, linha, id LIMIT 1000',
          [ids],
        );
        results.push({ affected_rows: ids.length, returning: rows });
      }
      for (const id of touched) await this.refreshCounters(tx, id);
      return results;
    });
  }

  private async updateImport(tx: Queryable, actor: Actor, update: RowsUpdate, touched: Set<number>): Promise<number[]> {
    const imp = await this.lockImport(tx, actor, update.importId!);
    const select = update.set.lead === true;
    let ids: number[] = [];
    await this.bulk(tx, async () => {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE vendas.lead_participante SET lead = $2 WHERE id_importacao_evento = $1 AND id_lead IS NULL
           ${select ? `AND erros IS NULL AND duplicado IS NULL AND cardinality(restricao) = 0` : ''}
         RETURNING id`,
        [imp.id, select],
      );
      ids = rows.map((r) => r.id);
    });
    touched.add(imp.id);
    return ids;
  }

  private async updateById(tx: Queryable, actor: Actor, update: RowsUpdate, touched: Set<number>): Promise<number[]> {
    const p = new Params();
    const scope = scopeCondition(this.service.registry, this.participants, actor, p);
    const conditions = [`id = ANY(${p.add(update.ids)}::int[])`, ...(update.importId !== null ? [`id_importacao_evento = ${p.add(update.importId)}::int`] : []), ...(scope ? [scope] : [])];
    const { rows } = await tx.query<Participant>(`SELECT * FROM vendas.lead_participante WHERE ${conditions.join(' AND ')} ORDER BY id FOR UPDATE`, p.values);
    await this.assertLoaded(tx, [...new Set(rows.map((r) => r.id_importacao_evento))]);
    const changed: number[] = [];
    for (const row of rows) {
      // Selecting or unselecting a row whose lead exists changes nothing: it is left out.
      const editing = (['nome', 'telefone', 'cpf'] as const).some((f) => update.set[f] !== undefined);
      if (row.id_lead !== null && !editing) continue;
      const values = await this.rowChanges(tx, row, update.set);
      if (Object.keys(values).length) await updateRow(tx, this.participants, row.id, values);
      changed.push(row.id);
      touched.add(row.id_importacao_evento);
    }
    return changed;
  }

  /**
   * criaLeadImportada: one lead per selected row of the import (or the rows `only` names, which are
   * selected by it) that has no lead yet, with the import's provider, campaign and channel, origem
   * 'importado', equipe 'interna', status 'novo', and the customer flags the lead hooks give
   * (customerFlags: the provider's customer with that CPF, an active one first). Under the import
   * row's lock, so a second call (a double click, a retry) finds the leads made and makes none.
   * A selected row whose person became a lead of the provider since the import is marked
   * duplicado 'lead', unselected and not created. Up to limits.leadsAtOnce rows (2,000) in one transaction; more
   * in steps of about STEP_MS each (the import marked meanwhile, as while it loads: other calls on it
   * answer 409), and a step that fails removes the leads this call made.
   */
  async createLeads(actor: Actor, importId: number, only: number[] | null) {
    const first = await this.service.write(actor, async (tx) => {
      const imp = await this.lockImport(tx, actor, importId);
      if (only) {
        const { rows: chosen } = await tx.query<{ id: number; erros: unknown }>(
          'SELECT id, erros FROM vendas.lead_participante WHERE id = ANY($1::int[]) AND id_importacao_evento = $2 AND id_lead IS NULL',
          [only, imp.id],
        );
        if (chosen.some((r) => r.erros !== null)) throw new ValidationError({ lead: IMPORT_MSG.fixRowFirst }, IMPORT_MSG.fixRowFirst);
        await tx.query('UPDATE vendas.lead_participante SET lead = true WHERE id = ANY($1::int[]) AND NOT lead', [chosen.map((r) => r.id)]);
      }
      const { rows: waiting } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM vendas.lead_participante p WHERE ${pendingRows(only)}`, only ? [imp.id, only] : [imp.id]);
      if (waiting[0].n > this.limits.leadsAtOnce) {
        await tx.query(`INSERT INTO vendas.lead_importacao_carga (id_importacao, etapa) VALUES ($1, 'leads')`, [imp.id]);
        return { imp, answer: null };
      }
      const step = await this.leadsStep(tx, imp, only, null);
      if (!step.ids.length) {
        const { rows: made } = await tx.query('SELECT 1 FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND lead AND id_lead IS NOT NULL LIMIT 1', [imp.id]);
        if (made.length && !step.skipped) return { imp, answer: { status: 'success' as const, message: IMPORT_MSG.alreadyCreated, criadas: 0, ids: [] as number[] } };
        if (!step.skipped) throw new HttpError(400, MSG.noLeadSelected);
      }
      await this.refreshCounters(tx, imp.id);
      return { imp, answer: { status: 'success' as const, message: IMPORT_MSG.created(step.ids.length, step.skipped), criadas: step.ids.length, ids: step.ids } };
    });
    if (first.answer) return first.answer;
    const imp = first.imp;
    const ids: number[] = [];
    let skipped = 0;
    try {
      let size = FIRST_LEAD_STEP;
      let after: { linha: number; id: number } | null = null;
      let unanalyzed = 0;
      for (;;) {
        const t0 = performance.now();
        const step = await this.service.write(actor, async (tx) => {
          const done = await this.leadsStep(tx, imp, only, size, after);
          await tx.query('UPDATE vendas.lead_importacao_carga SET atualizada_em = now() WHERE id_importacao = $1', [imp.id]);
          return done;
        });
        ids.push(...step.ids);
        skipped += step.skipped;
        after = step.last;
        unanalyzed += step.ids.length;
        if (await this.analyzeIfGrown('vendas.lead', unanalyzed)) unanalyzed = 0;
        if (step.rows < size) break;
        size = Math.max(10, Math.min(MAX_STEP_ROWS, Math.round((step.rows * STEP_MS) / Math.max(1, performance.now() - t0))));
      }
      await this.service.write(actor, async (tx) => {
        await this.refreshCounters(tx, imp.id);
        await tx.query('DELETE FROM vendas.lead_importacao_carga WHERE id_importacao = $1', [imp.id]);
      });
    } catch (e) {
      await this.removeLeads(actor, imp.id, ids).catch(() => {});
      throw e;
    }
    return { status: 'success' as const, message: IMPORT_MSG.created(ids.length, skipped), criadas: ids.length, ids };
  }

  /**
   * The leads of the first `limit` pending rows of an import (all of them when null), in tx: rows whose
   * person became a lead of the provider are marked so and skipped; answers the leads made, the rows
   * skipped and the rows taken.
   */
  private async leadsStep(tx: Queryable, imp: Record<string, any>, only: number[] | null, limit: number | null, after: { linha: number; id: number } | null = null) {
    const args: unknown[] = only ? [imp.id, only] : [imp.id];
    // After the rows the steps before took (their order), so that a step reads only its own.
    const from = after ? ` AND (p.linha, p.id) > ($${args.push(after.linha)}::int, $${args.push(after.id)}::int)` : '';
    const taken = `SELECT p.id, p.linha FROM vendas.lead_participante p WHERE ${pendingRows(only)}${from} ORDER BY p.linha, p.id${limit ? ` LIMIT ${Number(limit)}` : ''}`;
    const { rows: picked } = await tx.query<{ id: number; linha: number }>(taken, args);
    const pickedIds = picked.map((r) => r.id);
    const last = picked.length ? { linha: picked[picked.length - 1].linha, id: picked[picked.length - 1].id } : after;
    const { rows: skipped } = await tx.query(
      `UPDATE vendas.lead_participante p SET duplicado = 'lead', id_lead_existente = x.lid, lead = false
         FROM (SELECT p.id, (SELECT min(l.id) FROM (
                                SELECT l.id FROM vendas.lead l WHERE l.id_empresa = $2::int AND relacionamento.digits(l.cpf) = ${validDigits('p', 'cpf')}
                                UNION ALL
                                SELECT l.id FROM vendas.lead l WHERE l.id_empresa = $2::int AND relacionamento.digits(l.telefone) = ${validDigits('p', 'telefone')}
                              ) l) AS lid
                 FROM vendas.lead_participante p WHERE p.id = ANY($1::int[]) AND p.duplicado IS NULL) x
        WHERE x.lid IS NOT NULL AND p.id = x.id RETURNING p.id`,
      [pickedIds, imp.id_empresa],
    );
    const gone = new Set(skipped.map((r) => r.id as number));
    const participantIds = pickedIds.filter((id) => !gone.has(id));
    if (!participantIds.length) return { ids: [] as number[], skipped: skipped.length, rows: pickedIds.length, last };
    const { rows: seq } = await tx.query<{ ids: number[] }>(
      `SELECT array_agg(nextval(pg_get_serial_sequence('vendas.lead', 'id'))::int) AS ids FROM generate_series(1, $1::int)`,
      [participantIds.length],
    );
    const leadIds = seq[0].ids;
    await tx.query(
      `INSERT INTO vendas.lead (id, nome, telefone, cpf, id_empresa, id_campanha, id_canal, origem, equipe, status, cliente, cod_cliente, inadimplente)
       SELECT u.lid, p.nome, NULLIF(p.telefone, ''), NULLIF(p.cpf, ''), i.id_empresa, i.id_campanha, i.id_canal, 'importado', 'interna', 'novo',
              c.cod_cliente IS NOT NULL, c.cod_cliente, coalesce(c.dias_atraso, 0) > 0
         FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS u(pid, lid, n)
         JOIN vendas.lead_participante p ON p.id = u.pid
         JOIN vendas.lead_importacao i ON i.id = p.id_importacao_evento
         LEFT JOIN LATERAL (
           SELECT c.cod_cliente, c.dias_atraso FROM relacionamento.dados_pessoas c
            WHERE p.cpf <> '' AND c.id_empresa = i.id_empresa AND relacionamento.digits(c.cpf) = relacionamento.digits(p.cpf)
            ORDER BY (c.situacao = 'ativo') DESC, c.id LIMIT 1
         ) c ON true
        ORDER BY u.n`,
      [participantIds, leadIds],
    );
    // The links to leads made here, in this transaction (what the foreign key would check).
    await this.bulk(tx, () =>
      tx.query(
        `UPDATE vendas.lead_participante p SET id_lead = l.id, codlead = l.codlead
           FROM unnest($1::int[], $2::int[]) AS u(pid, lid) JOIN vendas.lead l ON l.id = u.lid
          WHERE p.id = u.pid`,
        [participantIds, leadIds],
      ),
    );
    return { ids: leadIds, skipped: skipped.length, rows: pickedIds.length, last };
  }

  /** Removes leads a failed call made (their rows unlinked), in steps, and ends the import's mark. */
  private async removeLeads(actor: Actor, importId: number, ids: number[]) {
    for (let start = 0; start < ids.length; start += 1_000) {
      const part = ids.slice(start, start + 1_000);
      await this.service.write(actor, async (tx) => {
        await this.bulk(tx, () => tx.query('UPDATE vendas.lead_participante SET id_lead = NULL, codlead = NULL WHERE id_importacao_evento = $1 AND id_lead = ANY($2::int[])', [importId, part]));
        await tx.query('DELETE FROM vendas.lead WHERE id = ANY($1::int[])', [part]);
      });
    }
    await this.service.write(actor, async (tx) => {
      await this.refreshCounters(tx, importId);
      await tx.query('DELETE FROM vendas.lead_importacao_carga WHERE id_importacao = $1', [importId]);
    });
  }

  /**
   * desfazLeadsImportadas: deletes the leads an import created, while none of them has moved in the
   * funnel (status still 'novo', no seller): 409 naming how many moved otherwise. The rows keep
   * their selection; rows of other imports that were duplicates of these leads are no longer.
   */
  async undoLeads(actor: Actor, importId: number) {
    return this.service.write(actor, async (tx) => {
      const imp = await this.lockImport(tx, actor, importId);
      const { rows: leads } = await tx.query<{ id: number; moved: boolean }>(
        `SELECT l.id, (l.status <> 'novo' OR l.id_vendedor IS NOT NULL) AS moved
           FROM vendas.lead l WHERE l.id IN (SELECT id_lead FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND id_lead IS NOT NULL)
          ORDER BY l.id FOR UPDATE`,
        [imp.id],
      );
      const moved = leads.filter((l) => l.moved).length;
      if (moved) throw new HttpError(409, IMPORT_MSG.moved(moved));
      const ids = leads.map((l) => l.id);
      await this.bulk(tx, () =>
        tx.query('UPDATE vendas.lead_participante SET id_lead = NULL, codlead = NULL WHERE id_importacao_evento = $1 AND id_lead IS NOT NULL', [imp.id]),
      );
      await tx.query(`UPDATE vendas.lead_participante SET duplicado = NULL, id_lead_existente = NULL WHERE duplicado = 'lead' AND id_lead_existente = ANY($1::int[])`, [ids]);
      await tx.query('DELETE FROM vendas.lead WHERE id = ANY($1::int[])', [ids]);
      await this.refreshCounters(tx, imp.id);
      return ids.length;
    });
  }

  /** The rows of an import with a problem, a duplicate or a restriction, one line each, for the CSV report. */
  async reportRows(actor: Actor, importId: number): Promise<string[][]> {
    const p = new Params();
    const scope = scopeCondition(this.service.registry, this.imports, actor, p);
    const id = p.add(importId);
    const found = await this.db.query(`SELECT 1 FROM vendas.lead_importacao WHERE id = ${id}${scope ? ` AND ${scope}` : ''}`, p.values);
    if (!found.rows.length) throw notFound();
    const { rows } = await this.db.query<{ linha: number; nome: string; telefone: string; cpf: string; erros: RowErrors | null; duplicado: string | null; restricao: string[]; lead_existente: string | null; primeira: number | null }>(
      `WITH v AS (
         SELECT p.*, ${validDigits('p', 'cpf')} AS cd, ${validDigits('p', 'telefone')} AS fd FROM vendas.lead_participante p WHERE p.id_importacao_evento = $1
       ), f AS (
         SELECT v.*, CASE WHEN v.cd IS NOT NULL THEN min(v.linha) OVER (PARTITION BY v.cd) END AS fc,
                     CASE WHEN v.fd IS NOT NULL THEN min(v.linha) OVER (PARTITION BY v.fd) END AS ff FROM v
       )
       SELECT f.linha, f.nome, f.telefone, f.cpf, f.erros, f.duplicado, f.restricao, l.codlead AS lead_existente,
              least(CASE WHEN f.fc < f.linha THEN f.fc END, CASE WHEN f.ff < f.linha THEN f.ff END) AS primeira
         FROM f LEFT JOIN vendas.lead l ON l.id = f.id_lead_existente
        WHERE f.erros IS NOT NULL OR f.duplicado IS NOT NULL OR cardinality(f.restricao) > 0
        ORDER BY f.linha`,
      [importId],
    );
    const LABELS: Record<string, string> = { nome: 'Nome', telefone: 'Telefone', cpf: 'CPF' };
    const CHANNELS: Record<string, string> = { whatsapp: 'WhatsApp', email: 'e-mail', sms: 'SMS' };
    const out: string[][] = [];
    for (const r of rows) {
      const line = (campo: string, motivo: string) => out.push([String(r.linha), r.nome, r.telefone, r.cpf, campo, motivo]);
      for (const [field, reason] of Object.entries(r.erros ?? {})) line(LABELS[field] ?? field, reason);
      if (r.duplicado === 'arquivo') line('Duplicado', `Repetido no arquivo: mesmo CPF ou telefone da linha ${r.primeira ?? '?'}`);
      if (r.duplicado === 'lead') line('Duplicado', `Já é lead do provedor${r.lead_existente ? ` (${r.lead_existente})` : ''}`);
      if (r.restricao.length) {
        const names = r.restricao.map((c) => CHANNELS[c] ?? c);
        line('Restrição', `O cliente restringiu o contato por ${names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : names[0]}`);
      }
    }
    return out;
  }

  /** modelo_importacao_leads.xlsx: the header nome, cpf, telefone, the columns sized, CPF and phone typed as text. */
  templateFile(): Buffer {
    if (this.template) return this.template;
    const sheet = XLSX.utils.aoa_to_sheet([['nome', 'cpf', 'telefone']]);
    // Text cells keep a CPF's leading zeros and a phone's digits as typed.
    for (let r = 1; r <= 1000; r++) {
      for (const c of [1, 2]) sheet[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: '', z: '@' };
    }
    sheet['!ref'] = 'A1:C1001';
    sheet['!cols'] = [{ wch: 40 }, { wch: 18 }, { wch: 18 }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Leads');
    this.template = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    return this.template;
  }
}

/** The lead imports of each resource service (the v1 module makes them; the demo seed uses them). */
const instances = new WeakMap<ResourceService, LeadImports>();

export function registerLeadImports(db: Database, service: ResourceService, storage: FileStorage): LeadImports {
  const imports = new LeadImports(db, service, storage);
  const hooks = imports.hooks();
  service.hooks.set('lead-imports', hooks.imports);
  service.hooks.set('lead-import-participants', hooks.participants);
  instances.set(service, imports);
  return imports;
}

export function leadImportsOf(service: ResourceService): LeadImports | undefined {
  return instances.get(service);
}
