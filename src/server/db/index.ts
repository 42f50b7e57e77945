// One database interface over PostgreSQL (pg, when DATABASE_URL is set) and embedded PGlite.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { EventEmitter } from 'node:events';
import { MessageChannel, Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Request, WireError, WorkerInput } from './pgliteWorker.js';

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

import { jsonTimestamp, parsers } from './types.js';

export { jsonTimestamp };

// This module's own file URL, read once: written as `new URL('./x', import.meta.url)` a bundler (Vite,
// the UI tests' jsdom environment) would take the worker's files for browser assets.
const HERE = import.meta.url;
/** The embedded database's thread (TypeScript under tsx and vitest, JavaScript once built). */
const WORKER_MODULE = new URL(`./pgliteWorker${extname(fileURLToPath(HERE))}`, HERE);
const WORKER_ENTRY = new URL('./pgliteWorker.mjs', HERE);
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
 * PGlite on dataDir (memory when null), in a worker thread of its own (pgliteWorker.ts): its work
 * never runs on the server's event loop. `loadDataDir` starts it from a tarball of dumpDataDir()
 * instead of running initdb (the tests' migrated template: about a second instead of three);
 * `preload` names modules the worker imports first (the tests' clock, tests/helpers/clock.ts).
 * `thread: false` serves the same messages on this thread instead (sameThread): the test suites, on
 * a 2-core machine, where a thread per test database made the runs about 40% longer; `preload` is
 * then not needed (this thread has them) and not imported.
 */
export async function createPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob; preload?: URL[]; thread?: boolean } = {},
): Promise<Database> {
  let location = 'memory://';
  if (dataDir) {
    location = resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const input: WorkerInput = { location, loadDataDir, preload: options.preload?.map((u) => u.href) };
  const worker = options.thread === false ? await sameThread(input) : new Worker(WORKER_ENTRY, {
    workerData: { module: WORKER_MODULE.href, input },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: unknown) => void }>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | null = null;
  // The worker keeps the process alive only while an answer is awaited (as the in-process PGlite did).
  const settle = () => {
    if (!pending.size) worker.unref();
  };
  const ended = (e: Error) => {
    gone ??= Object.assign(new Error(`PGlite is closed: ${e.message}`), { [FROM_DATABASE]: true });
    for (const p of pending.values()) p.reject(gone);
    pending.clear();
  };
  const started = new Promise<void>((resolveStart, rejectStart) => {
    worker.on('message', (m: { id?: number; result?: unknown; error?: WireError; ready?: true; channel?: string; payload?: string }) => {
      if (m.ready) return resolveStart();
      if (m.channel !== undefined) return handlers.get(m.channel)?.forEach((h) => h(m.payload ?? ''));
      const call = pending.get(m.id!);
      if (!call) return;
      pending.delete(m.id!);
      settle();
      if (m.error) call.reject(Object.assign(new Error(m.error.message), m.error));
      else call.resolve(m.result);
    });
    worker.on('error', (e) => {
      rejectStart(e);
      ended(e);
    });
    worker.on('exit', (code) => {
      rejectStart(new Error(`PGlite worker exited (${code})`));
      ended(new Error(`worker exited (${code})`));
    });
  });
  const call = <T>(request: DistributiveOmit<Request, 'id'>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolveCall, rejectCall) => {
      pending.set(id, { resolve: resolveCall, reject: rejectCall });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  };
  await started;
  settle();
  const on = (tx?: number): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => call<QueryResult<T>>({ op: 'query', sql, params, tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });
  return {
    kind: 'pglite',
    ...on(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (e) {
        await call({ op: 'rollback', tx }).catch(() => {});
        throw e;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    async listen(channel, handler) {
      if (!handlers.has(channel)) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      await call({ op: 'listen', channel });
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    async close() {
      if (gone) return;
      await call({ op: 'close' }).catch(() => {});
      gone = Object.assign(new Error('PGlite is closed'), { [FROM_DATABASE]: true });
      await worker.terminate();
    },
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
  };
}

/**
 * The worker's side served on this thread, through a MessageChannel: the same messages and code
 * without a thread of its own (the tests, where a thread's start costs more than it saves).
 */
async function sameThread(input: WorkerInput) {
  const { port1, port2 } = new MessageChannel();
  const events = new EventEmitter();
  const mod: typeof import('./pgliteWorker.js') = await import(WORKER_MODULE.href);
  port2.on('message', (m) => events.emit('message', m));
  port2.on('close', () => events.emit('exit', 0));
  mod.serve(port1, input).then(
    () => events.emit('message', { ready: true }),
    (e) => events.emit('error', e),
  );
  return Object.assign(events, {
    postMessage: (m: unknown) => port2.postMessage(m),
    ref: () => port2.ref(),
    unref: () => port2.unref(),
    terminate: async () => {
      port1.close();
      port2.close();
    },
  });
}

export async function openDatabase(config: { databaseUrl?: string; dataDir?: string | null }): Promise<Database> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl);
  return createPglite(config.dataDir ?? null);
}
