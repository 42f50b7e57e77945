// SQL for the generic list: filters (q, equality, IN, _gte/_lte/_gt/_lt), provider scope, sort, range.
// Every value is a parameter; identifiers come only from the schema.
import { MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import { coerceFilterValue } from '../schemas/validation.js';
import { baseType, quoteIdent, resolveFieldPath, type Registry, type ResourceDef, type SharedWithRule } from '../schemas/registry.js';

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

const OPERATORS: Record<string, string> = { _gte: '>=', _lte: '<=', _gt: '>', _lt: '<', _neq: '<>', _contains: 'contains' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A field the API answers, so one a list may filter, search or sort by: write-only fields (secrets) are neither. */
const answered = (def: ResourceDef, field: string) => def.columnByName.has(field) && !def.columnByName.get(field)!.property.writeOnly;

/** The SQL condition restricting def's rows to the scope's providers (or null when unrestricted). */
export function scopeCondition(registry: Registry, def: ResourceDef, scope: Scope, params: Params, alias = '', mode: 'read' | 'write' = 'read'): string | null {
  const prefix = alias ? `${alias}.` : '';
  // One's own rows are one's own whatever the providers: the owner condition replaces the provider's.
  if (def.block.owner && scope.ownerId !== undefined && scope.ownerId !== null) {
    const own = `${prefix}${quoteIdent(def.block.owner)} = ${params.add(scope.ownerId)}::int`;
    // sharedWith: the users a column (or a referenced record's list) names also reach the row, within their providers.
    const shared = (def.block.sharedWith ?? [])
      .filter((rule) => mode === 'read' || rule.write)
      .map((rule) => {
        const named = namedBy(registry, rule, scope.ownerId!, params, prefix);
        const providers = providerCondition(registry, def, scope, params, prefix, mode);
        return providers ? `(${named} AND ${providers})` : named;
      });
    return shared.length ? `(${[own, ...shared].join(' OR ')})` : own;
  }
  return providerCondition(registry, def, scope, params, prefix, mode);
}

/** The rows a sharedWith rule gives the user: the column names them, or the referenced record's list does. */
function namedBy(registry: Registry, rule: SharedWithRule, userId: number, params: Params, prefix: string): string {
  const user = params.add(userId);
  return rule.via
    ? `${prefix}${quoteIdent(rule.column)} IN (SELECT v.id FROM ${registry.get(rule.via)!.sqlTable} v WHERE ${user}::int = ANY(v.${quoteIdent(rule.field!)}))`
    : `${prefix}${quoteIdent(rule.column)} = ${user}::int`;
}

/**
 * The rows of def whose writing sharedWith rules name the user (an incident's category's gestores),
 * whatever the providers (their scope is checked apart); null when def has no such rule.
 */
export function sharedWriteCondition(registry: Registry, def: ResourceDef, userId: number, params: Params, alias = ''): string | null {
  const prefix = alias ? `${alias}.` : '';
  const named = (def.block.sharedWith ?? []).filter((rule) => rule.write).map((rule) => namedBy(registry, rule, userId, params, prefix));
  return named.length ? `(${named.join(' OR ')})` : null;
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
    const mine = `${prefix}${quoteIdent(p)} = ANY(${params.add(scope.providerIds)}::int[])`;
    // A shared register's row without a provider is every provider's: read by all, written by the superadmin.
    return def.block.providerShared && mode === 'read' ? `(${prefix}${quoteIdent(p)} IS NULL OR ${mine})` : mine;
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
      const search = def.block.search.filter((f) => answered(def, f));
      if (!search.length) throw new HttpError(400, MSG.unknownFilter('q'));
      const term = params.add(`%${escapeLike(String(raw).trim())}%`);
      out.push(`(${search.map((f) => `public.f_unaccent(${quoteIdent(f)}) LIKE public.f_unaccent(${term})`).join(' OR ')})`);
      continue;
    }
    let field = key;
    let op = '=';
    if (!answered(def, key)) {
      const suffix = Object.keys(OPERATORS).find((s) => key.endsWith(s) && answered(def, key.slice(0, -s.length)));
      if (!suffix) throw new HttpError(400, MSG.unknownFilter(key));
      field = key.slice(0, -suffix.length);
      op = OPERATORS[suffix];
    }
    const col = def.columnByName.get(field)!;
    const column = quoteIdent(field);
    if (op === 'contains') {
      // A part of a text, accent- and case-insensitive (the list's text filter on a searched field).
      if (col.sqlTypes[0] !== 'text' || (typeof raw !== 'string' && typeof raw !== 'number')) throw new HttpError(400, MSG.badQuery('filter'), { [key]: MSG.invalid });
      const text = String(raw).trim();
      if (text) out.push(`public.f_unaccent(${column}) LIKE public.f_unaccent(${params.add(`%${escapeLike(text)}%`)})`);
      continue;
    }
    const isArrayColumn = baseType(col.property) === 'array';
    if (isArrayColumn) {
      out.push(arrayCondition(def, key, field, op, raw, params));
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

/** Why a comparison suffix is refused on a list field (pt-BR, shown by the admin's toast). */
export const listSuffixMessage = (key: string, field: string) =>
  `Filtro "${key}" inválido: o campo "${field}" é uma lista. Use "${field}" (contém algum dos valores) ou "${field}_neq" (não contém nenhum).`;

/**
 * Array columns: `field` matches rows whose list shares a value with the given one(s) (overlaps);
 * `field_neq` matches rows whose list shares none (a missing list, like a missing scalar, matches
 * neither). null asks
 * whether the list itself is missing. Order comparisons mean nothing on a list: 400.
 */
function arrayCondition(def: ResourceDef, key: string, field: string, op: string, raw: unknown, params: Params) {
  if (op !== '=' && op !== '<>') throw new HttpError(400, listSuffixMessage(key, field), { [key]: MSG.invalid });
  const column = quoteIdent(field);
  if (raw === null) return op === '=' ? `${column} IS NULL` : `${column} IS NOT NULL`;
  const col = def.columnByName.get(field)!;
  // Lists of objects (jsonb) have no value to compare.
  if (!col.sqlTypes[0].startsWith('_')) throw new HttpError(400, MSG.unknownFilter(key));
  const itemDef = { ...def, columnByName: new Map([[field, { ...col, property: { ...(col.property.items as any), title: col.property.title } }]]) } as ResourceDef;
  const values = (Array.isArray(raw) ? raw : [raw]).map((v) => {
    const value = coerceFilterValue(itemDef, field, v);
    if (value === null) throw new HttpError(400, MSG.badQuery('filter'), { [key]: MSG.invalid });
    return value;
  });
  const overlaps = `${column} && ${params.add(values)}::${col.sqlTypes[0].slice(1)}[]`;
  return op === '=' ? overlaps : `NOT (${overlaps})`;
}

export function whereClause(conditions: (string | null)[]) {
  const list = conditions.filter((c): c is string => Boolean(c));
  return list.length ? `WHERE ${list.join(' AND ')}` : '';
}

/**
 * ORDER BY of a list, with the id as the last tie-breaker. `byLabel` (REST, the admin's tables): a
 * reference field sorts by the label the screens show for it (the referenced record's
 * `references.<field>.label`), and a path through references ('id_setor.id_departamento.id_empresa')
 * by the value at its end (a reference there again by its label), each hop a correlated subquery on
 * the referenced table's primary key, read within the caller's scope; the reference's own id comes
 * next, so equal labels keep a stable order. A plain field is its column, as before.
 */
export function orderClause(def: ResourceDef, sort: { field: string; order: string }, labels?: { registry: Registry; scope: Scope; params: Params }) {
  const order = sort.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const tiebreak = (column: string) => (column === 'id' ? '' : `, "id" ${order}`);
  const isReference = Boolean(def.block.references?.[sort.field]);
  if (!labels || (!isReference && !sort.field.includes('.'))) {
    if (!answered(def, sort.field)) throw new HttpError(400, MSG.unknownSort(sort.field));
    return `ORDER BY ${quoteIdent(sort.field)} ${order}${tiebreak(sort.field)}`;
  }
  const steps = resolveFieldPath(labels.registry.byName, def, sort.field);
  if (typeof steps === 'string') throw new HttpError(400, MSG.unknownSort(sort.field));
  const hop = (target: ResourceDef, column: string, key: string, n: number, list: boolean) => {
    const alias = `r${n}`;
    const scope = scopeCondition(labels.registry, target, labels.scope, labels.params, alias);
    const match = list ? `${alias}."id" = ANY(${key})` : `${alias}."id" = ${key}`;
    const value = `${alias}.${quoteIdent(column)}`;
    return `(SELECT ${list ? `min(${value})` : value} FROM ${target.readSql} ${alias} WHERE ${match}${scope ? ` AND ${scope}` : ''})`;
  };
  let expr = `${def.readSql}.${quoteIdent(steps[0].field)}`;
  for (let i = 1; i < steps.length; i++) expr = hop(steps[i].def, steps[i].field, expr, i, false);
  const last = steps[steps.length - 1];
  const ref = last.def.block.references?.[last.field];
  if (ref) {
    const list = baseType(last.def.columnByName.get(last.field)!.property) === 'array';
    expr = hop(labels.registry.get(ref.resource)!, ref.label, expr, steps.length, list);
  }
  return `ORDER BY ${expr} ${order}, ${quoteIdent(steps[0].field)} ${order}${tiebreak(steps[0].field)}`;
}
