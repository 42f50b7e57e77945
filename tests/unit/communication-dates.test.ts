// The communication scale's date arithmetic (src/domain/communicationDates.ts): which customer dates a
// rule sends to on a day, leap years and 29 February, month and year ends, yearly rules, and the
// shifts' instants in São Paulo.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDaysTo,
  businessDate,
  currentShift,
  daysBetween,
  matchesCustomerDate,
  matchingCustomerDates,
  monthDayOf,
  monthDaysObservedOn,
  observedOn,
  sendDaysBetween,
  shiftInstant,
  type RuleTiming,
} from '../../src/domain/communicationDates.js';

const birthday = (envio: string | null = 'no_dia', tempo: number | null = 0): RuleTiming => ({ criterio: 'data_aniversario', envio, tempo });
const activation = (envio: string, tempo: number | null = 0): RuleTiming => ({ criterio: 'data_ativacao', envio, tempo });
const contract = (envio: string, tempo: number | null = 0): RuleTiming => ({ criterio: 'data_contratacao', envio, tempo });
const specific = (data_especifica: string | null, envio: string | null = 'no_dia', tempo: number | null = 0): RuleTiming => ({
  criterio: 'data_especifica',
  envio,
  tempo,
  data_especifica,
});

describe('calendar arithmetic', () => {
  it('adds days across month ends, year ends and 29 February', () => {
    expect(addDaysTo('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysTo('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysTo('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDaysTo('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysTo('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDaysTo('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysTo('2026-04-30', 1)).toBe('2026-05-01');
    expect(addDaysTo('2026-03-15', 365)).toBe('2027-03-15');
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('month-days as MMDD integers, and 29 February kept on 28 February in common years', () => {
    expect(monthDayOf('1985-03-15')).toBe(315);
    expect(monthDayOf('2000-12-31')).toBe(1231);
    expect(observedOn(229, 2024)).toBe('2024-02-29');
    expect(observedOn(229, 2025)).toBe('2025-02-28');
    expect(observedOn(229, 2100)).toBe('2100-02-28');
    expect(observedOn(229, 2000)).toBe('2000-02-29');
    expect(monthDaysObservedOn('2025-02-28')).toEqual([228, 229]);
    expect(monthDaysObservedOn('2024-02-28')).toEqual([228]);
    expect(monthDaysObservedOn('2024-02-29')).toEqual([229]);
    expect(monthDaysObservedOn('2025-03-01')).toEqual([301]);
  });
});

describe('birthday rules (data_aniversario)', () => {
  it('no_dia and anual send on each birthday, whatever the birth year', () => {
    expect(matchingCustomerDates(birthday('no_dia'), '2026-03-15')).toEqual({ kind: 'monthDays', monthDays: [315] });
    expect(matchingCustomerDates(birthday('anual', null), '2026-03-15')).toEqual({ kind: 'monthDays', monthDays: [315] });
    expect(matchingCustomerDates(birthday(null, null), '2026-03-15')).toEqual({ kind: 'monthDays', monthDays: [315] });
    expect(matchesCustomerDate(birthday(), '1985-03-15', '2026-03-15')).toBe(true);
    expect(matchesCustomerDate(birthday(), '1985-03-15', '2026-03-16')).toBe(false);
    expect(matchesCustomerDate(birthday(), null, '2026-03-15')).toBe(false);
  });

  it('a 29 February birthday is on 29 February in leap years and on 28 February in the others', () => {
    expect(matchesCustomerDate(birthday(), '2000-02-29', '2024-02-29')).toBe(true);
    expect(matchesCustomerDate(birthday(), '2000-02-29', '2024-02-28')).toBe(false);
    expect(matchesCustomerDate(birthday(), '2000-02-29', '2025-02-28')).toBe(true);
    expect(matchesCustomerDate(birthday(), '2000-02-29', '2025-03-01')).toBe(false);
    // Those born on 28 February keep their day in every year.
    expect(matchesCustomerDate(birthday(), '1990-02-28', '2024-02-28')).toBe(true);
    expect(matchesCustomerDate(birthday(), '1990-02-28', '2025-02-28')).toBe(true);
    expect(sendDaysBetween(birthday(), '2000-02-29', '2024-01-01', '2028-12-31')).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  it('dia_anterior sends N days before each birthday, across month and year ends', () => {
    // 1 day before a 1 March birthday: 29 February in a leap year, 28 February otherwise.
    expect(matchingCustomerDates(birthday('dia_anterior', 1), '2024-02-29')).toEqual({ kind: 'monthDays', monthDays: [301] });
    expect(matchingCustomerDates(birthday('dia_anterior', 1), '2025-02-28')).toEqual({ kind: 'monthDays', monthDays: [301] });
    // 1 day before a 29 February birthday kept on 28 February (2025): 27 February.
    expect(matchesCustomerDate(birthday('dia_anterior', 1), '2000-02-29', '2025-02-27')).toBe(true);
    expect(matchesCustomerDate(birthday('dia_anterior', 1), '2000-02-29', '2024-02-28')).toBe(true);
    // Across the year end: 3 days before 1 January is 29 December of the year before.
    expect(matchesCustomerDate(birthday('dia_anterior', 3), '1990-01-01', '2025-12-29')).toBe(true);
    expect(matchingCustomerDates(birthday('dia_anterior', 3), '2025-12-29')).toEqual({ kind: 'monthDays', monthDays: [101] });
    // Across a month end: 2 days before 1 May is 29 April.
    expect(matchesCustomerDate(birthday('dia_anterior', 2), '1990-05-01', '2026-04-29')).toBe(true);
    expect(sendDaysBetween(birthday('dia_anterior', 7), '1995-01-03', '2025-12-01', '2026-01-31')).toEqual(['2025-12-27']);
  });
});

describe('activation and contract rules', () => {
  it('no_dia selects the customers of that exact date', () => {
    expect(matchingCustomerDates(activation('no_dia'), '2026-05-03')).toEqual({ kind: 'exact', date: '2026-05-03' });
    expect(matchesCustomerDate(activation('no_dia'), '2026-05-03', '2026-05-03')).toBe(true);
    expect(matchesCustomerDate(activation('no_dia'), '2025-05-03', '2026-05-03')).toBe(false);
  });

  it('dia_seguinte sends N days after the date, once, across month and year ends', () => {
    expect(matchingCustomerDates(activation('dia_seguinte', 1), '2026-02-01')).toEqual({ kind: 'exact', date: '2026-01-31' });
    expect(matchingCustomerDates(contract('dia_seguinte', 1), '2026-01-01')).toEqual({ kind: 'exact', date: '2025-12-31' });
    expect(matchingCustomerDates(activation('dia_seguinte', 1), '2024-03-01')).toEqual({ kind: 'exact', date: '2024-02-29' });
    expect(matchingCustomerDates(activation('dia_seguinte', 30), '2026-03-02')).toEqual({ kind: 'exact', date: '2026-01-31' });
    expect(sendDaysBetween(activation('dia_seguinte', 7), '2026-12-28', '2026-01-01', '2027-12-31')).toEqual(['2027-01-04']);
  });

  it('a yearly contract rule sends on each anniversary from the first, never on the contract day', () => {
    const rule = contract('anual', null);
    expect(matchingCustomerDates(rule, '2026-06-01')).toEqual({ kind: 'monthDays', monthDays: [601], before: '2026-01-01' });
    expect(matchesCustomerDate(rule, '2021-06-01', '2026-06-01')).toBe(true);
    expect(matchesCustomerDate(rule, '2026-06-01', '2026-06-01')).toBe(false);
    expect(matchesCustomerDate(rule, '2025-06-01', '2026-06-01')).toBe(true);
    // Contracted on 29 February: anniversaries on 28 February in common years.
    expect(matchesCustomerDate(rule, '2024-02-29', '2025-02-28')).toBe(true);
    expect(matchesCustomerDate(rule, '2024-02-29', '2024-02-29')).toBe(false);
    expect(sendDaysBetween(rule, '2024-02-29', '2024-01-01', '2028-12-31')).toEqual(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(matchingCustomerDates(rule, '2025-02-28')).toEqual({ kind: 'monthDays', monthDays: [228, 229], before: '2025-01-01' });
  });
});

describe('specific-date rules (data_especifica)', () => {
  it('select every customer on the rule date, or N days before it', () => {
    expect(matchingCustomerDates(specific('2026-12-25'), '2026-12-25')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(specific('2026-12-25'), '2026-12-24')).toEqual({ kind: 'none' });
    expect(matchingCustomerDates(specific('2026-12-25', null), '2026-12-25')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(specific('2027-01-02', 'dia_anterior', 3), '2026-12-30')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(specific('2026-03-01', 'dia_anterior', 1), '2026-02-28')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(specific('2024-03-01', 'dia_anterior', 1), '2024-02-29')).toEqual({ kind: 'everyone' });
    expect(matchesCustomerDate(specific('2026-12-25'), null, '2026-12-25')).toBe(true);
  });

  it('a yearly specific date repeats on its month-day from its own year on', () => {
    const rule = specific('2024-02-29', 'anual', null);
    expect(matchingCustomerDates(rule, '2024-02-29')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(rule, '2025-02-28')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(rule, '2028-02-28')).toEqual({ kind: 'none' });
    expect(matchingCustomerDates(rule, '2028-02-29')).toEqual({ kind: 'everyone' });
    expect(matchingCustomerDates(rule, '2023-02-28')).toEqual({ kind: 'none' });
    expect(matchingCustomerDates(specific('2026-09-07', 'anual', null), '2030-09-07')).toEqual({ kind: 'everyone' });
  });

  it('send nothing without a valid date', () => {
    expect(matchingCustomerDates(specific(null), '2026-12-25')).toEqual({ kind: 'none' });
    expect(matchingCustomerDates(specific('2026-02-30'), '2026-03-02')).toEqual({ kind: 'none' });
  });
});

describe('the inverse agrees with the rule read forwards', () => {
  const date = fc
    .record({ y: fc.integer({ min: 1990, max: 2030 }), n: fc.integer({ min: 0, max: 365 }) })
    .map(({ y, n }) => addDaysTo(`${y}-01-01`, Math.min(n, y % 4 === 0 ? 365 : 364)));
  const rule = fc.oneof(
    fc.record({
      criterio: fc.constantFrom('data_aniversario', 'data_ativacao', 'data_contratacao', 'data_especifica'),
      envio: fc.constantFrom('no_dia', 'dia_seguinte', 'dia_anterior', 'anual', null),
      tempo: fc.oneof(fc.integer({ min: 0, max: 365 }), fc.constant(null)),
      data_especifica: date,
    }),
  );

  it('a day is a send day of a customer date exactly when the day selects that date', () => {
    fc.assert(
      fc.property(rule, date, date, (r, customer, day) => {
        const forwards = sendDaysBetween(r, customer, day, day).includes(day);
        expect(matchesCustomerDate(r, customer, day)).toBe(forwards);
      }),
      { numRuns: 3000 },
    );
  });

  it('every 29 February birthday is sent exactly once a year', () => {
    for (let year = 2023; year <= 2029; year++) {
      const days = daysBetween(`${year}-01-01`, `${year}-12-31`).filter((d) => matchesCustomerDate(birthday(), '1996-02-29', d));
      expect(days).toHaveLength(1);
    }
  });
});

describe('shifts in São Paulo', () => {
  it('each shift is its São Paulo hour, UTC-3 (no daylight saving since 2019)', () => {
    expect(shiftInstant('2026-05-03', 'M').toISOString()).toBe('2026-05-03T10:00:00.000Z');
    expect(shiftInstant('2026-05-03', 'T').toISOString()).toBe('2026-05-03T16:00:00.000Z');
    expect(shiftInstant('2026-05-03', 'N').toISOString()).toBe('2026-05-03T23:00:00.000Z');
    // January (the old summer time) is UTC-3 as well.
    expect(shiftInstant('2026-01-15', 'M').toISOString()).toBe('2026-01-15T10:00:00.000Z');
    // Before 2019 São Paulo kept summer time: 7:00 of 15 January 2018 was 09:00 UTC.
    expect(shiftInstant('2018-01-15', 'M').toISOString()).toBe('2018-01-15T09:00:00.000Z');
  });

  it('the São Paulo date of an instant near midnight', () => {
    expect(businessDate(new Date('2026-05-04T02:59:59Z'))).toBe('2026-05-03');
    expect(businessDate(new Date('2026-05-04T03:00:00Z'))).toBe('2026-05-04');
    expect(businessDate('2026-01-01T01:00:00Z')).toBe('2025-12-31');
    expect(businessDate(shiftInstant('2026-12-31', 'N'))).toBe('2026-12-31');
  });

  it('the current shift at an instant', () => {
    expect(currentShift(new Date('2026-05-03T09:59:00Z'))).toBeNull();
    expect(currentShift(new Date('2026-05-03T10:00:00Z'))).toBe('M');
    expect(currentShift(new Date('2026-05-03T16:30:00Z'))).toBe('T');
    expect(currentShift(new Date('2026-05-04T02:00:00Z'))).toBe('N');
  });
});
