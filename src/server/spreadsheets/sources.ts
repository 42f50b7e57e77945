// A spreadsheet as a header and rows of cells, whatever its format: CSV through csv-parse (streamed;
// UTF-8, or the Windows-1252 that spreadsheets saved as CSV in Brazil still use; ';', ',' or tab
// separated), xlsx and xls through SheetJS's maintained build (@e965/xlsx), which reads a workbook
// whole: an xlsx is a zip, so its entries' sizes are checked before SheetJS inflates them.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import * as XLSX from '@e965/xlsx';
import { cellText, sizeText, type Cell } from './cells.js';

export interface SourceRow {
  /** The row's line in the file (1 is the header). */
  line: number;
  cells: Cell[];
}

export interface Source {
  header: string[];
  rows: AsyncIterable<SourceRow>;
  /** Stops reading (the file is closed). */
  close(): void;
  /** A workbook read up to WorkbookOptions.maxRows that has rows below them (they are not in rows). */
  truncated?: boolean;
}

/** The file as a whole cannot be read (broken, too large once inflated, not a spreadsheet): nothing of it is used. */
export class SpreadsheetError extends Error {}

/** A CSV csv-parse cannot read past (an unclosed quote): the line and the reason. */
export class MalformedCsv extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'aspas abertas e não fechadas até o fim do arquivo',
  CSV_INVALID_CLOSING_QUOTE: 'aspas no meio de um campo (um campo entre aspas deve terminar nelas)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'texto depois das aspas que fecham um campo',
  CSV_MAX_RECORD_SIZE: 'linha grande demais',
};

export const BROKEN_WORKBOOK = 'Não foi possível ler a planilha: o arquivo está corrompido ou incompleto.';

/** The delimiter of a CSV from its first line: ';' (Excel in pt-BR), ',' or a tab, whichever is most used. */
function delimiterOf(firstLine: string): string {
  const count = (ch: string) => firstLine.split(ch).length - 1;
  return [';', ',', '\t'].reduce((best, ch) => (count(ch) > count(best) ? ch : best), ',');
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252. A cut head may end inside a character. */
function textEncoding(sample: Buffer, whole: boolean): 'utf-8' | 'windows-1252' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(whole ? sample : sample.subarray(0, Math.max(0, sample.length - 4)));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Bytes in, UTF-8 out (what csv-parse reads), the byte order mark dropped. */
function decoding(encoding: string) {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

/** A CSV file (its path, read as a stream) or its bytes. */
export async function csvSource(input: string | Buffer): Promise<Source> {
  let head: Buffer;
  if (typeof input === 'string') {
    const handle = await open(input, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } else {
    head = input;
  }
  const encoding = textEncoding(head, typeof input !== 'string');
  const firstLine = new TextDecoder(encoding).decode(head.subarray(0, 64 * 1024)).split(/\r?\n/)[0] ?? '';
  const bytes = typeof input === 'string' ? createReadStream(input) : Readable.from([input]);
  const parser = bytes
    .pipe(decoding(encoding))
    .pipe(parse({ delimiter: delimiterOf(firstLine), bom: true, info: true, relax_column_count: true, skip_empty_lines: true }));
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const next = async () => {
    try {
      return await iterator.next();
    } catch (e) {
      const err = e as { code?: string; lines?: number; message: string };
      throw new MalformedCsv(err.lines ?? 0, CSV_ERRORS[err.code ?? ''] ?? `CSV malformado (${err.message})`);
    }
  };
  const close = () => {
    parser.destroy();
    bytes.destroy();
  };
  const first = await next();
  if (first.done) return { header: [], rows: (async function* () {})(), close };
  return {
    header: first.value.record,
    rows: (async function* () {
      for (;;) {
        const row = await next();
        if (row.done) return;
        yield { line: row.value.info.lines, cells: row.value.record };
      }
    })(),
    close,
  };
}

/**
 * The total size of a zip's entries once inflated, as its central directory declares them (an xlsx
 * is a zip). A file that is no zip, or whose directory does not hold together, is broken.
 */
export function unzippedSize(bytes: Buffer): number {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SpreadsheetError(BROKEN_WORKBOOK);
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  // ZIP64 (entries or offsets past 32 bits) is never an xlsx of a few megabytes.
  if (entries === 0xffff || at === 0xffffffff || at + directorySize > end) throw new SpreadsheetError(BROKEN_WORKBOOK);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw new SpreadsheetError(BROKEN_WORKBOOK);
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 24);
    if ((method !== 0 && method !== 8) || size === 0xffffffff) throw new SpreadsheetError(BROKEN_WORKBOOK);
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

export interface WorkbookOptions {
  /** Largest total of an xlsx's entries once inflated (unzippedSize); default no limit. */
  maxUnzippedBytes?: number;
  /** Rows read at most, the header included (SheetJS's sheetRows); default all. */
  maxRows?: number;
}

/** The first sheet of an xlsx or xls, from its bytes; blank rows are skipped, lines are the sheet's. */
export function workbookSource(bytes: Buffer, options: WorkbookOptions = {}): Source {
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (isZip && options.maxUnzippedBytes !== undefined) {
    const size = unzippedSize(bytes);
    if (size > options.maxUnzippedBytes) {
      throw new SpreadsheetError(
        `A planilha tem ${sizeText(size)} descompactada; o limite é ${sizeText(options.maxUnzippedBytes)}. Divida-a em arquivos menores ou salve-a como CSV.`,
      );
    }
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: false,
      cellHTML: false,
      cellFormula: false,
      cellText: false,
      sheets: 0,
      ...(options.maxRows ? { sheetRows: options.maxRows } : {}),
    });
  } catch {
    throw new SpreadsheetError(BROKEN_WORKBOOK);
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  const close = () => {};
  if (!sheet?.['!ref']) return { header: [], rows: (async function* () {})(), close };
  // Lines as the spreadsheet numbers them: the used range may start below row 1.
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const firstRow = range.s.r + 1;
  const truncated = Boolean(sheet['!fullref']) && XLSX.utils.decode_range(sheet['!fullref']!).e.r > range.e.r;
  const matrix = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const [header = [], ...body] = matrix;
  return {
    header: header.map((h) => cellText(h)),
    rows: (async function* () {
      for (const [i, cells] of body.entries()) {
        if (cells.every((c) => cellText(c) === '')) continue;
        yield { line: firstRow + 1 + i, cells };
      }
    })(),
    close,
    truncated,
  };
}

/** The rows of a source; a CSV that cannot be read further ends them with its line and reason. */
export async function* readRows(source: Source, fail: (line: number, message: string) => void): AsyncIterable<SourceRow> {
  try {
    yield* source.rows;
  } catch (e) {
    if (!(e instanceof MalformedCsv)) throw e;
    fail(e.line, e.message);
  }
}
