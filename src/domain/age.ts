// Age labels of the notification and incident lists (foundation spec, section 4): Agora, then
// minutes (m), hours (h) and days (d), rounded down.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '5m', '3h', '2d', or 'Agora' under a minute (and for a date in the future or unreadable). */
export function ageLabel(date: string | number | Date, now: number | Date = Date.now()): string {
  const at = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  const diff = (now instanceof Date ? now.getTime() : now) - at;
  if (!Number.isFinite(diff) || diff < MINUTE) return 'Agora';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  return `${Math.floor(diff / DAY)}d`;
}
