// Age labels of the notification and incident lists (foundation spec, section 4): Agora, then
// minutes (m), hours (h) and days (d), rounded down.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Epoch milliseconds of a timestamp as the APIs answer it: an ISO string ('2026-03-10T12:00:00Z',
 * '2026-03-10 12:00:00+00'), epoch milliseconds as a number or a string of digits, or a Date.
 * NaN when unreadable.
 */
export function timeOf(date: string | number | Date | null | undefined): number {
  if (date instanceof Date) return date.getTime();
  if (typeof date === 'number') return date;
  if (typeof date !== 'string') return Number.NaN;
  const text = date.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return Date.parse(text.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/([+-]\d{2})$/, '$1:00'));
}

/** '5m', '3h', '2d', or 'Agora' under a minute (and for a date in the future or unreadable). */
export function ageLabel(date: string | number | Date, now: number | Date = Date.now()): string {
  const at = timeOf(date);
  const diff = (now instanceof Date ? now.getTime() : now) - at;
  if (!Number.isFinite(diff) || diff < MINUTE) return 'Agora';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  return `${Math.floor(diff / DAY)}d`;
}

// Ages and years in the company of the HR reports (issue 18): whole years of 365.25 days between two
// calendar dates, so that every screen and the SQL of src/server/hrReports agree
// (floor((to - from) / 365.25), the same in PostgreSQL: floor((to - from)::numeric / 365.25)).

/** The days of the year the HR reports count ages and years with. */
export const YEAR_DAYS = 365.25;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days from one calendar date ('AAAA-MM-DD') to another (negative when `to` comes first); NaN when unreadable. */
export function daysBetween(from: string, to: string): number {
  const a = ISO_DATE.exec(String(from).slice(0, 10));
  const b = ISO_DATE.exec(String(to).slice(0, 10));
  if (!a || !b) return Number.NaN;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** Whole years (of 365.25 days) from `from` to `to`: an age or a time in the company. Null when unreadable or negative. */
export function yearsBetween(from: string | null | undefined, to: string): number | null {
  if (!from) return null;
  const days = daysBetween(from, to);
  if (!Number.isFinite(days) || days < 0) return null;
  return Math.floor(days / YEAR_DAYS);
}

/** Years (of 365.25 days) with one decimal, rounded down: 3.4 years in the company. */
export function decimalYearsBetween(from: string | null | undefined, to: string): number | null {
  if (!from) return null;
  const days = daysBetween(from, to);
  if (!Number.isFinite(days) || days < 0) return null;
  return Math.floor((days / YEAR_DAYS) * 10) / 10;
}

/** The 5-year band of an age ('25 a 29'); 'Não informado' without an age. */
export function ageBand(age: number | null | undefined, width = 5): string {
  if (age === null || age === undefined || !Number.isFinite(age) || age < 0) return 'Não informado';
  const start = Math.floor(age / width) * width;
  return `${start} a ${start + width - 1}`;
}
