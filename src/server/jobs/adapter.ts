// pg-boss over the project's own Database (PostgreSQL through pg, or embedded PGlite), so one queue
// runs on both: pg-boss takes any { executeSql(text, values) } as its database.
//
// pg-boss sends two kinds of text. Ordinary statements with parameters go through db.query. Its
// schema creation, migrations and maintenance are "locked" scripts without parameters:
// 'BEGIN; SET LOCAL ...; SELECT pg_advisory_xact_lock(...); <statements>; COMMIT;'. Those run inside
// db.transaction() with their BEGIN and COMMIT taken off: PGlite's query() cannot run several
// statements, and on PostgreSQL a failing script would leave its pooled connection inside an aborted
// transaction, whereas transaction() rolls back and discards it.
import type { Database } from '../db/index.js';

const LOCKED_SCRIPT = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number }>;
}

/**
 * The adapter, with a way to close it: after close(), statements still issued by pg-boss's
 * fire-and-forget bookkeeping (a job completed while stopping) answer no rows instead of failing on a
 * closed database; close() waits for the statements already running.
 */
export function bossDatabase(db: Database): BossDb & { close(): Promise<void> } {
  let closed = false;
  const running = new Set<Promise<unknown>>();
  const run = (text: string, values?: unknown[]) => {
    const script = values === undefined || values.length === 0 ? LOCKED_SCRIPT.exec(text) : null;
    if (script) return db.transaction((tx) => tx.exec(script[1])).then(() => ({ rows: [], rowCount: 0 }));
    return db.query(text, values);
  };
  return {
    async executeSql(text, values) {
      if (closed) return { rows: [], rowCount: 0 };
      const p = run(text, values);
      running.add(p);
      try {
        return await p;
      } finally {
        running.delete(p);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}
