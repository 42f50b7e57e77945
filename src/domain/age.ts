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
