// What the benchmark scripts share: their command-line options, running on PGlite and on a fresh
// PostgreSQL database, timing a call, the indexes a query's plan reads, and filling a big table fast
// (its indexes rebuilt after the fill, its audit off: a fixture is no one's edit).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createPglite, createPostgres, type Database } from '../src/server/db/index.js';

/** The value after --name on the command line. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * Runs `bench` on PGlite (on disk in `dir`, as DATA_DIR keeps it: an in-memory PGlite holds the whole
 * database in its WASM heap) and, with DATABASE_URL, on a PostgreSQL database created for the run and
 * dropped after it; `only` ('pglite' or 'postgres') picks one.
 */
export async function onEachDatabase(
  dir: string,
  only: string | undefined,
  bench: (kind: 'PGlite' | 'PostgreSQL', db: Database) => Promise<void>,
  { prefix = 'intranet_bench', poolSize = 2 } = {},
) {
  if (only !== 'postgres') {
    const db = await createPglite(join(dir, 'dados'));
    try {
      await bench('PGlite', db);
    } finally {
      await db.close();
    }
  }
  if (!process.env.DATABASE_URL) {
    if (only !== 'pglite') console.log('(defina DATABASE_URL para medir também no PostgreSQL)');
    return;
  }
  if (only === 'pglite') return;
  const base = new URL(process.env.DATABASE_URL);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const db = createPostgres(url.toString(), poolSize);
  try {
    console.log(`  ${(await db.query<{ v: string }>('SELECT version() AS v')).rows[0].v}`);
    await bench('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export interface Timing {
  median: number;
  /** The first, cold, call. */
  first: number;
  max: number;
}

/** Milliseconds of a call: a first (cold) one, then the median and the slowest of `runs` more. */
export async function timed(run: () => Promise<unknown>, runs = 7): Promise<Timing> {
  const t0 = performance.now();
  await run();
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], first, max: times[times.length - 1] };
}

/** '<median> ms (1ª: <first> ms)'. */
export const timingText = (t: Timing) => `${t.median.toFixed(1)} ms (1ª: ${t.first.toFixed(1)} ms)`;

/** The indexes a query's plan reads, and the tables it scans whole (named by `seqScan`). */
export async function accessPaths(db: Database, sql: string, params: unknown[], seqScan = (table: string) => `varredura completa de ${table}`) {
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = plan.rows[0]['QUERY PLAN'];
  const paths = new Set<string>();
  const walk = (node: Record<string, any>) => {
    if (node['Index Name']) paths.add(node['Index Name']);
    else if (node['Node Type'] === 'Seq Scan') paths.add(seqScan(node['Relation Name']));
    (node.Plans ?? []).forEach(walk);
  };
  walk((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan);
  return [...paths];
}

/**
 * Runs `fill` on a table without its indexes (those no constraint owns) and its triggers (the audit),
 * then rebuilds them: faster than keeping them row by row. Answers the seconds of each part.
 */
export async function fillUnindexed(db: Database, schema: string, table: string, fill: () => Promise<void>) {
  const qualified = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = $1 AND i.tablename = $2
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [schema, table],
  );
  for (const ix of indexes) await db.query(`DROP INDEX ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(ix.indexname)}`);
  await db.query(`ALTER TABLE ${qualified} DISABLE TRIGGER USER`);
  const t0 = performance.now();
  await fill();
  const filled = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await db.query(`SET maintenance_work_mem = '512MB'`).catch(() => {});
  for (const ix of indexes) await db.query(ix.indexdef);
  await db.query(`ALTER TABLE ${qualified} ENABLE TRIGGER USER`);
  return { indexes: indexes.length, fillSeconds: filled, indexSeconds: (performance.now() - t1) / 1000 };
}
