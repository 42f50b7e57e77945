// How the spreadsheet imports (customers: src/server/customers/import.ts; lead imports:
// src/server/leadImports/) read a cell: as text, headers compared without accents or case, and the
// habits of spreadsheets undone (numbers that lost their leading zeros, phones with +55 or a trunk 0).
import { applyMask, MASKS } from '../../domain/format.js';
import { searchKey } from '../../domain/municipalities.js';
import { onlyDigits } from '../../domain/validators.js';

export type Cell = string | number | boolean | null | undefined;

/** A cell as text: trimmed, numbers without exponent (codes and documents typed as numbers). */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

/** A header as compared: no accents, lower case, words joined by '_' ('Nome Completo' is 'nome_completo'). */
export const headerKey = (name: string) =>
  searchKey(String(name))
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The field each header name stands for: every field by its own name and its variants, compared by headerKey. */
export function headerIndex<F extends string>(variants: Record<F, readonly string[]>): Map<string, F> {
  return new Map(
    (Object.entries(variants) as [F, readonly string[]][]).flatMap(([field, names]) => [field, ...names].map((h) => [headerKey(h), field] as [string, F])),
  );
}

/** A phone's digits as stored (DDD + number): a +55 country code and a leading trunk 0 dropped. */
export function phoneDigits(value: string): string {
  let d = onlyDigits(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if ((d.length === 11 || d.length === 12) && d.startsWith('0')) d = d.slice(1);
  return d;
}

/** A phone as the screens mask it: (31) 98765-4321, or (31) 3333-4444 for a landline; null: invalid. */
export function formatPhone(value: string): string | null {
  const d = phoneDigits(value);
  if (d.length === 11) return applyMask(MASKS.phone, d);
  if (d.length === 10) return applyMask('(##) ####-####', d);
  return null;
}

/** A document's digits, with the leading zeros a spreadsheet drops put back (only on bare digits). */
export function documentDigits(value: string, length: number): string {
  const digits = onlyDigits(value);
  return /^\d+$/.test(value) && digits.length < length && digits.length >= length - 3 ? digits.padStart(length, '0') : digits;
}

/** A size as people read it: '15 MB', '1,5 MB', '800 KB'. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '').replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} KB`;
