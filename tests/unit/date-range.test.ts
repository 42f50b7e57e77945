import { describe, expect, it } from 'vitest';
import { dateRangeErrors, dayBounds, DATE_RANGE_MESSAGE, startAfterEnd } from '../../src/domain/dateRange.js';
import { formatShortDate, parseShortDate } from '../../src/domain/format.js';
import { createRegistry, loadMetaSchema, type EntitySchema } from '../../src/server/schemas/registry.js';
import { validateRecord, ValidationError } from '../../src/server/schemas/validation.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';

// An event with a period, as the marketing document describes (data_inicio, data_fim).
const events = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Evento',
  type: 'object',
  properties: {
    id: { type: 'integer', title: 'ID', readOnly: true },
    evento: { type: 'string', title: 'Evento', minLength: 2 },
    data_inicio: { type: 'string', format: 'date', title: 'Início' },
    data_fim: { type: ['string', 'null'], format: 'date', title: 'Fim' },
  },
  required: ['evento', 'data_inicio'],
  additionalProperties: false,
  'x-intranet': {
    resource: 'events',
    table: 'marketing.evento',
    module: 'marketing',
    labels: { singular: 'Evento', plural: 'Eventos' },
    search: ['evento'],
    list: { columns: ['evento', 'data_inicio'], sort: { field: 'data_inicio', order: 'DESC' }, filters: ['data_inicio'] },
    dateRanges: [{ start: 'data_inicio', end: 'data_fim', title: 'Período', message: 'O fim não pode ser antes do início!' }],
    history: true,
    provider: null,
    access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
  },
} as unknown as EntitySchema;

describe('date ranges', () => {
  it('start not after end, for dates and date-times', () => {
    expect(startAfterEnd('2024-03-02', '2024-03-01')).toBe(true);
    expect(startAfterEnd('2024-03-01', '2024-03-01')).toBe(false);
    expect(startAfterEnd('2024-03-01', null)).toBe(false);
    expect(startAfterEnd('2024-03-01T10:00:00Z', '2024-03-01T09:00:00Z')).toBe(true);
    expect(dateRangeErrors([{ start: 'a', end: 'b' }], { a: '2024-05-02', b: '2024-05-01' })).toEqual({ b: DATE_RANGE_MESSAGE });
    expect(dateRangeErrors([{ start: 'a', end: 'b' }], { a: '2024-05-01', b: '2024-05-02' })).toEqual({});
    const day = dayBounds('2024-05-01')!;
    expect(new Date(day.first).getHours()).toBe(0);
    expect(new Date(day.last).getHours()).toBe(23);
    expect(new Date(day.last).getTime() - new Date(day.first).getTime()).toBe(86_399_999);
    expect(dayBounds('01/05/2024')).toBeNull();
  });

  it('the meta-schema accepts x-intranet.dateRanges and the server refuses a start after the end', () => {
    const registry = createRegistry([{ schema: events, file: 'marketing/events.json' }], loadMetaSchema(SCHEMAS_DIR));
    const def = registry.get('events')!;
    expect(def).toBeTruthy();
    expect(validateRecord(def, { evento: 'Feira', data_inicio: '2024-05-01', data_fim: '2024-05-03' }, 'create')).toMatchObject({ data_fim: '2024-05-03' });
    try {
      validateRecord(def, { evento: 'Feira', data_inicio: '2024-05-04', data_fim: '2024-05-03' }, 'create');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).errors).toEqual({ data_fim: 'O fim não pode ser antes do início!' });
    }
    // An update is checked with the stored values it keeps.
    const existing = { id: 1, evento: 'Feira', data_inicio: '2024-05-01', data_fim: '2024-05-03' };
    expect(() => validateRecord(def, { data_inicio: '2024-06-01' }, 'update', existing)).toThrow(ValidationError);
    expect(() => createRegistry([{ schema: { ...events, 'x-intranet': { ...events['x-intranet'], dateRanges: [{ start: 'data_inicio' }] } } as EntitySchema, file: 'x.json' }], loadMetaSchema(SCHEMAS_DIR))).toThrow();
  });
});

describe('list date filters typed DD/MM/YY', () => {
  const today = new Date(2026, 5, 10);
  it('reads 20YY, or 19YY when 20YY is more than 15 years ahead of today', () => {
    expect(parseShortDate('15/01/24', today)).toBe('2024-01-15');
    expect(parseShortDate('31/12/41', today)).toBe('2041-12-31');
    expect(parseShortDate('01/01/42', today)).toBe('1942-01-01');
    expect(parseShortDate('07/09/99', today)).toBe('1999-09-07');
    expect(parseShortDate('29/02/00', today)).toBe('2000-02-29');
  });

  it('refuses text that is not a whole, real date', () => {
    for (const text of ['', '15/01', '15/01/2024', '31/02/24', '29/02/25', '00/01/24', '15/13/24', 'aa/bb/cc']) expect(parseShortDate(text, today), text).toBeNull();
  });

  it('shows a date, or the local day of an instant, as DD/MM/YY', () => {
    expect(formatShortDate('2024-01-15')).toBe('15/01/24');
    expect(formatShortDate('1999-09-07')).toBe('07/09/99');
    expect(formatShortDate(new Date(2024, 1, 1, 23, 59, 59, 999).toISOString())).toBe('01/02/24');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('amanhã')).toBe('');
  });
});
