// The embedded database's own thread: PGlite (Postgres compiled to WASM) runs here, never on the
// server's event loop, so a long statement (an import's batch, a report) makes requests wait for the
// database at most, never for the server. The server talks to it through messages (pgliteClient.ts):
// a query, a statement list, a transaction's begin/commit/rollback, LISTEN, a dump of the data
// directory, close. PGlite's own lock orders them: a transaction holds the database until it ends,
// and queries outside it wait, as on the in-process PGlite before.
import type { MessagePort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
// Trigram indexes for substring search (migration 0062); PostgreSQL ships it as a contrib extension.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parsers } from './types.js';

export interface WorkerInput {
  /** 'memory://' or a directory. */
  location: string;
  /** A tarball of dumpDataDir() to start from instead of running initdb. */
  loadDataDir?: ArrayBuffer;
  /** Modules imported before the database starts (the tests' clock). */
  preload?: string[];
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: PostgreSQL's fields kept (code, constraint, detail...). */
export type WireError = { message: string } & Record<string, unknown>;

const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine'];

function wireError(e: unknown): WireError {
  const err = (e && typeof e === 'object' ? e : { message: String(e) }) as Record<string, unknown>;
  const out: WireError = { message: String(err.message ?? e) };
  for (const f of ERROR_FIELDS) if (err[f] !== undefined && typeof err[f] !== 'object') out[f] = err[f];
  return out;
}

const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

/** Starts the database and answers the port's requests until close. */
export async function serve(port: MessagePort, input: WorkerInput) {
  const db = await PGlite.create(input.location, {
    parsers,
    extensions: { pg_trgm },
    ...(input.loadDataDir ? { loadDataDir: new Blob([input.loadDataDir]) } : {}),
  });
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  const answer = (id: number, result?: unknown, transfer: ArrayBuffer[] = []) => port.postMessage({ id, result }, transfer);
  const fail = (id: number, e: unknown) => port.postMessage({ id, error: wireError(e) });
  const on = (tx?: number) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error('transação encerrada');
    return open.tx;
  };

  async function handle(m: Request) {
    switch (m.op) {
      case 'query': {
        const r = await on(m.tx).query(m.sql, m.params as unknown[]);
        return answer(m.id, { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
      }
      case 'exec':
        await on(m.tx).exec(m.sql);
        return answer(m.id);
      case 'begin': {
        // The transaction's callback holds PGlite's lock until commit or rollback ends it.
        let end!: (commit: boolean) => void;
        const ended = new Promise<boolean>((resolve) => (end = resolve));
        let started!: () => void;
        const ready = new Promise<void>((resolve) => (started = resolve));
        const done: Promise<void> = db.transaction(async (tx) => {
          transactions.set(m.id, { tx, end, done });
          started();
          // Thrown, PGlite rolls back.
          if (!(await ended)) throw ROLLBACK;
        });
        // A BEGIN that fails never runs the callback: done rejects first.
        await Promise.race([ready, done]);
        return answer(m.id, m.id);
      }
      case 'commit':
      case 'rollback': {
        const open = transactions.get(m.tx);
        if (!open) return answer(m.id);
        open.end(m.op === 'commit');
        try {
          await open.done.catch((e) => {
            if (e !== ROLLBACK) throw e;
          });
        } finally {
          transactions.delete(m.tx);
        }
        return answer(m.id);
      }
      case 'listen': {
        if (!unlisteners.has(m.channel)) unlisteners.set(m.channel, await db.listen(m.channel, (payload) => port.postMessage({ channel: m.channel, payload })));
        return answer(m.id);
      }
      case 'unlisten': {
        await unlisteners.get(m.channel)?.();
        unlisteners.delete(m.channel);
        return answer(m.id);
      }
      case 'dump': {
        const bytes = await ((await db.dumpDataDir('none')) as Blob).arrayBuffer();
        return answer(m.id, bytes, [bytes]);
      }
      case 'close':
        for (const open of transactions.values()) open.end(false);
        await db.close();
        answer(m.id);
        return port.close();
    }
  }

  port.on('message', (m: Request) => {
    handle(m).catch((e) => fail(m.id, e));
  });
}
