// How both drivers answer the database's types (pg on PostgreSQL, PGlite in its worker thread).
import pg from 'pg';

// Types answered as JSON-friendly values on both drivers: bigint and numeric as numbers,
// dates as 'YYYY-MM-DD' text (no time-zone shift), timestamps as ISO 8601 text in UTC
// ('2026-05-03T12:34:56.123Z'). Timestamps are text, not Date, so that a stored row validates against
// its own schema (format date-time) and REST, GraphQL and the audit data all answer the same string
// (the audit's old_data/new_data hold to_jsonb's form, '…56.123456+00:00', turned by jsonTimestamp()
// into this one when the history answers them).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIME = 1083;
const TIMESTAMP = 1114;
const TIMESTAMP_ARRAY = 1115;
const TIMESTAMPTZ = 1184;
const TIMESTAMPTZ_ARRAY = 1185;

/** pg's own timestamp parsing (offsets, BC years, fractions), turned into ISO text; infinity stays text. */
const isoOf = (parse: (v: string) => unknown) => (v: string) => {
  const d = parse(v);
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : v;
};
/**
 * timestamptz as the server writes it in UTC ('2026-05-03 12:34:56.123456+00'), turned into ISO text
 * without building a Date (six times cheaper: a list page has one or more per row); any other shape
 * (another session time zone, BC, infinity) goes through pg's parser.
 */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
const timestamptzOf = (parse: (v: string) => unknown) => {
  const slow = isoOf(parse);
  return (v: string) => {
    const m = UTC_TIMESTAMP.exec(v);
    return m ? `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z` : slow(v);
  };
};
/** A timestamp as to_jsonb writes it ('2026-05-03T12:34:56.123456+00:00'), as the drivers answer one; infinity stays. */
export const jsonTimestamp = (v: string) => {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};
const isoArrayOf = (parse: (v: string) => unknown) => (v: string) =>
  (parse(v) as unknown[]).map((d) => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : typeof d === 'number' ? (d > 0 ? 'infinity' : '-infinity') : d));

export const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
  [TIME]: (v) => v,
  [TIMESTAMP]: isoOf(pg.types.getTypeParser(TIMESTAMP)),
  [TIMESTAMPTZ]: timestamptzOf(pg.types.getTypeParser(TIMESTAMPTZ)),
  [TIMESTAMP_ARRAY]: isoArrayOf(pg.types.getTypeParser(TIMESTAMP_ARRAY as never)),
  [TIMESTAMPTZ_ARRAY]: isoArrayOf(pg.types.getTypeParser(TIMESTAMPTZ_ARRAY as never)),
};

