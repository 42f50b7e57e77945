// Every CSV and XLSX the product writes neutralises formulas (OWASP's CSV injection guidance) in one
// place, src/domain/format.ts: a text starting with =, +, -, @, a tab or a carriage return gets a
// leading apostrophe; numbers, and numerals written as text, stay as they are.
import { describe, expect, it } from 'vitest';
import { spreadsheetCell, spreadsheetRows, toCsv } from '../../src/domain/format.js';

const FORMULAS = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1)', '-2+3', '\t=1+1', '\r=1+1', '=1', '-', '+', '@'];

describe('spreadsheet cells', () => {
  it('neutralises a text a spreadsheet would read as a formula', () => {
    for (const text of FORMULAS) expect(spreadsheetCell(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('keeps numbers, numerals, other texts and empty cells', () => {
    for (const value of [-5, 0, 3.5, -1234.56, null, undefined, true, '', 'Ana', 'a=b', ' =1', "'=1", '123.456.789-09', '(31) 98888-7777']) expect(spreadsheetCell(value)).toBe(value);
    for (const numeral of ['-12', '+7', '-1.234,56', '-5,2%', '-0.5', '-R$ 10,00', '-R$\u00a010,00']) expect(spreadsheetCell(numeral), numeral).toBe(numeral);
  });

  it('CSV: neutralised, then quoted where the cell needs it', () => {
    expect(toCsv([['Nome', 'Saldo'], ['=HYPERLINK("http://x")', -5], ['@SUM(1)', '-1.234,56'], ['-2+3', '\tx']])).toBe(
      `\uFEFFNome;Saldo\r\n"'=HYPERLINK(""http://x"")";-5\r\n'@SUM(1);-1.234,56\r\n'-2+3;'\tx`,
    );
  });

  it('XLSX rows: text cells neutralised, number cells still numbers', () => {
    expect(spreadsheetRows([['+cmd|\' /C calc\'!A0', -3, '-3', '-2+3']])).toEqual([["'+cmd|' /C calc'!A0", -3, '-3', "'-2+3"]]);
  });
});
