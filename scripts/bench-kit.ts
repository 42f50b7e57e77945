// What the benchmark scripts share: their command-line options, the small mode CI runs them in,
// their own section of docs/benchmarks.md, running on PGlite and on a fresh PostgreSQL database,
// timing a call, the indexes a query's plan reads, and filling a big table fast (its indexes rebuilt
// after the fill, its audit off: a fixture is no one's edit).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createPglite, createPostgres, type Database } from '../src/server/db/index.js';

/** The value after --name on the command line. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * Small mode (`--small` or BENCH_SMALL=1): a few thousand rows and a few seconds, so that CI runs every
 * benchmark (.ci/run, "benchmarks (small mode)") and a change that breaks one fails there. In small mode
 * a script leaves docs/benchmarks.md alone, and goals that depend on the machine's load (times,
 * throughput ratios, p99) are reported but do not fail the run: only a crash or a wrong result does.
 */
export const SMALL = process.argv.includes('--small') || process.env.BENCH_SMALL === '1';

/** A numeric option: --name on the command line, else `small` in small mode, else `full`. */
export function sizeOption(name: string, full: number, small: number): number {
  const raw = option(name);
  return raw === undefined ? (SMALL ? small : full) : Number(raw);
}

/**
 * How a benchmark ends: exit 1 on a wrong result (`wrong`: what went wrong, empty when nothing did),
 * and on a missed goal (`missed`) except in small mode, where a missed goal is printed as a note.
 */
export function finish({ wrong = [], missed = [] }: { wrong?: string[]; missed?: string[] }): never {
  for (const w of wrong) console.log(`ERRO: ${w}`);
  if (missed.length && SMALL) console.log('(modo pequeno: metas de tempo informadas, sem falhar a execução; só erros e resultados errados falham)');
  process.exit(wrong.length || (missed.length && !SMALL) ? 1 : 0);
}

export const BENCHMARKS_FILE = resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const begin = (name: string) => `<!-- bench:${name} -->`;
const end = (name: string) => `<!-- /bench:${name} -->`;

/** Whether a run may write docs/benchmarks.md: not in small mode, not in CI (CI set). */
export const writesDocs = () => !SMALL && !process.env.CI;

/**
 * Replaces the part of docs/benchmarks.md that belongs to the benchmark `name` (`npm run bench:<name>`)
 * with `markdown`, and nothing else: the text between `<!-- bench:<name> -->` and
 * `<!-- /bench:<name> -->`. Without those markers, the marked part is added at the end of the section
 * whose heading names `npm run bench:<name>`, or, without one, as a new section at the end of the
 * file headed `heading`. Every other section stays as it is. In small mode and in CI it writes
 * nothing (answers false).
 */
export function writeSection(name: string, markdown: string, { heading, file = BENCHMARKS_FILE }: { heading?: string; file?: string } = {}): boolean {
  if (!writesDocs()) {
    console.log(`(${SMALL ? 'modo pequeno' : 'CI'}: docs/benchmarks.md não é alterado)`);
    return false;
  }
  writeFileSync(file, replaceSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n', name, markdown, heading));
  console.log(`Resultados gravados em docs/benchmarks.md (seção de bench:${name})`);
  return true;
}

/** The text of docs/benchmarks.md with the marked part of `name` replaced (see writeSection). */
export function replaceSection(current: string, name: string, markdown: string, heading = `## \`npm run bench:${name}\``): string {
  const block = `${begin(name)}\n${markdown.trim()}\n${end(name)}`;
  const from = current.indexOf(begin(name));
  const to = from < 0 ? -1 : current.indexOf(end(name), from);
  if (from >= 0 && to >= 0) return `${current.slice(0, from)}${block}${current.slice(to + end(name).length)}`;
  const headingAt = new RegExp(`^## .*\\(\`npm run bench:${name}\\b`, 'm').exec(current)?.index;
  if (headingAt === undefined) return `${current.trimEnd()}\n\n${heading}\n\n${block}\n`;
  const next = current.indexOf('\n## ', headingAt + 1);
  const sectionEnd = next < 0 ? current.length : next;
  return `${current.slice(0, sectionEnd).trimEnd()}\n\n${block}\n${next < 0 ? '' : current.slice(next)}`;
}

/**
 * What a script prints, kept to be written as its section's last run: console.log is copied from
 * here on; `runSection()` gives the lines as a fenced block under the run's date, cores and load.
 */
export function recordOutput() {
  const lines: string[] = [];
  const log = console.log.bind(console);
  const loadAtStart = loadavg()[0];
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    log(...args);
  };
  return {
    runSection: () =>
      `Last full run, as the script printed it (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, ` +
      `Node ${process.version}, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end):\n\n` +
      '```text\n' + lines.join('\n').trim() + '\n```',
  };
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
