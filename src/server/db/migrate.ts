// Versioned migrations (db/migrations/NNNN_name.sql), the same on PostgreSQL and PGlite, all pending
// ones in one transaction; then the audit trigger on every table a schema names.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './index.js';
import type { Registry } from '../schemas/registry.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 727_254_101;

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

export async function migrate(db: Database, registry: Registry, log: (msg: string) => void = () => {}) {
  await db.exec(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Several instances starting together take turns (released at commit).
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM public.schema_migrations')).rows.map((r) => r.version));
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO public.schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
      log(`migração aplicada: ${m.version}`);
    }
    for (const def of registry.resources) {
      await tx.exec(`CREATE OR REPLACE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON ${def.sqlTable}
        FOR EACH ROW EXECUTE FUNCTION admin.audit()`);
    }
  });
  return applied;
}
