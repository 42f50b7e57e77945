// The date arithmetic of the communication scale (HR/sales document, "Communication"), pure: given a
// rule and a business day, which customer dates are sent to that day; and the shifts' instants in the
// business time zone. The dispatcher and the preview turn a DateMatch into an indexed SQL condition
// (src/server/communication/select.ts); sendDaysBetween() is the same rule read forwards (from a
// customer's date to the days it is sent), kept apart so that tests can hold one against the other.
//
// Semantics (T is the business day, a São Paulo calendar date; N is the rule's tempo in days):
// - data_aniversario: always yearly, on each birthday (the birth date's month-day, every year):
//   no_dia, anual (and no envio) on the birthday; dia_anterior N days before each birthday;
//   dia_seguinte (the form does not offer it) N days after.
// - data_ativacao, data_contratacao: no_dia on the exact date D (the customers activated or contracted
//   that day); dia_seguinte N days after D, once; dia_anterior N days before D (the form does not
//   offer it); anual on each anniversary of D, from its first (a year after D), never on D itself.
// - data_especifica: the rule's own date E, not the customer's, and every customer of the provider is
//   selected: no_dia on E; dia_anterior N days before E; dia_seguinte N days after E (not offered by
//   the form); anual on E's month-day every year from E's year on.
// - 29 February: a birthday or anniversary on 29 February is kept on 28 February in years without
//   one (so a customer born on a 29 February hears from us every year, once).
// - A missing tempo counts as 0 days.
import { addDays, format, isLeapYear } from 'date-fns';
import { TZDate, tz } from '@date-fns/tz';

/** The business time zone: shifts and date rules are São Paulo's (UTC-3, no daylight saving since 2019). */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

export type Criterio = 'data_especifica' | 'data_ativacao' | 'data_contratacao' | 'data_aniversario';
export type Envio = 'no_dia' | 'dia_seguinte' | 'dia_anterior' | 'anual';
export type Turno = 'M' | 'T' | 'N';
/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

export const TURNOS: readonly Turno[] = ['M', 'T', 'N'];
/** The hour and minute (São Paulo) each shift sends at: M 07:00, T 13:00, N 20:00. */
export const TURNO_TIMES: Record<Turno, { hour: number; minute: number }> = {
  M: { hour: 7, minute: 0 },
  T: { hour: 13, minute: 0 },
  N: { hour: 20, minute: 0 },
};
/** The cron expression of each shift (read in BUSINESS_TIME_ZONE). */
export const TURNO_CRONS: Record<Turno, string> = { M: '0 7 * * *', T: '0 13 * * *', N: '0 20 * * *' };

/** The part of a rule that says when it sends. */
export interface RuleTiming {
  criterio: Criterio | string;
  envio?: Envio | string | null;
  tempo?: number | null;
  data_especifica?: IsoDate | null;
}

/** The customer dates a rule sends to on a day. */
export type DateMatch =
  /** The rule sends nothing that day. */
  | { kind: 'none' }
  /** Every customer of the provider (data_especifica on its day). */
  | { kind: 'everyone' }
  /** The customers whose date is exactly this one. */
  | { kind: 'exact'; date: IsoDate }
  /**
   * The customers whose date falls on one of these month-days (MMDD as integers: 315 is 15 March,
   * relacionamento.month_day() in SQL), and, with `before`, only dates earlier than it.
   */
  | { kind: 'monthDays'; monthDays: number[]; before?: IsoDate };

const UTC = tz('UTC');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date as a UTC midnight (calendar arithmetic never meets a time zone). */
function dayOf(iso: IsoDate): TZDate {
  const m = DAY.exec(iso);
  if (!m) throw new RangeError(`data inválida: ${iso}`);
  const d = new TZDate(+m[1], +m[2] - 1, +m[3], 'UTC');
  if (d.getFullYear() !== +m[1] || d.getMonth() !== +m[2] - 1 || d.getDate() !== +m[3]) throw new RangeError(`data inválida: ${iso}`);
  return d;
}
const isoOf = (d: Date) => format(d, 'yyyy-MM-dd', { in: UTC });

/** Whether the text is a real calendar date 'YYYY-MM-DD'. */
export function isCalendarDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    dayOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The date n days after (or, negative, before) a date. */
export const addDaysTo = (iso: IsoDate, n: number): IsoDate => isoOf(addDays(dayOf(iso), n, { in: UTC }));

/** The days between two dates, both included (empty when `to` is before `from`). */
export function daysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) days.push(d);
  return days;
}

/** MMDD of a date as an integer (0315 is 315), as relacionamento.month_day() computes it in SQL. */
export const monthDayOf = (iso: IsoDate): number => {
  const d = dayOf(iso);
  return (d.getMonth() + 1) * 100 + d.getDate();
};

const yearOf = (iso: IsoDate) => dayOf(iso).getFullYear();

/**
 * The date a yearly month-day is kept on in a year: itself, except 29 February in a year without one,
 * kept on 28 February.
 */
export function observedOn(monthDay: number, year: number): IsoDate {
  const month = Math.floor(monthDay / 100);
  let day = monthDay % 100;
  if (month === 2 && day === 29 && !isLeapYear(new TZDate(year, 0, 1, 'UTC'))) day = 28;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The month-days whose yearly date is kept on this date: its own, plus 29 February on a 28 February of a common year. */
export function monthDaysObservedOn(iso: IsoDate): number[] {
  const md = monthDayOf(iso);
  return md === 228 && !isLeapYear(dayOf(iso)) ? [228, 229] : [md];
}

const tempoOf = (rule: RuleTiming) => (typeof rule.tempo === 'number' && Number.isFinite(rule.tempo) ? Math.max(0, Math.trunc(rule.tempo)) : 0);

/**
 * The offset in days from a (yearly or exact) date to the day it is sent: + after, - before, 0 on
 * the day; null for anual, whose offset is a whole number of years.
 */
function offsetOf(rule: RuleTiming): number | null {
  switch (rule.envio) {
    case 'dia_seguinte':
      return tempoOf(rule);
    case 'dia_anterior':
      return -tempoOf(rule);
    case 'anual':
      return null;
    default:
      return 0;
  }
}

/** The customer dates a rule sends to on business day `day` (the inverse the dispatcher selects with). */
export function matchingCustomerDates(rule: RuleTiming, day: IsoDate): DateMatch {
  dayOf(day);
  const offset = offsetOf(rule);
  switch (rule.criterio) {
    case 'data_aniversario': {
      // The birthday being announced (or followed up) this day: day minus the offset; anual is on the day.
      const occurrence = addDaysTo(day, -(offset ?? 0));
      return { kind: 'monthDays', monthDays: monthDaysObservedOn(occurrence) };
    }
    case 'data_ativacao':
    case 'data_contratacao': {
      if (offset === null) {
        // Anniversaries only: dates of an earlier year.
        return { kind: 'monthDays', monthDays: monthDaysObservedOn(day), before: `${String(yearOf(day)).padStart(4, '0')}-01-01` };
      }
      return { kind: 'exact', date: addDaysTo(day, -offset) };
    }
    case 'data_especifica': {
      const e = rule.data_especifica;
      if (!e || !isCalendarDate(e)) return { kind: 'none' };
      if (offset === null) {
        return day >= e && observedOn(monthDayOf(e), yearOf(day)) === day ? { kind: 'everyone' } : { kind: 'none' };
      }
      return addDaysTo(e, offset) === day ? { kind: 'everyone' } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

/** Whether a rule sends to a customer with this date (null: the customer has none) on `day`. */
export function matchesCustomerDate(rule: RuleTiming, customerDate: IsoDate | null, day: IsoDate): boolean {
  const match = matchingCustomerDates(rule, day);
  switch (match.kind) {
    case 'none':
      return false;
    case 'everyone':
      return true;
    case 'exact':
      return customerDate === match.date;
    case 'monthDays':
      return customerDate !== null && match.monthDays.includes(monthDayOf(customerDate)) && (match.before === undefined || customerDate < match.before);
  }
}

/**
 * The days from `from` to `to` (included) on which a rule sends to a customer with this date, worked
 * out forwards from the date (customerDate is ignored by data_especifica, whose date is the rule's).
 */
export function sendDaysBetween(rule: RuleTiming, customerDate: IsoDate | null, from: IsoDate, to: IsoDate): IsoDate[] {
  const offset = offsetOf(rule);
  const inRange = (d: IsoDate) => d >= from && d <= to;
  const yearly = (date: IsoDate, shift: number, firstYear: number) => {
    const days: IsoDate[] = [];
    const md = monthDayOf(date);
    // Occurrences whose shifted day can fall in the range (a shift of up to a year either way).
    for (let y = Math.max(firstYear, yearOf(from) - 2); y <= yearOf(to) + 2; y++) {
      const d = addDaysTo(observedOn(md, y), shift);
      if (inRange(d)) days.push(d);
    }
    return days.sort();
  };
  switch (rule.criterio) {
    case 'data_aniversario':
      return customerDate ? yearly(customerDate, offset ?? 0, -Infinity) : [];
    case 'data_ativacao':
    case 'data_contratacao': {
      if (!customerDate) return [];
      if (offset === null) return yearly(customerDate, 0, yearOf(customerDate) + 1);
      const d = addDaysTo(customerDate, offset);
      return inRange(d) ? [d] : [];
    }
    case 'data_especifica': {
      const e = rule.data_especifica;
      if (!e || !isCalendarDate(e)) return [];
      if (offset === null) return yearly(e, 0, yearOf(e));
      const d = addDaysTo(e, offset);
      return inRange(d) ? [d] : [];
    }
    default:
      return [];
  }
}

/** The instant a shift starts on a day, in São Paulo (07:00 of 3 May 2026 is 10:00 UTC). */
export function shiftInstant(day: IsoDate, turno: Turno): Date {
  const d = dayOf(day);
  const { hour, minute } = TURNO_TIMES[turno];
  return new Date(new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), hour, minute, BUSINESS_TIME_ZONE).getTime());
}

/** The São Paulo calendar date of an instant (23:30 UTC is still 20:30 of the same day there; 02:59 UTC the day before). */
export const businessDate = (instant: Date | string | number): IsoDate =>
  format(new Date(instant), 'yyyy-MM-dd', { in: tz(BUSINESS_TIME_ZONE) });

/** The shift whose time has most recently passed at an instant (null before 07:00 in São Paulo). */
export function currentShift(instant: Date): Turno | null {
  const day = businessDate(instant);
  let current: Turno | null = null;
  for (const t of TURNOS) if (shiftInstant(day, t).getTime() <= instant.getTime()) current = t;
  return current;
}
