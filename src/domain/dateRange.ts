// Date ranges (x-intranet.dateRanges of a schema): two date fields of a record, a start and an end,
// the start never after the end. Checked by the generated form (under the end date) and by the
// server on every write, with the range's own message or the generic one. Pure: no I/O.

export interface DateRange {
  /** Field holding the first day (format date or date-time). */
  start: string;
  /** Field holding the last day. */
  end: string;
  /** Label of the pair in forms ('Período'); default: none, each date keeps its title. */
  title?: string;
  /** Text under the end date when it comes before the start. */
  message?: string;
}

export const DATE_RANGE_MESSAGE = 'A data inicial não pode ser maior que a data final!';

const timeOf = (value: unknown): number | null => {
  // Only ISO text: a form's half-typed '01/03' would otherwise be read as some day by Date.parse.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value.trim())) return null;
  // A bare date is a day: compared as its local midnight, like a date-time of that day.
  const t = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00`) : Date.parse(value);
  return Number.isNaN(t) ? null : t;
};

/** Whether `start` comes after `end` (false when either is empty or not a date). */
export function startAfterEnd(start: unknown, end: unknown): boolean {
  const a = timeOf(start);
  const b = timeOf(end);
  return a !== null && b !== null && a > b;
}

/** The errors of a record's ranges, on their end fields. */
export function dateRangeErrors(ranges: readonly DateRange[] | undefined, record: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const range of ranges ?? []) {
    if (startAfterEnd(record[range.start], record[range.end])) errors[range.end] = range.message ?? DATE_RANGE_MESSAGE;
  }
  return errors;
}

/** First and last instant of a local day 'YYYY-MM-DD', as ISO strings (a date-time range filter). */
export function dayBounds(day: string): { first: string; last: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  return { first: new Date(y, mo, d, 0, 0, 0, 0).toISOString(), last: new Date(y, mo, d, 23, 59, 59, 999).toISOString() };
}
