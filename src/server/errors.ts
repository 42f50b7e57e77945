// HTTP errors with pt-BR messages, and the mapping of database errors to them, so that no malformed
// request is ever answered with a 500.
import { MSG } from '../domain/messages.js';
import { FROM_DATABASE, type Queryable } from './db/index.js';
import type { Registry } from './schemas/registry.js';
import { ValidationError } from './schemas/validation.js';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
    /** A stable machine-readable code for clients (Cognito's exception names in sign-in flows). */
    public code?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, MSG.notFound);
export const badQuery = (param: string) => new HttpError(400, MSG.badQuery(param));

/** Seconds a client is told to wait (Retry-After) before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
export const databaseUnavailable = () => new HttpError(503, MSG.databaseUnavailable, undefined, 'DatabaseUnavailable');

// SQLSTATEs of a database going away or not there yet: connection exceptions (class 08), shutdown by
// an administrator or a crash, starting up or shutting down (57P01-57P03), too many connections.
const UNAVAILABLE_STATE = /^(08...|57P0[1-3]|53300)$/;
// Network errors: the database's only when its driver threw them (FROM_DATABASE).
const UNAVAILABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg, pg-pool and PGlite texts for a lost connection, a connect timeout, a pool or database closed.
const UNAVAILABLE_TEXT =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether an error says the database is away (restarting, stopped, unreachable, closed): the request
 * may succeed later, so it is answered 503 with Retry-After, never as an internal error.
 */
export function isDatabaseUnavailable(e: unknown, fromDatabase = false, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 3) return false;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; [FROM_DATABASE]?: boolean };
  const ours = fromDatabase || err[FROM_DATABASE] === true;
  if (typeof err.code === 'string' && (UNAVAILABLE_STATE.test(err.code) || (ours && UNAVAILABLE_NETWORK.has(err.code)))) return true;
  if (typeof err.message === 'string' && UNAVAILABLE_TEXT.test(err.message)) return true;
  // A timeout's cause, the attempts of a connection to each address of a name (AggregateError).
  const inner = [err.cause, ...(Array.isArray(err.errors) ? err.errors : [])];
  return inner.some((i) => isDatabaseUnavailable(i, ours, depth + 1));
}

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  where?: string;
}

/** Per database: the one column of each CHECK constraint over a single column (null when it covers more). */
const constraintColumns = new WeakMap<Queryable, Map<string, Promise<string | null>>>();

/**
 * A CHECK violation (23514) names its constraint, not its column: when the constraint covers one
 * column (pg_constraint.conkey), that column is set on the error, so it becomes a field error.
 * Constraints change only by migrations, so each is looked up once. Answers the error itself.
 */
export async function withConstraintColumn(q: Queryable, e: unknown): Promise<unknown> {
  const err = e as PgError;
  if (!err || err.code !== '23514' || err.column || !err.constraint || !err.schema || !err.table) return e;
  let cache = constraintColumns.get(q);
  if (!cache) constraintColumns.set(q, (cache = new Map()));
  const key = `${err.schema}.${err.table}.${err.constraint}`;
  if (!cache.has(key)) {
    const found = q
      .query<{ attname: string }>(
        `SELECT a.attname FROM pg_constraint c
           JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
          WHERE n.nspname = $1 AND r.relname = $2 AND c.conname = $3 AND c.contype = 'c'`,
        [err.schema, err.table, err.constraint],
      )
      .then(({ rows }) => (rows.length === 1 ? rows[0].attname : null));
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  const column = await cache.get(key)!.catch(() => null);
  if (column) err.column = column;
  return e;
}

/** Per database and table: each unique index's name and the columns it covers. */
const uniqueIndexCache = new WeakMap<Queryable, Map<string, Promise<Map<string, string[]>>>>();

/**
 * The unique indexes (and UNIQUE constraints) of a table, each with the columns it covers: its key
 * columns and the columns its expressions read (an index on `regexp_replace(cnpj, ...)` covers cnpj),
 * sorted. Indexes change only by migrations, so each table is read once per database.
 */
export function uniqueIndexesOf(q: Queryable, schema: string, table: string): Promise<Map<string, string[]>> {
  let cache = uniqueIndexCache.get(q);
  if (!cache) uniqueIndexCache.set(q, (cache = new Map()));
  const key = `${schema}.${table}`;
  let found = cache.get(key);
  if (!found) {
    found = q
      .query<{ index: string; columns: string[] }>(
        `SELECT c.relname AS index, array_agg(DISTINCT a.attname::text) AS columns
           FROM pg_index i
           JOIN pg_class c ON c.oid = i.indexrelid
           JOIN pg_class r ON r.oid = i.indrelid JOIN pg_namespace n ON n.oid = r.relnamespace
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum > 0
            AND (a.attnum = ANY (i.indkey::int2[])
                 OR (i.indexprs IS NOT NULL AND a.attnum IN (SELECT d.refobjsubid FROM pg_depend d
                       WHERE d.classid = 'pg_class'::regclass AND d.objid = i.indexrelid AND d.refobjid = i.indrelid)))
          WHERE n.nspname = $1 AND r.relname = $2 AND i.indisunique AND NOT i.indisprimary
          GROUP BY c.relname`,
        [schema, table],
      )
      .then(({ rows }) => new Map(rows.map((row) => [row.index, [...row.columns].sort()])));
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/**
 * A unique violation (23505) of an index whose columns are exactly the fields of one of the table's
 * schema's `x-intranet.unique` rules becomes that rule's refusal: 409 with its message, also on its
 * field (default the last of its fields). Answers that error, or the error itself.
 */
export async function withUniqueRule(q: Queryable, registry: Registry, e: unknown): Promise<unknown> {
  const err = e as PgError;
  if (!err || err.code !== '23505' || !err.constraint || !err.schema || !err.table) return e;
  const rules = registry.byTable.get(`${err.schema}.${err.table}`)?.block.unique;
  if (!rules?.length) return e;
  const columns = (await uniqueIndexesOf(q, err.schema, err.table).catch(() => null))?.get(err.constraint);
  if (!columns) return e;
  const rule = rules.find((r) => r.fields.length === columns.length && r.fields.every((f) => columns.includes(f)));
  if (!rule) return e;
  return new HttpError(409, rule.message, { [rule.field ?? rule.fields[rule.fields.length - 1]]: rule.message });
}

/**
 * A data exception (class 22) raised while PostgreSQL converts a parameter names it only by number
 * ("unnamed portal parameter $3"): names the column of that parameter, given the columns in
 * parameter order, so the error becomes a field error. Answers the error itself.
 */
export function withParameterColumn(e: unknown, columns: readonly string[]): unknown {
  const err = e as PgError;
  if (err && typeof err.code === 'string' && err.code.startsWith('22') && !err.column) {
    const n = /parameter \$(\d+)/.exec(err.where ?? '')?.[1];
    const column = n ? columns[Number(n) - 1] : undefined;
    if (column) err.column = column;
  }
  return e;
}

const fieldOfDetail = (detail?: string) => /Key \((?:lower\()?"?([a-z_][a-z0-9_]*)/i.exec(detail ?? '')?.[1];

/** Turns a PostgreSQL error caused by the request's data into a 4xx; returns null for real faults. */
export function fromDatabaseError(e: unknown, operation?: 'write' | 'delete'): HttpError | null {
  const err = e as PgError;
  if (!err || typeof err.code !== 'string' || err.code.length !== 5) return null;
  const field = err.column ?? fieldOfDetail(err.detail);
  const withField = (status: number, message: string, fieldMessage: string) =>
    new HttpError(status, message, field ? { [field]: fieldMessage } : undefined);
  switch (err.code) {
    case '23505':
      return withField(409, MSG.duplicate, MSG.duplicate);
    case '23503':
      return operation === 'delete' ? new HttpError(409, MSG.inUse) : withField(400, MSG.referenceMissing, MSG.referenceMissing);
    case '23502':
      return withField(400, MSG.requiredForm, MSG.required);
    // A trigger keeping an audit trail (a roulette's spins and draws, a closed round).
    case '23001':
      return new HttpError(409, MSG.keptForAudit);
    // A CHECK constraint: on its column when it covers one (withConstraintColumn).
    case '23514':
      return withField(400, MSG.failure, MSG.invalid);
  }
  // Class 22: data exceptions (bad number, text too long, invalid date, ...), on the field when known.
  if (err.code.startsWith('22')) return withField(400, MSG.badRequest, MSG.invalid);
  return null;
}

export function toHttpError(e: unknown, operation?: 'write' | 'delete'): HttpError | ValidationError | null {
  if (e instanceof HttpError || e instanceof ValidationError) return e;
  if (isDatabaseUnavailable(e)) return databaseUnavailable();
  return fromDatabaseError(e, operation);
}
