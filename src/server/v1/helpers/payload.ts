// Reading the loose payloads of the documented calls (every v1 area, and the services that take a
// call's body as it comes): ids, lists of ids, and the Hasura-style filters
// the screens send ({ campo: valor }, { campo: [valores] }, { campo: { _eq | _in | _ilike } }).
// Every value becomes a parameter; a bad one is a 400 on its field, never a 500.
import { MSG } from '../../../domain/messages.js';
import { HttpError } from '../../errors.js';
import { Params } from '../../resources/query.js';

export const MAX_INT = 2_147_483_647;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const badField = (field: string, message: string = MSG.invalid) => new HttpError(400, MSG.badRequest, { [field]: message });

/** A positive integer id (numbers or digit strings). */
export function toId(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_INT) {
    throw badField(field, value === undefined || value === null || value === '' ? MSG.required : MSG.integer);
  }
  return n;
}

export function optionalId(value: unknown, field: string): number | undefined {
  return value === undefined || value === null || value === '' ? undefined : toId(value, field);
}

/** A list of ids ([1, 2], a single id, or { _in: [...] }), without repeats, order kept. */
export function toIds(value: unknown, field: string, { min = 0, max = 1000 } = {}): number[] {
  const raw = isObject(value) && '_in' in value ? value._in : Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  if (!Array.isArray(raw)) throw badField(field, MSG.list);
  if (raw.length > max) throw badField(field, MSG.maxItems(max));
  const ids = [...new Set(raw.map((v) => toId(v, field)))];
  if (ids.length < min) throw badField(field, min === 1 ? MSG.required : MSG.minItems(min));
  return ids;
}

export function toBoolean(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badField(field, MSG.boolean);
}

export function toInt(value: unknown, field: string, { min = 0, max = MAX_INT, fallback }: { min?: number; max?: number; fallback?: number } = {}): number {
  if ((value === undefined || value === null || value === '') && fallback !== undefined) return fallback;
  const n = typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw badField(field, MSG.integer);
  if (n < min) throw badField(field, MSG.minimum(min));
  if (n > max) throw badField(field, MSG.maximum(max));
  return n;
}

export type FilterKind = 'id' | 'boolean' | 'text' | 'date';

/** The filtro object of a call (absent: {}); it may come as filtro, where or the body itself. */
export function filterOf(body: unknown, ...keys: string[]): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw new HttpError(400, MSG.badRequest);
  for (const k of keys.length ? keys : ['filtro', 'where']) {
    if (k in body) {
      const f = body[k];
      if (f === undefined || f === null) return {};
      if (!isObject(f)) throw badField(k, MSG.invalid);
      return f;
    }
  }
  return {};
}

const unwrap = (value: unknown): { op: '_eq' | '_in' | '_ilike' | '_gte' | '_lte'; value: unknown } => {
  if (isObject(value)) {
    const ops = Object.keys(value);
    if (ops.length !== 1 || !['_eq', '_in', '_ilike', '_gte', '_lte'].includes(ops[0])) throw new HttpError(400, MSG.badRequest);
    return { op: ops[0] as '_eq', value: value[ops[0]] };
  }
  return { op: Array.isArray(value) ? '_in' : '_eq', value };
};

/**
 * SQL conditions for a filtro against known fields (field -> [SQL expression, kind]). Unknown fields
 * are refused, so a typo never silently widens a list.
 */
export function filterConditions(filtro: Record<string, unknown>, fields: Record<string, [string, FilterKind]>, p: Params, ignore: string[] = []): string[] {
  const out: string[] = [];
  for (const [field, raw] of Object.entries(filtro)) {
    if (raw === undefined || ignore.includes(field)) continue;
    const known = fields[field];
    if (!known) throw badField(field, MSG.unknownFilter(field));
    const [expr, kind] = known;
    let { op, value } = unwrap(raw);
    if (value === null) {
      out.push(`${expr} IS NULL`);
      continue;
    }
    if (kind === 'text') {
      if (typeof value !== 'string' && typeof value !== 'number') throw badField(field, MSG.text);
      const term = String(value).replace(/[\\%_]/g, (c) => `\\${c}`).trim();
      out.push(`public.f_unaccent(${expr}) LIKE public.f_unaccent(${p.add(`%${term}%`)})`);
      continue;
    }
    if (kind === 'boolean') {
      out.push(`${expr} = ${p.add(toBoolean(value, field))}`);
      continue;
    }
    if (kind === 'date') {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) throw badField(field, MSG.date);
      const sqlOp = op === '_gte' ? '>=' : op === '_lte' ? '<=' : '=';
      out.push(`${expr} ${sqlOp} ${p.add(value.slice(0, 10))}::date`);
      continue;
    }
    if (op === '_in') {
      out.push(`${expr} = ANY(${p.add(toIds(value, field))}::int[])`);
      continue;
    }
    const sqlOp = op === '_gte' ? '>=' : op === '_lte' ? '<=' : '=';
    out.push(`${expr} ${sqlOp} ${p.add(toId(value, field))}`);
  }
  return out;
}
