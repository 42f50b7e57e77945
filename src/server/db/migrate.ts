// Versioned migrations (db/migrations/NNNN_name.sql), the same on PostgreSQL and PGlite, all pending
// ones in one transaction; then the audit trigger on every table a schema names. Each applied
// migration's checksum is kept: a file changed after it was applied stops the start, as does a schema
// whose table no migration created.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './index.js';
import type { Registry } from '../schemas/registry.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const ROOT = join(MIGRATIONS_DIR, '..', '..', '..', '..');
const LOCK_KEY = 727_254_101;
/** A path as the messages show it: from the project's root when inside it. */
const shown = (path: string) => (relative(ROOT, path).startsWith('..') ? path : relative(ROOT, path));

/** Why the database cannot be brought to the code's version; the message says what to do. */
export class MigrationError extends Error {}

/** sha256 of a migration's text, line endings normalised (a checkout with CRLF is the same file). */
export const checksumOf = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = readFileSync(join(dir, f), 'utf8');
      return { version: f.replace(/\.sql$/, ''), file: shown(join(dir, f)), sql, checksum: checksumOf(sql) };
    });
}

export async function migrate(db: Database, registry: Registry, log: (msg: string) => void = () => {}, options: { dir?: string } = {}) {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Several instances starting together take turns (released at commit).
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
      ALTER TABLE public.schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    const done = new Map(
      (await tx.query<{ version: string; checksum: string | null }>('SELECT version, checksum FROM public.schema_migrations')).rows.map((r) => [r.version, r.checksum]),
    );
    for (const m of listMigrations(options.dir)) {
      if (done.has(m.version)) {
        const stored = done.get(m.version) ?? null;
        // Applied before checksums were kept: the file as it is now is taken as the one applied.
        if (stored === null) await tx.query('UPDATE public.schema_migrations SET checksum = $1 WHERE version = $2', [m.checksum, m.version]);
        else if (stored !== m.checksum) {
          throw new MigrationError(
            `A migração ${m.file} foi alterada depois de aplicada neste banco de dados (soma ${stored.slice(0, 12)}…, o arquivo agora tem ${m.checksum.slice(0, 12)}…). ` +
              'Restaure o arquivo aplicado e escreva a mudança numa nova migração.',
          );
        }
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('INSERT INTO public.schema_migrations (version, checksum) VALUES ($1, $2)', [m.version, m.checksum]);
      applied.push(m.version);
      log(`migração aplicada: ${m.version}`);
    }
    const { rows: missing } = await tx.query<{ t: string }>('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NULL', [
      registry.resources.map((def) => def.sqlTable),
    ]);
    if (missing.length) {
      const defs = registry.resources.filter((def) => missing.some((m) => m.t === def.sqlTable));
      throw new MigrationError(
        defs.map((def) => `O schema schemas/${def.file} usa a tabela ${def.block.table}, que nenhuma migração criou.`).join('\n') +
          `\nEscreva a migração que a cria em ${shown(options.dir ?? MIGRATIONS_DIR)}/NNNN_<nome>.sql (schemas/README.md, "How to add a module").`,
      );
    }
    for (const def of registry.resources) {
      await tx.exec(`CREATE OR REPLACE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON ${def.sqlTable}
        FOR EACH ROW EXECUTE FUNCTION admin.audit()`);
    }
  });
  return applied;
}

/** migrate() for the start and `npm run migrate`: a MigrationError ends the process with its message alone. */
export async function migrateOrExit(db: Database, registry: Registry, log: (msg: string) => void) {
  try {
    return await migrate(db, registry, log);
  } catch (e) {
    if (!(e instanceof MigrationError)) throw e;
    console.error(`\nNão foi possível atualizar o banco de dados:\n${e.message}\n`);
    await db.close().catch(() => {});
    process.exit(1);
  }
}
