// The spreadsheet reader shared by the customer import and the lead imports (src/server/spreadsheets)
// and the lead imports' parser (src/server/leadImports/parse.ts): CSV in UTF-8 and Windows-1252, ';'
// and ',' separated, xlsx and xls (generated here with SheetJS), headers matched without accents,
// case or order, the row checks and their pt-BR reasons, the file's repeated rows, and the limits
// (rows, inflated size of an xlsx) that refuse a file whole; and the parser run in a worker thread.
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cellText, documentDigits, formatPhone, headerKey, phoneDigits } from '../../src/server/spreadsheets/cells.js';
import { csvSource, SpreadsheetError, unzippedSize, workbookSource } from '../../src/server/spreadsheets/sources.js';
import { runInThread, ThreadFailure } from '../../src/server/spreadsheets/thread.js';
import { parseLeadFile, type ParseResult, type SpreadsheetKind } from '../../src/server/leadImports/parse.js';
import { checkRow, leadColumns, ROW_MSG } from '../../src/server/leadImports/rows.js';
import { IMPORT_MSG } from '../../src/server/leadImports/messages.js';

const LIMITS = { maxRows: 1000, maxUnzippedBytes: 50 * 1024 * 1024 };

/** Valid CPFs: one that starts with a zero (a spreadsheet drops it), and two others. */
const CPF_ZERO = '01234567890';
const CPF_A = '52998224725';
const CPF_B = '11144477735';

const parse = (bytes: Buffer, kind: SpreadsheetKind, limits = LIMITS) => parseLeadFile({ bytes: new Uint8Array(bytes), kind, limits });
const ok = (r: ParseResult) => {
  if (!r.ok) throw new Error(r.message);
  return r.rows;
};

function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Planilha1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

async function rowsOf(source: Awaited<ReturnType<typeof csvSource>>) {
  const out: { line: number; cells: unknown[] }[] = [];
  for await (const r of source.rows) out.push(r);
  return out;
}

describe('cells', () => {
  it('headers compare without accents, case or punctuation; numbers read without exponent', () => {
    expect(headerKey(' Nome Completo ')).toBe('nome_completo');
    expect(headerKey('CPF/CNPJ')).toBe('cpf_cnpj');
    expect(headerKey('Número de Telefone')).toBe('numero_de_telefone');
    expect(cellText(31987654321)).toBe('31987654321');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(null)).toBe('');
  });

  it('documents get back the leading zeros a spreadsheet drops; phones lose +55 and the trunk 0', () => {
    expect(documentDigits('1234567890', 11)).toBe(CPF_ZERO);
    expect(documentDigits('123.456.789-0', 11)).toBe('1234567890');
    expect(phoneDigits('+55 (31) 98765-4321')).toBe('31987654321');
    expect(phoneDigits('031 98765-4321')).toBe('31987654321');
    expect(formatPhone('3133334444')).toBe('(31) 3333-4444');
    expect(formatPhone('123')).toBeNull();
  });
});

describe('sources', () => {
  it('a CSV in UTF-8 with ";" and one in Windows-1252 with "," read the same', async () => {
    const text = 'Nome;CPF\nJoão Conceição;529.982.247-25\n\nMaria Ângela;111.444.777-35\n';
    const utf8 = await csvSource(Buffer.from(`\uFEFF${text}`, 'utf8'));
    const cp1252 = await csvSource(Buffer.from(text.replace(/;/g, ','), 'latin1'));
    for (const source of [utf8, cp1252]) {
      expect(source.header).toEqual(['Nome', 'CPF']);
      expect(await rowsOf(source)).toEqual([
        { line: 2, cells: ['João Conceição', '529.982.247-25'] },
        { line: 4, cells: ['Maria Ângela', '111.444.777-35'] },
      ]);
    }
  });

  it('an xlsx and an xls read by SheetJS: the first sheet, blank rows skipped, lines as the sheet numbers them', async () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const source = workbookSource(workbook([['nome', 'telefone'], ['Ana', 31987654321], [], ['Bia', '(31) 3333-4444']], type));
      expect(source.header).toEqual(['nome', 'telefone']);
      expect(await rowsOf(source)).toEqual([
        { line: 2, cells: ['Ana', 31987654321] },
        { line: 4, cells: ['Bia', '(31) 3333-4444'] },
      ]);
    }
  });

  it("an xlsx's inflated size comes from its zip directory; a broken zip is refused before SheetJS reads it", () => {
    const file = workbook([['nome'], ['Ana']], 'xlsx');
    expect(unzippedSize(file)).toBeGreaterThan(1000);
    expect(() => workbookSource(file, { maxUnzippedBytes: 100 })).toThrow(SpreadsheetError);
    expect(() => workbookSource(file.subarray(0, file.length - 30), { maxUnzippedBytes: 1e9 })).toThrow(SpreadsheetError);
    expect(() => workbookSource(Buffer.from('PK\u0003\u0004 não é um zip'), { maxUnzippedBytes: 1e9 })).toThrow(SpreadsheetError);
  });
});

describe('a row of a lead import', () => {
  it('masks a valid name, mobile or landline and CPF, and gives the digits it is matched by', () => {
    expect(checkRow({ nome: '  Ana   Souza ', telefone: '31 98765-4321', cpf: 1234567890 })).toEqual({
      nome: 'Ana Souza',
      telefone: '(31) 98765-4321',
      cpf: '012.345.678-90',
      cpfDigits: CPF_ZERO,
      phoneDigits: '31987654321',
      erros: null,
    });
    expect(checkRow({ nome: 'Bia', telefone: '+55 31 3333-4444' })).toMatchObject({ telefone: '(31) 3333-4444', cpf: '', cpfDigits: null, erros: null });
  });

  it('keeps a bad value as the file had it, with the reason per field', () => {
    expect(checkRow({ nome: '', telefone: '123', cpf: '529.982.247-26' })).toEqual({
      nome: '',
      telefone: '123',
      cpf: '529.982.247-26',
      cpfDigits: null,
      phoneDigits: null,
      erros: { nome: ROW_MSG.nomeRequired, telefone: ROW_MSG.phoneLength, cpf: ROW_MSG.cpfCheck },
    });
    expect(checkRow({ nome: 'Caio', cpf: '111.111.111-11' }).erros).toEqual({ cpf: ROW_MSG.cpfRepeated });
    expect(checkRow({ nome: 'Caio', cpf: '11.222.333/0001-81' }).erros).toEqual({ cpf: ROW_MSG.cpfCnpj });
    expect(checkRow({ nome: 'Caio', cpf: '123' }).erros).toEqual({ cpf: ROW_MSG.cpfLength });
    expect(checkRow({ nome: 'Caio', telefone: '(10) 98765-4321' }).erros).toEqual({ telefone: ROW_MSG.phoneDdd });
    expect(checkRow({ nome: 'Caio', telefone: '(31) 8765-4321' }).erros).toEqual({ telefone: ROW_MSG.phoneMobile });
    expect(checkRow({ nome: '12345', telefone: '(31) 98765-4321' }).erros).toEqual({ nome: ROW_MSG.nomeLetters });
    expect(checkRow({ nome: 'Caio' }).erros).toEqual({ telefone: ROW_MSG.contactRequired });
  });

  it('finds the columns by header, in any order, with the usual variants', () => {
    expect(leadColumns(['Celular', 'CPF/CNPJ', 'Nome completo'])).toEqual({ nome: [2], telefone: [0], cpf: [1] });
    expect(leadColumns(['NOME', 'Telefone (com DDD)', 'WhatsApp', 'Nome da mãe'])).toEqual({ nome: [0], telefone: [2], cpf: [] });
    expect(leadColumns(['Nome', 'Telefone (com DDD)', 'CPF - só números'])).toEqual({ nome: [0], telefone: [1], cpf: [2] });
    expect(leadColumns(['E-mail', 'Cidade'])).toEqual({ nome: [], telefone: [], cpf: [] });
  });
});

describe("a lead import's file", () => {
  const CSV = [
    'Nome completo;CPF/CNPJ;Celular',
    `Ana Souza;${CPF_A};(31) 98765-4321`,
    `Bruno Lima;${CPF_ZERO.slice(1)};31 3333-4444`,
    // Same phone as line 2: a repeat of the file; the first stays clean.
    'Carla Dias;;31987654321',
    `Davi Errado;529.982.247-26;`,
    ';;',
    `Eva Nunes;${CPF_B};`,
  ].join('\r\n');

  it('reads a CSV: every data row with its line, checks, digits and repeats', async () => {
    const rows = ok(await parse(Buffer.from(CSV), 'csv'));
    expect(rows.linha).toEqual([2, 3, 4, 5, 7]);
    expect(rows.nome).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Errado', 'Eva Nunes']);
    expect(rows.telefone).toEqual(['(31) 98765-4321', '(31) 3333-4444', '(31) 98765-4321', '', '']);
    expect(rows.cpf).toEqual(['529.982.247-25', '012.345.678-90', '', '529.982.247-26', '111.444.777-35']);
    expect(rows.erros.map((e) => (e ? JSON.parse(e) : null))).toEqual([null, null, null, { cpf: ROW_MSG.cpfCheck }, null]);
    expect(rows.repetido).toEqual([false, false, true, false, false]);
  });

  it('reads the same rows from a Windows-1252 CSV separated by ",", an xlsx and an xls', async () => {
    const expected = ok(await parse(Buffer.from(CSV.replace('Ana Souza', 'Ana Conceição')), 'csv'));
    const latin = ok(await parse(Buffer.from(CSV.replace('Ana Souza', 'Ana Conceição').replace(/;/g, ','), 'latin1'), 'csv'));
    expect(latin).toEqual(expected);
    const matrix = CSV.replace('Ana Souza', 'Ana Conceição')
      .split('\r\n')
      .map((line) => line.split(';'));
    // Numbers as a spreadsheet keeps them: the CPF without its leading zero, the mobile as digits.
    matrix[2][1] = Number(CPF_ZERO) as never;
    matrix[3][2] = 31987654321 as never;
    matrix[5] = [];
    for (const type of ['xlsx', 'xls'] as const) expect(ok(await parse(workbook(matrix, type), type))).toEqual(expected);
  });

  it('refuses a file as a whole: empty, header only, no nome column, no cpf nor telefone column, too many rows, too large inflated, broken', async () => {
    const refusal = async (bytes: Buffer, kind: SpreadsheetKind, limits = LIMITS) => {
      const r = await parse(bytes, kind, limits);
      expect(r.ok).toBe(false);
      return (r as { message: string }).message;
    };
    expect(await refusal(Buffer.from('\r\n\r\n'), 'csv')).toBe(IMPORT_MSG.empty);
    expect(await refusal(Buffer.from('nome;cpf;telefone\r\n;;\r\n'), 'csv')).toBe(IMPORT_MSG.headerOnly);
    expect(await refusal(workbook([['nome', 'cpf', 'telefone']], 'xlsx'), 'xlsx')).toBe(IMPORT_MSG.headerOnly);
    expect(await refusal(Buffer.from('cliente_id;cpf\r\n1;1\r\n'), 'csv')).toBe(IMPORT_MSG.missingName);
    expect(await refusal(Buffer.from('nome;email\r\nAna;a@b.com\r\n'), 'csv')).toBe(IMPORT_MSG.missingContact);
    const many = ['nome;telefone', ...Array.from({ length: 11 }, (_, i) => `Pessoa ${i};3198765${String(i).padStart(4, '0')}`)];
    expect(ok(await parse(Buffer.from(many.slice(0, 11).join('\n')), 'csv', { ...LIMITS, maxRows: 10 })).linha).toHaveLength(10);
    expect(await refusal(Buffer.from(many.join('\n')), 'csv', { ...LIMITS, maxRows: 10 })).toBe(IMPORT_MSG.tooManyRows(10));
    expect(await refusal(workbook(many.map((l) => l.split(';')), 'xlsx'), 'xlsx', { ...LIMITS, maxRows: 10 })).toBe(IMPORT_MSG.tooManyRows(10));
    expect(await refusal(workbook(many.map((l) => l.split(';')), 'xls'), 'xls', { ...LIMITS, maxRows: 10 })).toBe(IMPORT_MSG.tooManyRows(10));
    expect(await refusal(workbook([['nome'], ['Ana']], 'xlsx'), 'xlsx', { ...LIMITS, maxUnzippedBytes: 1000 })).toMatch(/^A planilha tem .* descompactada; o limite é 1 KB/);
    const good = workbook([['nome', 'cpf'], ['Ana', CPF_A]], 'xlsx');
    expect(await refusal(good.subarray(0, good.length - 40), 'xlsx')).toBe('Não foi possível ler a planilha: o arquivo está corrompido ou incompleto.');
    expect(await refusal(Buffer.from('nome;telefone\r\n"Ana;31987654321\r\n'), 'csv')).toMatch(/^Não foi possível ler o arquivo CSV na linha \d+: aspas abertas/);
  });

  it('runs in a worker thread, the bytes moved to it; a worker past its deadline or its heap is stopped, the process goes on', async () => {
    const bytes = new Uint8Array(Buffer.from(CSV));
    const module = new URL('../../src/server/leadImports/parse.ts', import.meta.url);
    const r = await runInThread<unknown, ParseResult>(module, 'parseLeadFile', { bytes, kind: 'csv', limits: LIMITS }, { timeoutMs: 60_000, maxHeapMb: 256 }, [bytes.buffer]);
    expect(bytes.byteLength).toBe(0);
    expect(ok(r).linha).toEqual([2, 3, 4, 5, 7]);
    const late = runInThread(module, 'parseLeadFile', { bytes: new Uint8Array(Buffer.from(CSV)), kind: 'csv', limits: LIMITS }, { timeoutMs: 1, maxHeapMb: 256 });
    await expect(late).rejects.toMatchObject({ reason: 'timeout' });
    // A workbook far larger than the heap allowed (a zip bomb's effect, without the bomb).
    const big = workbook(Array.from({ length: 60_000 }, (_, i) => [`Pessoa número ${i} com um nome bem comprido`, CPF_A, '(31) 98765-4321']), 'xlsx');
    const heavy = runInThread(module, 'parseLeadFile', { bytes: new Uint8Array(big), kind: 'xlsx', limits: { maxRows: 100_000, maxUnzippedBytes: 1e9 } }, { timeoutMs: 60_000, maxHeapMb: 16 });
    await expect(heavy).rejects.toMatchObject({ reason: 'memory' });
    await expect(heavy).rejects.toBeInstanceOf(ThreadFailure);
  });
});
