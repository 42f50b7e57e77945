// pt-BR display formats (foundation spec, sections 5 and 9): dates DD/MM/YYYY, date-times
// 'DD/MM/YYYY - HH:MM', Brazilian reais, input masks, and the CSV the tables export.
import { MSG } from './messages.js';

/** Text of an empty table cell or an empty phone. */
export const EMPTY_TEXT = 'Não informado';
/** Text of a table with no rows. */
export const NO_DATA_TEXT = 'Nenhum dado encontrado';

export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' (or the start of an ISO timestamp, or a Date) as DD/MM/YYYY; anything else 'Data inválida'. */
export function formatDate(value: unknown): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return MSG.date;
    return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`;
  }
  if (typeof value !== 'string') return MSG.date;
  // A calendar date is shown as written: converting it to a Date would shift it by the time zone.
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim());
  if (!m) return MSG.date;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** An ISO timestamp as 'DD/MM/YYYY - HH:MM' in the browser's time zone; else 'Data e hora inválidas'. */
export function formatDateTime(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return MSG.dateTime;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Month-day as holidays keep it ('MM-DD') shown as DD/MM. */
export function formatMonthDay(value: unknown): string {
  const m = typeof value === 'string' ? /^(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? `${m[2]}/${m[1]}` : MSG.date;
}

/** DD/MM typed in a form, back to 'MM-DD' (partial input is kept as typed). */
export function parseMonthDay(value: string): string {
  const m = /^(\d{2})\/(\d{2})$/.exec(value);
  return m ? `${m[2]}-${m[1]}` : value;
}

/** The mask of the lists' date filters (foundation spec, section 9: "date filter mask DD/MM/YY"). */
export const SHORT_DATE_MASK = '##/##/##';
/** How far ahead of today a two-digit year may fall before it is read as the 1900s. */
const SHORT_YEAR_AHEAD = 15;

/**
 * DD/MM/YY, as typed in a date filter, as 'YYYY-MM-DD': the year is 20YY, or 19YY when 20YY is more
 * than 15 years after today's; null unless the text is a whole, real date.
 */
export function parseShortDate(text: string, today: Date = new Date()): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, yy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let year = 2000 + yy;
  if (year - today.getFullYear() > SHORT_YEAR_AHEAD) year -= 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The mask of a date typed in a form (foundation spec, section 9: "Dates DD/MM/YYYY"). */
export const DATE_MASK = '##/##/####';
/** The mask of a date and time typed in a form ("with time DD/MM/YYYY - HH:MM"). */
export const DATE_TIME_MASK = '##/##/#### - ##:##';
export const DATE_PLACEHOLDER = 'DD/MM/AAAA';
export const DATE_TIME_PLACEHOLDER = 'DD/MM/AAAA - HH:MM';
/** Years before this are taken for a slip of the keyboard ('15/03/0202'), not a date. */
const MIN_TYPED_YEAR = 1000;

/** 'YYYY-MM-DD' of a year, month and day, or null when that day does not exist. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < MIN_TYPED_YEAR || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** DD/MM/YYYY, as typed in a form, as 'YYYY-MM-DD'; null unless the text is a whole, real date. */
export function parseDateInput(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? isoDay(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** A date ('YYYY-MM-DD', or the date part of an ISO timestamp) as a form shows it, DD/MM/YYYY; '' otherwise. */
export function formatDateInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!m || !isoDay(Number(m[1]), Number(m[2]), Number(m[3]))) return '';
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/**
 * 'DD/MM/YYYY - HH:MM', as typed in a form, as the ISO timestamp of that local time (the browser's
 * time zone); null unless it is a whole, real date and time (a time skipped by a clock change too).
 */
export function parseDateTimeInput(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year, hours, minutes] = m.slice(1).map(Number);
  if (!isoDay(year, month, day) || hours > 23 || minutes > 59) return null;
  const date = new Date(2000, month - 1, day, hours, minutes);
  date.setFullYear(year);
  if (date.getDate() !== day || date.getHours() !== hours || date.getMinutes() !== minutes) return null;
  return date.toISOString();
}

/** An ISO timestamp (or a Date) as a form shows it, 'DD/MM/YYYY - HH:MM' in the browser's time zone; '' otherwise. */
export function formatDateTimeInput(value: unknown): string {
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value.trim())) return '';
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The text of a date input after a keystroke or a paste: the digits in the mask ('15032024' is
 * '15/03/2024'); a pasted ISO date or timestamp ('2024-03-15') is read as the date it names.
 */
export function maskDateText(text: string, dateTime = false): string {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(trimmed)) {
    const shown = dateTime ? formatDateTimeInput(trimmed.length === 10 ? `${trimmed}T00:00` : trimmed) : formatDateInput(trimmed);
    if (shown) return shown;
  }
  return applyMask(dateTime ? DATE_TIME_MASK : DATE_MASK, text);
}

/** A stored date or timestamp as the value of the browser's own picker (<input type="date"> or "datetime-local"); '' otherwise. */
export function pickerValue(value: unknown, dateTime = false): string {
  if (!dateTime) {
    const shown = formatDateInput(value);
    return shown ? `${shown.slice(6)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}` : '';
  }
  const shown = formatDateTimeInput(value);
  return shown ? `${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}T${shown.slice(13)}` : '';
}

/** A date ('YYYY-MM-DD') or an instant (its day in the browser's time zone) as DD/MM/YY; '' otherwise. */
export function formatShortDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const m = /^(\d{2})(\d{2})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return `${m[4]}/${m[3]}/${m[2]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Brazilian reais: R$ 1.234,56 (with the non-breaking space Intl uses). */
export function formatBRL(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? brl.format(n) : EMPTY_TEXT;
}

const cents = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A `money` field's value as its input shows it, after the 'R$' adornment: 1.234,56 ('' when empty). */
export function formatMoneyInput(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? cents.format(n) : '';
}

/**
 * What is typed in a `money` input back to reais, as a cash register reads it: the digits are
 * cents, so '123456' (or '1.234,56') is 1234.56; a leading '-' makes it negative; no digit is null.
 */
export function parseMoneyInput(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return null;
  const value = Number(digits.slice(0, 15)) / 100;
  return text.trim().startsWith('-') ? -value : value;
}

/** A money amount the server keeps: a finite number with at most two decimal places. */
export const isMoney = (value: unknown): boolean => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const cents = value * 100;
  // A whole number of cents, up to the rounding of the double itself (147552960.05 * 100 is
  // 14755296005.000002): the tolerance grows with the amount, a few units in its last place.
  return Math.abs(Math.round(cents) - cents) < Math.max(1e-6, Math.abs(cents) * 8 * Number.EPSILON);
};

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

export function formatNumber(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? decimal.format(n) : String(value);
}

/** What opening WhatsApp on a phone without digits says (foundation spec, section 5). */
export const INVALID_PHONE_TEXT = 'Número de telefone inválido.';
/** Brazil's country code, which WhatsApp links carry (foundation spec, section 9). */
export const WHATSAPP_COUNTRY_CODE = '55';

/**
 * The WhatsApp link of a Brazilian phone ('(31) 98765-4321' -> https://wa.me/5531987654321), or null
 * when it has no digits. A number that already carries the country code keeps it once.
 */
export function whatsappUrl(phone: unknown): string | null {
  let digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  if (digits.length > 11 && digits.startsWith(WHATSAPP_COUNTRY_CODE)) digits = digits.slice(WHATSAPP_COUNTRY_CODE.length);
  return `https://wa.me/${WHATSAPP_COUNTRY_CODE}${digits}`;
}

/** The spec's input masks; '#' stands for a digit. */
export const MASKS = {
  cnpj: '##.###.###/####-##',
  cpf: '###.###.###-##',
  phone: '(##) #####-####',
  cep: '#####-###',
} as const;

export type MaskName = keyof typeof MASKS;

/** Applies a '#'-mask to the digits of value, stopping where the digits run out. */
export function applyMask(mask: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  const digits = String(value).replace(/\D/g, '');
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '#') out += digits[i++];
    else out += ch;
  }
  return out;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ('-12', '-1.234,56', '+5,2%', '-R$ 10,00'): no formula can hide in it. */
const NUMERAL = /^[-+]?(?:R\$\s?)?\d[\d.,]*%?$/;

/**
 * A cell of a CSV or XLSX the product writes, safe to open in a spreadsheet (OWASP's CSV injection
 * guidance): a text starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so
 * that an imported name cannot run as a formula. Numbers stay numbers, and so does a numeral written as
 * text (a negative amount of a report). Every CSV and XLSX writer passes its cells through here.
 */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) && !NUMERAL.test(value) ? `'${value}` : value;
}

/** Rows for an XLSX sheet (SheetJS aoa_to_sheet): every cell through spreadsheetCell. */
export function spreadsheetRows<T>(rows: readonly (readonly T[])[]): (T | string)[][] {
  return rows.map((row) => row.map(spreadsheetCell));
}

/** One CSV line (without its line break): cells holding the separator, quotes or line breaks are quoted. */
export function csvLine(values: readonly unknown[], separator = ';'): string {
  const cell = (value: unknown) => {
    const safe = spreadsheetCell(value);
    const text = safe === null || safe === undefined ? '' : String(safe);
    return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return values.map(cell).join(separator);
}

/**
 * Rows to CSV text with the spec's ';' separator (csvLine's cells); a leading BOM lets spreadsheet
 * programs read the accents as UTF-8.
 */
export function toCsv(rows: readonly (readonly unknown[])[], separator = ';'): string {
  return '\uFEFF' + rows.map((row) => csvLine(row, separator)).join('\r\n');
}

/** The name of the exported table file. */
export const CSV_FILE_NAME = 'table-export.csv';

/** Largest file the product accepts (10 MB). */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** Image uploads: PNG and JPEG only. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const IMAGE_REJECTED = 'A imagem não atende aos paramêtros';
export const FILE_TOO_LARGE_TEXT = 'O arquivo ultrapassa o limite de 10 MB.';

/**
 * Why a chosen file cannot be sent, or null: images must be PNG or JPEG (by type and extension)
 * and at most 10 MB ('A imagem não atende aos paramêtros'); other files at most 10 MB.
 */
export function uploadProblem(file: { name: string; type: string; size: number }, kind: 'image' | 'file'): string | null {
  if (kind === 'image') {
    const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
    const extOk = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
    if (!typeOk || !extOk || file.size > MAX_UPLOAD_BYTES || file.size === 0) return IMAGE_REJECTED;
    return null;
  }
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_TEXT;
  return null;
}

/** Whether a file field holds an image (by its name: imagem, foto, icone, logo, avatar, capa, ...). */
export const isImageFieldName = (field: string) => /imag|foto|icon|logo|avatar|capa|banner/i.test(field);

/** The months' names in pt-BR, January first. */
export const MONTH_NAMES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];
