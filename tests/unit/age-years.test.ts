// Ages and years in the company of the HR reports (src/domain/age.ts): whole years of 365.25 days.
import { describe, expect, it } from 'vitest';
import { ageBand, daysBetween, decimalYearsBetween, YEAR_DAYS, yearsBetween } from '../../src/domain/age.js';

describe('daysBetween', () => {
  it('counts calendar days, leap days included, either way', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2026-01-10', '2025-01-10')).toBe(-365);
    expect(daysBetween('2026-01-10T12:00:00Z', '2026-01-11')).toBe(1);
    expect(Number.isNaN(daysBetween('10/01/2026', '2026-01-11'))).toBe(true);
  });
});

describe('yearsBetween (365.25-day years)', () => {
  it('is floor(days / 365.25)', () => {
    expect(YEAR_DAYS).toBe(365.25);
    expect(yearsBetween('1996-11-01', '2026-11-01')).toBe(Math.floor(daysBetween('1996-11-01', '2026-11-01') / 365.25));
    // 30 calendar years holding 8 leap days (10,958 days): 30 on the birthday.
    expect(daysBetween('1994-03-01', '2024-03-01')).toBe(10_958);
    expect(yearsBetween('1994-03-01', '2024-03-01')).toBe(30);
    expect(yearsBetween('1994-03-01', '2024-02-29')).toBe(29);
    // 30 calendar years holding 7 leap days (10,957 days < 30 × 365.25): the 30th year counts from the next day.
    expect(daysBetween('1996-11-01', '2026-11-01')).toBe(10_957);
    expect(yearsBetween('1996-11-01', '2026-11-01')).toBe(29);
    expect(yearsBetween('1996-11-01', '2026-11-02')).toBe(30);
    // Three years over a leap year: 1,096 days, 3.0 years.
    expect(yearsBetween('2023-01-10', '2026-01-10')).toBe(3);
    // Three years without a leap day: 1,095 days, 2.998 years (the 365.25-day year, not the calendar).
    expect(yearsBetween('2021-03-01', '2024-02-29')).toBe(2);
    expect(yearsBetween('2026-01-01', '2026-12-31')).toBe(0);
  });

  it('is null without a date, before it, or when unreadable', () => {
    expect(yearsBetween(null, '2026-01-01')).toBeNull();
    expect(yearsBetween(undefined, '2026-01-01')).toBeNull();
    expect(yearsBetween('2027-01-01', '2026-01-01')).toBeNull();
    expect(yearsBetween('ontem', '2026-01-01')).toBeNull();
  });

  it('has one decimal, rounded down, for a time in the company', () => {
    expect(decimalYearsBetween('2023-01-10', '2026-01-10')).toBe(3);
    expect(decimalYearsBetween('2025-07-10', '2026-01-10')).toBe(0.5);
    expect(decimalYearsBetween('2020-01-01', '2026-05-27')).toBe(Math.floor((daysBetween('2020-01-01', '2026-05-27') / 365.25) * 10) / 10);
    expect(decimalYearsBetween(null, '2026-01-01')).toBeNull();
  });
});

describe('ageBand', () => {
  it('gives 5-year bands, and Não informado without an age', () => {
    expect(ageBand(18)).toBe('15 a 19');
    expect(ageBand(20)).toBe('20 a 24');
    expect(ageBand(24)).toBe('20 a 24');
    expect(ageBand(65)).toBe('65 a 69');
    expect(ageBand(null)).toBe('Não informado');
    expect(ageBand(-1)).toBe('Não informado');
  });
});
