// Customers come in from the ERPs' exports: `npm run import:customers -- file.csv|file.xlsx`.
//
// One file is one transaction. Rows are read as a stream (CSV through csv-parse; an xlsx is read
// whole by SheetJS, so its size is capped), checked one by one, and written in batches into a
// temporary staging table; then a single INSERT ... ON CONFLICT (sistema, cod_cliente) DO UPDATE
// merges them. A bad row (or a code repeated in the file) does not stop the reading, so that every bad
// row is reported with its line, but it rolls the whole file back: nothing of a file is half-applied.
// Re-importing the same file changes nothing (rows whose values did not change are not rewritten).
// The leads whose CPF (or customer code) the file names get their customer flags again (cliente,
// cod_cliente, inadimplente: src/server/leads/customerFlags.ts), in the same transaction.
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { applyMask, MASKS } from '../../domain/format.js';
import { searchKey } from '../../domain/municipalities.js';
import { isCnpj, isCpf, isEmail, isIsoDate, onlyDigits } from '../../domain/validators.js';
import { cellText, documentDigits, formatPhone, headerIndex, headerKey, sizeText, type Cell } from '../spreadsheets/cells.js';
import { csvSource, readRows, workbookSource, type Source } from '../spreadsheets/sources.js';
import type { Database, Queryable } from '../db/index.js';
import { setAuditUser } from '../resources/service.js';
import { refreshLeadFlags } from '../leads/customerFlags.js';
import { BuiltinCustomerDirectory, CUSTOMER_COLUMN_TYPES } from './builtin.js';
import type { Customer, Situacao } from './directory.js';

/** The fields a file may carry, as the customer record names them. */
export const IMPORT_FIELDS = [
  'sistema',
  'cod_cliente',
  'codpessoa',
  'nome_razaosocial',
  'cpf',
  'cnpj',
  'data_nascimento',
  'data_ativacao',
  'data_contratacao',
  'telefone',
  'celular',
  'email',
  'cep',
  'rua',
  'numero',
  'bairro',
  'cidade',
  'uf',
  'plano',
  'situacao',
  'dias_atraso',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Header names accepted for each field besides its own (compared without accents, case, spaces or
 * punctuation: 'Data de Nascimento', 'DATA_NASCIMENTO' and 'data-nascimento' are the same).
 */
const HEADER_VARIANTS: Record<ImportField, string[]> = {
  sistema: ['erp', 'provedor'],
  cod_cliente: ['codcliente', 'codigo_cliente', 'codigo_do_cliente', 'cod_do_cliente', 'id_cliente', 'cliente_id', 'codigo'],
  codpessoa: ['cod_pessoa', 'codigo_pessoa', 'codigo_da_pessoa', 'id_pessoa'],
  nome_razaosocial: ['nome', 'nome_razao_social', 'razao_social', 'razaosocial', 'nome_cliente', 'nome_do_cliente', 'cliente', 'nome_completo'],
  cpf: ['cpf_cnpj', 'cpfcnpj', 'documento', 'doc'],
  cnpj: [],
  data_nascimento: ['nascimento', 'dt_nascimento', 'data_de_nascimento', 'aniversario'],
  data_ativacao: ['ativacao', 'dt_ativacao', 'data_de_ativacao'],
  data_contratacao: ['contratacao', 'dt_contratacao', 'data_de_contratacao', 'data_contrato', 'data_do_contrato'],
  telefone: ['fone', 'tel', 'telefone_fixo', 'fone_fixo'],
  celular: ['whatsapp', 'cel', 'telefone_celular', 'fone_celular', 'celular_whatsapp'],
  email: ['e_mail', 'mail', 'endereco_de_email'],
  cep: ['codigo_postal'],
  rua: ['logradouro', 'endereco'],
  numero: ['num', 'no', 'n'],
  bairro: [],
  cidade: ['municipio'],
  uf: ['estado'],
  plano: ['plano_contratado', 'produto'],
  situacao: ['status', 'situacao_contrato', 'status_contrato'],
  dias_atraso: ['dias_em_atraso', 'atraso', 'dias_de_atraso'],
};

const HEADER_TO_FIELD = headerIndex(HEADER_VARIANTS);

const UFS = new Set(['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO']);
const SITUACOES: Record<string, Situacao> = { ativo: 'ativo', ativa: 'ativo', suspenso: 'suspenso', suspensa: 'suspenso', cancelado: 'cancelado', cancelada: 'cancelado' };
const DATE_FIELDS = ['data_nascimento', 'data_ativacao', 'data_contratacao'] as const;
const TEXT_MAX = 200;

/** A customer as staged: the table's columns, validated and normalised (masks, ISO dates), with its line. */
export type StagedCustomer = Omit<Customer, 'id'> & { line: number };

const STAGED_COLUMNS: (readonly [keyof StagedCustomer, string])[] = [['line', 'int'], ...CUSTOMER_COLUMN_TYPES];
/** The record's columns (all staged ones but the line). */
const RECORD_COLUMNS = STAGED_COLUMNS.map(([c]) => c).filter((c) => c !== 'line');
/** What an import may change on an existing customer: everything but its key and provider. */
const UPDATED_COLUMNS = RECORD_COLUMNS.filter((c) => c !== 'sistema' && c !== 'cod_cliente' && c !== 'id_empresa');

export interface SystemRef {
  nome: string;
  id_empresa: number;
}

/** Where a row's system name leads: the system itself (by name) or a provider with a single system. */
export class SystemResolver {
  private bySystem = new Map<string, SystemRef>();
  private byProvider = new Map<string, SystemRef | null>();
  /** Every row names its system: each spelling is resolved once. */
  private resolved = new Map<string, SystemRef | null>();

  constructor(rows: { nome: string; id_empresa: number; empresa: string }[]) {
    for (const r of rows) {
      this.bySystem.set(r.nome.toUpperCase(), { nome: r.nome, id_empresa: r.id_empresa });
      const key = searchKey(r.empresa);
      // A provider with several systems cannot stand for one.
      this.byProvider.set(key, this.byProvider.has(key) ? null : { nome: r.nome, id_empresa: r.id_empresa });
    }
  }

  static async load(db: Queryable) {
    const { rows } = await db.query<{ nome: string; id_empresa: number; empresa: string }>(
      'SELECT s.nome, s.id_empresa, e.nome AS empresa FROM relacionamento.sistema s JOIN rh.empresa e ON e.id = s.id_empresa ORDER BY s.id',
    );
    return new SystemResolver(rows);
  }

  resolve(name: string): SystemRef | null {
    let found = this.resolved.get(name);
    if (found === undefined) {
      const v = name.trim();
      found = this.bySystem.get(v.toUpperCase()) ?? this.byProvider.get(searchKey(v)) ?? null;
      if (this.resolved.size < 10_000) this.resolved.set(name, found);
    }
    return found;
  }
}

/** A date as DD/MM/YYYY, YYYY-MM-DD or a spreadsheet's serial number, as YYYY-MM-DD (or null: invalid). */
export function parseDate(value: Cell): string | null {
  if (typeof value === 'number') {
    const d = XLSX.SSF.parse_date_code(value) as { y: number; m: number; d: number } | null;
    if (!d || !Number.isInteger(value)) return null;
    const iso = `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
    return isIsoDate(iso) && d.y >= 1900 && d.y <= 2100 ? iso : null;
  }
  const text = cellText(value);
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  let iso: string | null = null;
  if (m) iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  // An ISO date, with a time the export may add ('1990-03-15 00:00:00').
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(text))) iso = `${m[1]}-${m[2]}-${m[3]}`;
  if (!iso || !isIsoDate(iso)) return null;
  const year = Number(iso.slice(0, 4));
  return year >= 1900 && year <= 2100 ? iso : null;
}

export interface RowContext {
  systems: SystemResolver;
  /** --sistema: the system of rows that name none; a row naming another one is refused. */
  defaultSystem: SystemRef | null;
  defaultSystemName?: string;
}

/** Checks and normalises one row: the staged customer, or the reasons (pt-BR) it is refused. */
export function validateRow(line: number, values: Partial<Record<ImportField, Cell>>, ctx: RowContext): { customer: StagedCustomer } | { errors: string[] } {
  const errors: string[] = [];
  const text = (field: ImportField, label: string = field): string | null => {
    const v = cellText(values[field]);
    if (!v) return null;
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(v)) {
      errors.push(`${label} com caractere inválido`);
      return null;
    }
    if (v.length > TEXT_MAX) {
      errors.push(`${label} com mais de ${TEXT_MAX} caracteres`);
      return null;
    }
    return v;
  };

  let system: SystemRef | null = ctx.defaultSystem;
  const sistemaName = text('sistema');
  if (sistemaName) {
    const found = ctx.systems.resolve(sistemaName);
    if (!found) errors.push(`sistema "${sistemaName}" não cadastrado`);
    else if (ctx.defaultSystem && found.nome !== ctx.defaultSystem.nome) errors.push(`sistema "${sistemaName}" diferente de --sistema ${ctx.defaultSystemName ?? ctx.defaultSystem.nome}`);
    else system = found;
  } else if (!system) errors.push('sistema obrigatório (coluna sistema ou opção --sistema)');

  const codCliente = text('cod_cliente');
  const codPessoa = text('codpessoa');
  if (!codCliente && !codPessoa) errors.push('cod_cliente obrigatório');
  const nome = text('nome_razaosocial', 'nome_razaosocial');
  if (!nome) errors.push('nome_razaosocial obrigatório');

  let cpf: string | null = null;
  let cnpj: string | null = null;
  const rawCpf = text('cpf');
  const rawCnpj = text('cnpj');
  if (rawCnpj) {
    const d = documentDigits(rawCnpj, 14);
    if (isCnpj(d)) cnpj = applyMask(MASKS.cnpj, d);
    else errors.push(`CNPJ inválido: ${rawCnpj}`);
  }
  if (rawCpf) {
    const bare = onlyDigits(rawCpf);
    // A 'CPF/CNPJ' column holds companies' CNPJs too.
    if (bare.length > 11 && !rawCnpj) {
      const d = documentDigits(rawCpf, 14);
      if (isCnpj(d)) cnpj = applyMask(MASKS.cnpj, d);
      else errors.push(`CNPJ inválido: ${rawCpf}`);
    } else {
      const d = documentDigits(rawCpf, 11);
      if (isCpf(d)) cpf = applyMask(MASKS.cpf, d);
      else errors.push(`CPF inválido: ${rawCpf}`);
    }
  }

  const dates: Record<(typeof DATE_FIELDS)[number], string | null> = { data_nascimento: null, data_ativacao: null, data_contratacao: null };
  for (const field of DATE_FIELDS) {
    const raw = values[field];
    if (raw === null || raw === undefined || cellText(raw) === '') continue;
    const iso = parseDate(raw);
    if (iso) dates[field] = iso;
    else errors.push(`${field} inválida: ${cellText(raw)} (use DD/MM/AAAA ou AAAA-MM-DD)`);
  }

  const phones: Record<'telefone' | 'celular', string | null> = { telefone: null, celular: null };
  for (const field of ['telefone', 'celular'] as const) {
    const raw = text(field);
    if (!raw) continue;
    const phone = formatPhone(raw);
    if (phone) phones[field] = phone;
    else errors.push(`${field} inválido: ${raw} (DDD e número)`);
  }

  let email = text('email');
  if (email && !isEmail(email)) {
    errors.push(`e-mail inválido: ${email}`);
    email = null;
  }

  let cep: string | null = null;
  const rawCep = text('cep');
  if (rawCep) {
    const d = documentDigits(rawCep, 8);
    if (d.length === 8) cep = applyMask(MASKS.cep, d);
    else errors.push(`CEP inválido: ${rawCep}`);
  }

  let uf: string | null = null;
  const rawUf = text('uf');
  if (rawUf) {
    if (UFS.has(rawUf.toUpperCase())) uf = rawUf.toUpperCase();
    else errors.push(`UF inválida: ${rawUf} (use a sigla, como MG)`);
  }

  let situacao: Situacao = 'ativo';
  const rawSituacao = text('situacao');
  if (!rawSituacao) errors.push('situacao obrigatória (ativo, suspenso ou cancelado)');
  else {
    const found = SITUACOES[rawSituacao.toLowerCase()] ?? SITUACOES[searchKey(rawSituacao)];
    if (found) situacao = found;
    else errors.push(`situacao inválida: ${rawSituacao} (use ativo, suspenso ou cancelado)`);
  }

  let diasAtraso = 0;
  const rawAtraso = cellText(values.dias_atraso);
  if (rawAtraso) {
    if (/^\d{1,6}$/.test(rawAtraso)) diasAtraso = Number(rawAtraso);
    else errors.push(`dias_atraso inválido: ${rawAtraso} (um número inteiro de 0 em diante)`);
  }

  const rest = { rua: text('rua'), numero: text('numero'), bairro: text('bairro'), cidade: text('cidade'), plano: text('plano') };
  if (errors.length || !system) return { errors };
  return {
    customer: {
      line,
      sistema: system.nome,
      id_empresa: system.id_empresa,
      cod_cliente: (codCliente ?? codPessoa)!,
      codpessoa: (codPessoa ?? codCliente)!,
      nome_razaosocial: nome!,
      cpf,
      cnpj,
      ...dates,
      ...phones,
      email,
      cep,
      uf,
      situacao,
      dias_atraso: diasAtraso,
      ...rest,
    },
  };
}

export interface ImportOptions {
  /** The system of rows that name none (--sistema BITCOM); a row naming another one is refused. */
  sistema?: string;
  /** Rows per staging INSERT (default 5,000). */
  batchSize?: number;
  /** Largest xlsx read (SheetJS reads the whole workbook in memory); default XLSX_MAX_BYTES. */
  maxXlsxBytes?: number;
  /** Bad rows reported one by one (the rest are counted); default 10,000. */
  maxReportedErrors?: number;
  /** The user the audit entries name (null: the system). */
  userId?: number | null;
  /** Called every batch with the rows read so far. */
  onProgress?: (rows: number) => void;
}

export interface ImportReport {
  ok: boolean;
  format: 'csv' | 'xlsx';
  /** Data rows read (blank lines aside). */
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Leads whose customer flags changed with this file. */
  leadsUpdated: number;
  /** Bad rows: line (1 is the header) and reason. */
  errors: { line: number; message: string }[];
  errorCount: number;
  /** Columns of the file no field reads (kept out, not an error). */
  ignoredColumns: string[];
  seconds: number;
  rowsPerSecond: number;
}

/** Something wrong with the file itself (not found, unknown kind, too large): nothing is read. */
export class ImportFileError extends Error {}

export const XLSX_MAX_BYTES = 15 * 1024 * 1024;
const DEFAULT_BATCH = 5_000;

/** An xlsx file of customers: read whole by SheetJS, so its size is capped first. */
async function xlsxSource(file: string, maxBytes: number): Promise<Source> {
  const { size } = await stat(file);
  if (size > maxBytes) {
    throw new ImportFileError(
      `O arquivo xlsx tem ${sizeText(size)}; o limite é ${sizeText(maxBytes)} (a planilha é lida inteira na memória). Salve-a como CSV, que é lido em fluxo e não tem limite.`,
    );
  }
  return workbookSource(await readFile(file));
}

/** Text of a report as the CLI prints it: counts and speed, or every bad row as 'linha N: motivo'. */
export function formatReport(report: ImportReport): string[] {
  const lines: string[] = [];
  if (report.ignoredColumns.length) lines.push(`colunas ignoradas (nenhum campo as lê): ${report.ignoredColumns.join(', ')}`);
  if (!report.ok) {
    for (const e of report.errors) lines.push(`linha ${e.line}: ${e.message}`);
    if (report.errorCount > report.errors.length) lines.push(`... e mais ${report.errorCount - report.errors.length} linha(s) com erro`);
    lines.push(`Nada foi importado: ${report.errorCount} linha(s) com erro em ${report.rows} linha(s) lidas. Corrija o arquivo e importe de novo.`);
    return lines;
  }
  lines.push(
    `${report.rows} linha(s) lidas: ${report.inserted} inseridos, ${report.updated} atualizados, ${report.unchanged} sem mudança; ` +
      `${report.seconds.toFixed(1)} s (${Math.round(report.rowsPerSecond)} linhas/s)`,
  );
  if (report.leadsUpdated) lines.push(`${report.leadsUpdated} lead(s) com a situação de cliente atualizada`);
  return lines;
}

/** The staging table's name (a temporary table of the import's transaction). */
const STAGING = 'clientes_importacao';

/**
 * Imports a CSV or xlsx file of customers (see the header of this file). Answers the report; on any
 * bad row ok is false and nothing was written.
 */
export async function importCustomers(db: Database, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const extension = extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx' && extension !== '.txt') {
    throw new ImportFileError(`Formato não suportado: ${extension || '(sem extensão)'}. Use um arquivo .csv ou .xlsx.`);
  }
  await stat(file).catch(() => {
    throw new ImportFileError(`Arquivo não encontrado: ${file}`);
  });
  const format = extension === '.xlsx' ? 'xlsx' : 'csv';
  const source = format === 'xlsx' ? await xlsxSource(file, options.maxXlsxBytes ?? XLSX_MAX_BYTES) : await csvSource(file);
  const maxErrors = options.maxReportedErrors ?? 10_000;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);

  const report: ImportReport = { ok: false, format, rows: 0, inserted: 0, updated: 0, unchanged: 0, leadsUpdated: 0, errors: [], errorCount: 0, ignoredColumns: [], seconds: 0, rowsPerSecond: 0 };
  const fail = (line: number, message: string) => {
    report.errorCount++;
    if (report.errors.length < maxErrors) report.errors.push({ line, message });
  };

  // Which field each column feeds; the first column naming a field wins, a repeated one is an error.
  const columns: (ImportField | null)[] = source.header.map((h) => HEADER_TO_FIELD.get(headerKey(h)) ?? null);
  report.ignoredColumns = source.header.filter((h, i) => columns[i] === null && cellText(h) !== '');
  const seen = new Set<ImportField>();
  columns.forEach((f, i) => {
    if (!f) return;
    if (seen.has(f)) fail(1, `coluna repetida: "${source.header[i]}" (o campo ${f} já vem de outra coluna)`);
    seen.add(f);
  });
  if (!seen.has('cod_cliente') && !seen.has('codpessoa')) fail(1, 'coluna obrigatória ausente: cod_cliente (ou codpessoa)');
  if (!seen.has('nome_razaosocial')) fail(1, 'coluna obrigatória ausente: nome_razaosocial');
  if (!seen.has('situacao')) fail(1, 'coluna obrigatória ausente: situacao');
  if (!seen.has('sistema') && !options.sistema) fail(1, 'coluna obrigatória ausente: sistema (ou use a opção --sistema)');

  try {
    await db.transaction(async (tx) => {
      await setAuditUser(tx, options.userId ?? null);
      const systems = await SystemResolver.load(tx);
      let defaultSystem: SystemRef | null = null;
      if (options.sistema) {
        defaultSystem = systems.resolve(options.sistema);
        if (!defaultSystem) fail(1, `--sistema ${options.sistema}: sistema não cadastrado`);
      }
      if (report.errorCount) {
        // The header already makes the file unreadable: its rows are not worth checking.
        throw new Rollback();
      }
      await tx.exec(
        `CREATE TEMP TABLE ${STAGING} (${STAGED_COLUMNS.map(([c, t]) => `${c === 'line' ? 'linha' : c} ${t}`).join(', ')}) ON COMMIT DROP`,
      );
      const ctx: RowContext = { systems, defaultSystem, defaultSystemName: options.sistema };
      let batch: StagedCustomer[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await stage(tx, batch);
        batch = [];
        options.onProgress?.(report.rows);
      };
      for await (const { line, cells } of readRows(source, fail)) {
        report.rows++;
        if (cells.length > columns.length && cells.slice(columns.length).some((c) => cellText(c) !== '')) {
          fail(line, `a linha tem ${cells.length} colunas e o cabeçalho ${columns.length}`);
          continue;
        }
        const values: Partial<Record<ImportField, Cell>> = {};
        columns.forEach((field, i) => {
          if (field) values[field] = cells[i];
        });
        const result = validateRow(line, values, ctx);
        if ('errors' in result) {
          fail(line, result.errors.join('; '));
          continue;
        }
        // Good rows are staged even after a bad one (the transaction is undone anyway): the codes
        // repeated in the file are found among them below, so that they too are reported.
        batch.push(result.customer);
        if (batch.length >= batchSize) await flush();
      }
      await flush();

      // A code twice in one file: which line wins would be a guess.
      const { rows: repeated } = await tx.query<{ sistema: string; cod_cliente: string; linhas: number[] }>(
        `SELECT sistema, cod_cliente, array_agg(linha ORDER BY linha) AS linhas FROM ${STAGING}
          GROUP BY sistema, cod_cliente HAVING count(*) > 1 ORDER BY min(linha) LIMIT ${maxErrors + 1}`,
      );
      for (const r of repeated) {
        for (const line of r.linhas.slice(1)) fail(line, `cod_cliente ${r.cod_cliente} do sistema ${r.sistema} repetido no arquivo (linha ${r.linhas[0]})`);
      }
      if (report.errorCount) {
        report.errors.sort((a, b) => a.line - b.line);
        throw new Rollback();
      }

      const set = UPDATED_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
      const { rows } = await tx.query<{ inserted: number; updated: number }>(
        `WITH merged AS (
           INSERT INTO relacionamento.dados_pessoas AS d (${RECORD_COLUMNS.join(', ')})
           SELECT ${RECORD_COLUMNS.join(', ')} FROM ${STAGING}
           ON CONFLICT (sistema, cod_cliente) DO UPDATE SET ${set}, updated_at = now()
           WHERE (${UPDATED_COLUMNS.map((c) => `d.${c}`).join(', ')}) IS DISTINCT FROM (${UPDATED_COLUMNS.map((c) => `EXCLUDED.${c}`).join(', ')})
           RETURNING (xmax = 0) AS inserted
         )
         SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM merged`,
      );
      report.inserted = rows[0].inserted;
      report.updated = rows[0].updated;
      report.unchanged = report.rows - report.inserted - report.updated;

      // The leads this file may have changed: the same CPF/CNPJ at the same provider, or the customer
      // code a lead carries (its CPF may have changed in the ERP).
      const { rows: touched } = await tx.query<{ id: number }>(
        `SELECT l.id FROM vendas.lead l
          WHERE (l.id_empresa, relacionamento.digits(l.cpf)) IN (
            SELECT id_empresa, relacionamento.digits(cpf) FROM ${STAGING} WHERE cpf IS NOT NULL
            UNION SELECT id_empresa, relacionamento.digits(cnpj) FROM ${STAGING} WHERE cnpj IS NOT NULL)
         UNION
         SELECT l.id FROM vendas.lead l JOIN ${STAGING} s ON s.id_empresa = l.id_empresa AND s.cod_cliente = l.cod_cliente`,
      );
      report.leadsUpdated = await refreshLeadFlags(tx, new BuiltinCustomerDirectory(tx), touched.map((r) => r.id));
    });
    report.ok = true;
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  } finally {
    source.close();
  }
  report.seconds = (performance.now() - started) / 1000;
  report.rowsPerSecond = report.seconds > 0 ? report.rows / report.seconds : 0;
  return report;
}

/** Thrown inside the transaction to undo it when the file has bad rows (they are in the report). */
class Rollback extends Error {}

/** One batch into the staging table: one array parameter per column (any batch size, one round trip). */
async function stage(tx: Queryable, batch: StagedCustomer[]) {
  const params = STAGED_COLUMNS.map(([c]) => batch.map((row) => row[c]));
  const unnest = STAGED_COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  await tx.query(`INSERT INTO ${STAGING} SELECT * FROM unnest(${unnest})`, params);
}
