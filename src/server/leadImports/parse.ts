// Reading a lead import's file, in a worker thread (runInThread, from service.ts): the header
// matched to nome, cpf and telefone, every data row checked (rows.ts), the rows repeating an earlier
// row's CPF or phone marked, under limits of rows and of the inflated size of an xlsx. Answers the
// rows as columns, ready to be written in one statement, or why the file as a whole is refused.
import { csvSource, MalformedCsv, readRows, SpreadsheetError, workbookSource, type Source } from '../spreadsheets/sources.js';
import { cellText, type Cell } from '../spreadsheets/cells.js';
import { checkRow, leadColumns, type LeadField } from './rows.js';
import { IMPORT_MSG } from './messages.js';

export type SpreadsheetKind = 'csv' | 'xlsx' | 'xls';

export interface ParseLimits {
  /** Data rows at most. */
  maxRows: number;
  /** Largest total of an xlsx's entries once inflated. */
  maxUnzippedBytes: number;
}

export interface ParseInput {
  bytes: Uint8Array;
  kind: SpreadsheetKind;
  limits: ParseLimits;
}

/** The rows as columns (index i of each is one row). */
export interface ParsedRows {
  linha: number[];
  nome: string[];
  telefone: string[];
  cpf: string[];
  cpfDigits: (string | null)[];
  phoneDigits: (string | null)[];
  /** JSON of the row's erros, or null. */
  erros: (string | null)[];
  /** The row repeats the CPF or the phone of an earlier row of the file. */
  repetido: boolean[];
}

export type ParseResult = { ok: true; rows: ParsedRows } | { ok: false; message: string };

function sourceOf(input: ParseInput): Promise<Source> | Source {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (input.kind === 'csv') return csvSource(bytes);
  // Header, the rows allowed and one more: reading stops there, and one more row is too many.
  return workbookSource(bytes, { maxUnzippedBytes: input.limits.maxUnzippedBytes, maxRows: input.limits.maxRows + 2 });
}

export async function parseLeadFile(input: ParseInput): Promise<ParseResult> {
  let source: Source;
  try {
    source = await sourceOf(input);
  } catch (e) {
    if (e instanceof SpreadsheetError) return { ok: false, message: e.message };
    if (e instanceof MalformedCsv) return { ok: false, message: IMPORT_MSG.malformedCsv(e.line, e.message) };
    throw e;
  }
  try {
    if (source.header.every((h) => cellText(h) === '')) return { ok: false, message: IMPORT_MSG.empty };
    const columns = leadColumns(source.header);
    if (!columns.nome.length) return { ok: false, message: IMPORT_MSG.missingName };
    if (!columns.cpf.length && !columns.telefone.length) return { ok: false, message: IMPORT_MSG.missingContact };
    const value = (cells: Cell[], field: LeadField) => {
      for (const i of columns[field]) if (cellText(cells[i]) !== '') return cells[i];
      return null;
    };

    const rows: ParsedRows = { linha: [], nome: [], telefone: [], cpf: [], cpfDigits: [], phoneDigits: [], erros: [], repetido: [] };
    const seenCpf = new Set<string>();
    const seenPhone = new Set<string>();
    let malformed: string | null = null;
    for await (const { line, cells } of readRows(source, (at, reason) => (malformed = IMPORT_MSG.malformedCsv(at, reason)))) {
      if (cells.every((c) => cellText(c) === '')) continue;
      if (rows.linha.length >= input.limits.maxRows) return { ok: false, message: IMPORT_MSG.tooManyRows(input.limits.maxRows) };
      const row = checkRow({ nome: value(cells, 'nome'), telefone: value(cells, 'telefone'), cpf: value(cells, 'cpf') });
      const repeated = (row.cpfDigits !== null && seenCpf.has(row.cpfDigits)) || (row.phoneDigits !== null && seenPhone.has(row.phoneDigits));
      if (row.cpfDigits !== null) seenCpf.add(row.cpfDigits);
      if (row.phoneDigits !== null) seenPhone.add(row.phoneDigits);
      rows.linha.push(line);
      rows.nome.push(row.nome);
      rows.telefone.push(row.telefone);
      rows.cpf.push(row.cpf);
      rows.cpfDigits.push(row.cpfDigits);
      rows.phoneDigits.push(row.phoneDigits);
      rows.erros.push(row.erros ? JSON.stringify(row.erros) : null);
      rows.repetido.push(repeated);
    }
    if (malformed) return { ok: false, message: malformed };
    if (source.truncated) return { ok: false, message: IMPORT_MSG.tooManyRows(input.limits.maxRows) };
    if (!rows.linha.length) return { ok: false, message: IMPORT_MSG.headerOnly };
    return { ok: true, rows };
  } finally {
    source.close();
  }
}
