// SQL for the generic list: filters (q, equality, IN, _gte/_lte/_gt/_lt), provider scope, sort, range.
// Every value is a parameter; identifiers come only from the schema.
import { MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import { coerceFilterValue } from '../schemas/validation.js';
import { baseType, quoteIdent, type Registry, type ResourceDef } from '../schemas/registry.js';

export interface Scope {
  /** Providers the caller may see; null means every provider (superadmin, or a system call). */
  providerIds: number[] | null;
  /** On resources with an owner column: the only owner whose rows the caller may see (null: any). */
  ownerId?: number | null;
}

export const ALL_PROVIDERS: Scope = { providerIds: null };

export class Params {
  values: unknown[] = [];
  add(value: unknown) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const OPERATORS: Record<string, string> = { _gte: '>=', _lte: '<=', _gt: '>', _lt: '<', _neq: '<>' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL condition restricting def's rows to the scope's providers (or null when unrestricted). */
export function scopeCondition(registry: Registry, def: ResourceDef, scope: Scope, params: Params, alias = '', mode: 'read' | 'write' = 'read'): string | null {
  const prefix = alias ? `${alias}.` : '';
  // One's own rows are one's own whatever the providers: the owner condition replaces the provider's.
  if (def.block.owner && scope.ownerId !== undefined && scope.ownerId !== null) {
    return `${prefix}${quoteIdent(def.block.owner)} = ${params.add(scope.ownerId)}::int`;
  }
  return providerCondition(registry, def, scope, params, prefix, mode);
}

function providerCondition(registry: Registry, def: ResourceDef, scope: Scope, params: Params, prefix: string, mode: 'read' | 'write'): string | null {
  if (scope.providerIds === null || !def.block.provider) return null;
  const p = def.block.provider;
  if (typeof p === 'string') {
    const column = def.columnByName.get(p)!;
    // A row linked to several providers (a user) is seen when one is the caller's, and written
    // only when all are.
    if (baseType(column.property) === 'array') {
      return `${prefix}${quoteIdent(p)} ${mode === 'write' ? '<@' : '&&'} ${params.add(scope.providerIds)}::int[]`;
    }
    return `${prefix}${quoteIdent(p)} = ANY(${params.add(scope.providerIds)}::int[])`;
  }
  const via = registry.get(p.via)!;
  const inner = providerCondition(registry, via, scope, params, 's.', 'read');
  return `${prefix}${quoteIdent(p.column)} IN (SELECT s.id FROM ${via.sqlTable} s WHERE ${inner ?? 'true'})`;
}

export function filterConditions(def: ResourceDef, filter: Record<string, unknown>, params: Params): string[] {
  const out: string[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === undefined) continue;
    if (key === 'q') {
      if (raw === null || raw === '') continue;
      if (typeof raw !== 'string' && typeof raw !== 'number') throw new HttpError(400, MSG.badQuery('filter'), { q: MSG.text });
      if (!def.block.search.length) throw new HttpError(400, MSG.unknownFilter('q'));
      const term = params.add(`%${escapeLike(String(raw).trim())}%`);
      out.push(`(${def.block.search.map((f) => `public.f_unaccent(${quoteIdent(f)}) LIKE public.f_unaccent(${term})`).join(' OR ')})`);
      continue;
    }
    let field = key;
    let op = '=';
    if (!def.columnByName.has(key)) {
      const suffix = Object.keys(OPERATORS).find((s) => key.endsWith(s) && def.columnByName.has(key.slice(0, -s.length)));
      if (!suffix) throw new HttpError(400, MSG.unknownFilter(key));
      field = key.slice(0, -suffix.length);
      op = OPERATORS[suffix];
    }
    const col = def.columnByName.get(field)!;
    const column = quoteIdent(field);
    const isArrayColumn = baseType(col.property) === 'array';
    if (isArrayColumn) {
      // Array columns: a value matches rows whose list contains it; a list matches rows sharing any.
      const itemDef = { ...def, columnByName: new Map([[field, { ...col, property: { ...(col.property.items as any), title: col.property.title } }]]) } as ResourceDef;
      const values = (Array.isArray(raw) ? raw : [raw]).map((v) => coerceFilterValue(itemDef, field, v));
      out.push(`${column} && ${params.add(values)}::${col.sqlTypes[0].slice(1)}[]`);
      continue;
    }
    if (Array.isArray(raw)) {
      if (op !== '=') throw new HttpError(400, MSG.badQuery('filter'), { [key]: MSG.invalid });
      const values = raw.map((v) => coerceFilterValue(def, field, v));
      if (!values.length) out.push('false');
      else out.push(`${column} = ANY(${params.add(values)}::${col.sqlTypes[0]}[])`);
      continue;
    }
    const value = coerceFilterValue(def, field, raw);
    if (value === null) out.push(op === '<>' ? `${column} IS NOT NULL` : `${column} IS NULL`);
    else out.push(`${column} ${op} ${params.add(value)}::${col.sqlTypes[0]}`);
  }
  return out;
}

export function whereClause(conditions: (string | null)[]) {
  const list = conditions.filter((c): c is string => Boolean(c));
  return list.length ? `WHERE ${list.join(' AND ')}` : '';
}

export function orderClause(def: ResourceDef, sort: { field: string; order: string }) {
  if (!def.columnByName.has(sort.field)) throw new HttpError(400, MSG.unknownSort(sort.field));
  const order = sort.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const tiebreak = sort.field === 'id' ? '' : `, "id" ${order}`;
  return `ORDER BY ${quoteIdent(sort.field)} ${order}${tiebreak}`;
}
