// One database interface over PostgreSQL (pg, when DATABASE_URL is set) and embedded PGlite.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes for substring search (migration 0062); PostgreSQL ships it as a contrib extension.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements separated by ';' (migrations); no parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  kind: 'postgres' | 'pglite';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls handler with each NOTIFY payload of channel. onReconnect is called after a lost listening
   * connection is back: notifications sent meanwhile are gone, so derived state must be read again.
   */
  listen(channel: string, handler: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (a copy another PGlite can start from). */
  dumpDataDir?(): Promise<Blob>;
}

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

const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
  [TIME]: (v) => v,
  [TIMESTAMP]: isoOf(pg.types.getTypeParser(TIMESTAMP)),
  [TIMESTAMPTZ]: timestamptzOf(pg.types.getTypeParser(TIMESTAMPTZ)),
  [TIMESTAMP_ARRAY]: isoArrayOf(pg.types.getTypeParser(TIMESTAMP_ARRAY as never)),
  [TIMESTAMPTZ_ARRAY]: isoArrayOf(pg.types.getTypeParser(TIMESTAMPTZ_ARRAY as never)),
};

/**
 * Set on each error PostgreSQL's driver throws: a network error (ECONNRESET, ETIMEDOUT) carrying it is
 * the database's, not the mail server's or S3's (errors.ts, isDatabaseUnavailable).
 */
export const FROM_DATABASE = Symbol('intranet.database');
const fromDatabase = (e: unknown) => {
  if (e && typeof e === 'object') (e as Record<symbol, unknown>)[FROM_DATABASE] = true;
  return e;
};
/** While the database is away, a request waits this long for a connection, then answers 503. */
const CONNECT_TIMEOUT_MS = 5_000;

export function createPostgres(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)): Database {
  const types = {
    getTypeParser: (oid: number, format?: any) => parsers[oid] ?? pg.types.getTypeParser(oid, format),
  };
  // keepAlive: a server gone without closing its connections (a network cut) is noticed.
  const options = { connectionString: url, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true };
  const pool = new pg.Pool({ ...options, max: poolSize });
  // An idle client that loses its connection must not take the process down (pg-pool discards it).
  pool.on('error', () => {});
  const wrap = (q: { query: (sql: string, params?: unknown[]) => Promise<pg.QueryResult> }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query(sql, params as any[]).catch((e) => Promise.reject(fromDatabase(e)));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await q.query(sql).catch((e) => Promise.reject(fromDatabase(e)));
    },
  });
  // One dedicated connection per process holds the LISTENs (a pooled client would drop them).
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  async function connectListener() {
    const client = new pg.Client(options);
    client.on('notification', (msg) => handlers.get(msg.channel)?.forEach((h) => h(msg.payload ?? '')));
    // Without an 'error' listener a dropped connection would take the process down.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      client.end().catch(() => {});
      throw e;
    }
    return client;
  }
  // A restarted or failed-over server must not silence realtime events: reconnect, listen again,
  // at least every 5 s, so that events come back within seconds of the database's return.
  function lost(client: pg.Client) {
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => {});
    scheduleReconnect(500);
  }
  function scheduleReconnect(delay: number) {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await ensureListener();
      } catch {
        scheduleReconnect(Math.min(delay * 2, 5_000));
        return;
      }
      reconnectHandlers.forEach((h) => h());
    }, delay);
    retryTimer.unref();
  }
  async function ensureListener() {
    if (listener) return listener;
    connecting ??= connectListener()
      .then((client) => {
        if (closed) {
          client.end().catch(() => {});
          throw new Error('database closed');
        }
        listener = client;
        return client;
      })
      .finally(() => (connecting = null));
    return connecting;
  }
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect().catch((e) => Promise.reject(fromDatabase(e)));
      // pg-pool listens to its clients' errors only while they are idle: a checked-out client losing
      // its connection (a restart: 57P01) would emit an unhandled 'error' that ends the process.
      let broken: unknown;
      const onError = (e: Error) => (broken = e);
      client.on('error', onError);
      const tx = wrap(client);
      try {
        await tx.query('BEGIN');
        const result = await fn(tx);
        // A COMMIT that fails (the connection lost meanwhile) rejects: the write is not acknowledged.
        await tx.query('COMMIT');
        return result;
      } catch (e) {
        if (!broken) await client.query('ROLLBACK').catch((err) => (broken = err));
        throw e;
      } finally {
        client.removeListener('error', onError);
        // With an error, pg-pool discards the client instead of handing a dead connection out again.
        client.release(broken as Error | undefined);
      }
    },
    async listen(channel, handler, onReconnect) {
      const first = !handlers.has(channel);
      if (first) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      if (onReconnect) reconnectHandlers.add(onReconnect);
      const client = await ensureListener();
      if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        handlers.get(channel)?.delete(handler);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const client = listener ?? (await connecting?.catch(() => null));
      listener = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * PGlite on dataDir (memory when null). `loadDataDir` starts it from a tarball of dumpDataDir() instead
 * of running initdb (the tests' migrated template: about a second instead of three).
 */
export async function createPglite(dataDir: string | null, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  let location = 'memory://';
  if (dataDir) {
    location = resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const db = await PGlite.create(location, { parsers, extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as any[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async listen(channel, handler) {
      const unlisten = await db.listen(channel, handler);
      return async () => unlisten();
    },
    async close() {
      await db.close();
    },
    dumpDataDir: async () => (await db.dumpDataDir('none')) as Blob,
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir?: string | null }): Promise<Database> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl);
  return createPglite(config.dataDir ?? null);
}
