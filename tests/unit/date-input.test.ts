// The text of the forms' date inputs (foundation spec, section 9: "Dates DD/MM/YYYY; with time
// DD/MM/YYYY - HH:MM"): typed text to the ISO value the server keeps, and back.
import { afterEach, describe, expect, it } from 'vitest';
import { startAfterEnd } from '../../src/domain/dateRange.js';
import {
  applyMask,
  DATE_MASK,
  DATE_TIME_MASK,
  formatDateInput,
  formatDateTimeInput,
  maskDateText,
  parseDateInput,
  parseDateTimeInput,
  pickerValue,
} from '../../src/domain/format.js';

describe('dates typed DD/MM/YYYY', () => {
  it('a whole, real date is its ISO day', () => {
    expect(parseDateInput('15/03/2024')).toBe('2024-03-15');
    expect(parseDateInput(' 01/01/1990 ')).toBe('1990-01-01');
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
    expect(parseDateInput('31/12/9999')).toBe('9999-12-31');
  });

  it('anything else is null: impossible days, half-typed text, other shapes, keyboard slips in the year', () => {
    for (const text of ['31/02/2024', '29/02/2023', '00/01/2024', '15/13/2024', '15/00/2024', '32/01/2024', '15/03', '15/03/24', '', '2024-03-15', '15-03-2024', '15/03/0202', 'ab/cd/efgh']) {
      expect(parseDateInput(text), text).toBeNull();
    }
  });

  it('a stored day (or the day of a timestamp) shows DD/MM/YYYY; nothing else shows', () => {
    expect(formatDateInput('2024-03-15')).toBe('15/03/2024');
    expect(formatDateInput('2024-03-15T00:00:00.000Z')).toBe('15/03/2024');
    for (const value of [null, undefined, '', '2024-02-30', '15/03/2024', 20240315, new Date(NaN)]) expect(formatDateInput(value), String(value)).toBe('');
  });

  it('round trip', () => {
    for (const day of ['2024-03-15', '1999-12-31', '2000-02-29']) expect(parseDateInput(formatDateInput(day))).toBe(day);
  });

  it('the mask places the digits as they are typed', () => {
    expect(DATE_MASK).toBe('##/##/####');
    expect(applyMask(DATE_MASK, '15032024')).toBe('15/03/2024');
    expect(maskDateText('1503')).toBe('15/03');
    expect(maskDateText('15/03/20241')).toBe('15/03/2024');
    expect(maskDateText('15/0')).toBe('15/0');
    // A pasted ISO day is read as that day.
    expect(maskDateText('2024-03-15')).toBe('15/03/2024');
  });
});

describe('dates and times typed DD/MM/YYYY - HH:MM', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('a whole, real date and time is the ISO instant of that local time', () => {
    expect(parseDateTimeInput('15/03/2024 - 14:30')).toBe(new Date(2024, 2, 15, 14, 30).toISOString());
    expect(parseDateTimeInput('31/12/2024 - 23:59')).toBe(new Date(2024, 11, 31, 23, 59).toISOString());
    process.env.TZ = 'America/Sao_Paulo';
    expect(parseDateTimeInput('15/03/2024 - 14:30')).toBe('2024-03-15T17:30:00.000Z');
  });

  it('anything else is null, a time skipped by a clock change too', () => {
    for (const text of ['15/03/2024 - 24:00', '15/03/2024 - 12:60', '31/02/2024 - 10:00', '15/03/2024 - 1', '15/03/2024', '15/03/2024 14:30', '']) {
      expect(parseDateTimeInput(text), text).toBeNull();
    }
    // Daylight saving time began at midnight on 04/11/2018 in São Paulo: 00:30 never happened.
    process.env.TZ = 'America/Sao_Paulo';
    expect(parseDateTimeInput('04/11/2018 - 00:30')).toBeNull();
    expect(parseDateTimeInput('04/11/2018 - 01:30')).toBe('2018-11-04T03:30:00.000Z');
  });

  it('a stored instant shows as its local date and time', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(formatDateTimeInput('2024-03-15T17:30:00.000Z')).toBe('15/03/2024 - 14:30');
    expect(formatDateTimeInput('2024-03-15T17:30:00+00:00')).toBe('15/03/2024 - 14:30');
    expect(formatDateTimeInput(new Date('2024-03-15T17:30:00Z'))).toBe('15/03/2024 - 14:30');
    for (const value of [null, '', '2024-03-15', '15/03/2024 - 14:30', 'amanhã', 1710523800000]) expect(formatDateTimeInput(value), String(value)).toBe('');
    expect(parseDateTimeInput(formatDateTimeInput('2024-03-15T17:30:00.000Z'))).toBe('2024-03-15T17:30:00.000Z');
  });

  it('the mask places the digits as they are typed', () => {
    expect(DATE_TIME_MASK).toBe('##/##/#### - ##:##');
    expect(maskDateText('150320241430', true)).toBe('15/03/2024 - 14:30');
    expect(maskDateText('15/03/2024 - 1', true)).toBe('15/03/2024 - 1');
    expect(maskDateText('150320241', true)).toBe('15/03/2024 - 1');
  });
});

describe("the browser's picker", () => {
  it('opens on the stored value and its choice reads back as the typed text', () => {
    expect(pickerValue('2024-03-15')).toBe('2024-03-15');
    expect(pickerValue(null)).toBe('');
    expect(pickerValue('31/02/2024')).toBe('');
    const instant = new Date(2024, 2, 15, 14, 30).toISOString();
    expect(pickerValue(instant, true)).toBe('2024-03-15T14:30');
    expect(maskDateText('2024-03-15')).toBe('15/03/2024');
    expect(maskDateText('2024-03-15T14:30', true)).toBe('15/03/2024 - 14:30');
    expect(maskDateText('2024-03-15', true)).toBe('15/03/2024 - 00:00');
  });
});

describe('the order of a period while a date is being typed', () => {
  it('only ISO values are compared: half-typed text (that Date.parse would read as some day) is no date yet', () => {
    expect(Number.isNaN(Date.parse('01/03'))).toBe(false);
    expect(startAfterEnd('01/03', '2000-01-01')).toBe(false);
    expect(startAfterEnd('2024-03-01', '12/31/2023')).toBe(false);
    expect(startAfterEnd('2024-03-01', '2024-02-29')).toBe(true);
  });
});
