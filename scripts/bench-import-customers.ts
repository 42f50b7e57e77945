// npm run bench:import-customers -- [--rows 200000] [--only pglite|postgres] [--small]
// Generates N plausible customers (the demo seed's generator, over the three demo systems) as a CSV
// (';'-separated, DD/MM/YYYY dates, as a pt-BR spreadsheet exports it), imports it into a fresh
// database through the real import (src/server/customers/import.ts), imports it again (nothing
// changes: the idempotent path), and times the lookups the modules make on the loaded table, checking
// each runs on an index. On the embedded PGlite (in a temporary DATA_DIR) and, with DATABASE_URL, on a new
// PostgreSQL database created and dropped for the run. Figures: docs/benchmarks.md and the README; a full
// run writes what it printed into its part of docs/benchmarks.md. Fails (exit 1) when an import is
// refused or does not insert every row the first time and change none the second.
// --small (or BENCH_SMALL=1, as CI runs it): 1,000 rows; docs/benchmarks.md is left alone.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../src/server/app.js';
import { BuiltinCustomerDirectory } from '../src/server/customers/builtin.js';
import { formatReport, importCustomers, IMPORT_FIELDS } from '../src/server/customers/import.js';
import { DEMO_SYSTEMS, generatedCustomer, prng } from '../src/server/customers/seed.js';
import type { Database, Queryable } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { ResourceService, SYSTEM } from '../src/server/resources/service.js';
import { accessPaths, finish, onEachDatabase, option, recordOutput, SMALL, sizeOption, timed, timingText, writeSection } from './bench-kit.js';

const rows = sizeOption('rows', 200_000, 1_000);
const only = option('only');
if (!Number.isSafeInteger(rows) || rows < 1) {
  console.error('--rows precisa ser um número inteiro positivo');
  process.exit(1);
}

// Read once: the schemas the database is migrated with and the list is served from.
const registry = loadRegistry(SCHEMAS_DIR);
const dir = mkdtempSync(join(tmpdir(), 'bench-clientes-'));
const file = join(dir, 'clientes.csv');
const output = recordOutput();
/** Wrong results: an import refused, or not inserting (then leaving unchanged) every row. */
const wrong: string[] = [];

/** DD/MM/YYYY, as the spreadsheets export it. */
const br = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

async function writeCsv() {
  const out = createWriteStream(file);
  out.write(`${IMPORT_FIELDS.join(';')}\n`);
  const rngs = DEMO_SYSTEMS.map((_, i) => prng(7_000 + i));
  let chunk: string[] = [];
  for (let n = 0; n < rows; n++) {
    const s = n % DEMO_SYSTEMS.length;
    const c = generatedCustomer(DEMO_SYSTEMS[s].nome, Math.floor(n / DEMO_SYSTEMS.length), rngs[s]);
    const values: Record<string, unknown> = { ...c, data_nascimento: br(c.data_nascimento), data_ativacao: br(c.data_ativacao), data_contratacao: br(c.data_contratacao) };
    chunk.push(IMPORT_FIELDS.map((f) => values[f] ?? '').join(';'));
    if (chunk.length === 10_000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end(chunk.length ? `${chunk.join('\n')}\n` : '');
  await once(out, 'finish');
}

async function prepare(db: Database) {
  await migrate(db, registry);
  await db.query(
    `WITH p AS (INSERT INTO rh.empresa (nome) SELECT unnest($1::text[]) RETURNING id, nome)
     INSERT INTO relacionamento.sistema (nome, id_empresa, erp)
     SELECT v.nome, p.id, v.erp FROM unnest($1::text[], $2::text[], $3::text[]) AS v(provider, nome, erp) JOIN p ON p.nome = v.provider`,
    [DEMO_SYSTEMS.map((s) => s.provider), DEMO_SYSTEMS.map((s) => s.nome), DEMO_SYSTEMS.map((s) => s.erp)],
  );
}

/** Milliseconds of a call: '<median of 7> ms (1ª: <the first, cold, call>)'. */
const time = async (run: () => Promise<unknown>) => timingText(await timed(run));

async function bench(kind: string, db: Database) {
  await prepare(db);
  const first = await importCustomers(db, file, { onProgress: (n) => n % 50_000 < 5_000 && process.stdout.write(`\r  ${kind}: ${n} linhas...`) });
  process.stdout.write('\r');
  console.log(`  ${kind}, primeira importação: ${formatReport(first).join(' | ')}`);
  const again = await importCustomers(db, file);
  console.log(`  ${kind}, mesma importação de novo: ${formatReport(again).join(' | ')}`);
  if (!first.ok || first.inserted !== rows) wrong.push(`${kind}: a primeira importação inseriu ${first.inserted} de ${rows} linhas (${formatReport(first).join(' | ')})`);
  if (!again.ok || again.unchanged !== rows) wrong.push(`${kind}: a segunda importação deixou ${again.unchanged} de ${rows} linhas sem mudança`);
  await db.exec('ANALYZE relacionamento.dados_pessoas');

  // The directory over a connection that remembers its last query, to read that query's plan.
  let last: [string, unknown[]] = ['', []];
  const recording: Queryable = {
    query: (sql, params) => {
      last = [sql, params ?? []];
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  const directory = new BuiltinCustomerDirectory(recording);
  const sample = (await db.query<{ cpf: string; codpessoa: string; sistema: string; celular: string }>(
    `SELECT cpf, codpessoa, sistema, celular FROM relacionamento.dados_pessoas WHERE cpf IS NOT NULL AND celular IS NOT NULL ORDER BY id OFFSET $1 LIMIT 1`,
    [Math.floor(rows / 2)],
  )).rows[0];
  const all = { providerIds: null };
  const lookups: [string, () => Promise<unknown>][] = [
    ['CPF', () => directory.find({ cpf: sample.cpf }, all)],
    ['codpessoa no sistema', () => directory.find({ sistema: sample.sistema, codpessoa: sample.codpessoa }, all)],
    ['telefone ou celular', () => directory.isCustomer({ telefone: sample.celular })],
    ['aniversário (03-15, 1ª página de 1000)', () => directory.byMonthDay('data_nascimento', '03-15', { limit: 1000 })],
    ['nome contém "gonçalves mo"', () => directory.find({ nome: 'gonçalves mo' }, all)],
  ];
  const timings: string[] = [];
  for (const [label, run] of lookups) {
    const ms = await time(run);
    timings.push(`${label}: ${ms} [${(await accessPaths(db, ...last)).join(', ')}]`);
  }
  console.log(`  ${kind}, consultas:\n    ${timings.join('\n    ')}`);

  // The customers screen's list (GET /api/customers): its page and its total, through the resource service.
  const service = new ResourceService(db, registry);
  const customers = registry.get('customers')!;
  const pages: [string, Record<string, unknown>, [number, number]][] = [
    ['lista, 1ª página', {}, [0, 19]],
    ['lista, página 51', {}, [1000, 1019]],
    ['lista de um provedor, 1ª página', { id_empresa: 1 }, [0, 19]],
    ['busca q="gonçalves mo"', { q: 'gonçalves mo' }, [0, 19]],
    [`busca q="${sample.cpf.slice(0, 7)}" (CPF)`, { q: sample.cpf.slice(0, 7) }, [0, 19]],
  ];
  const lists: string[] = [];
  for (const [label, filter, range] of pages) {
    let total = '';
    const ms = await time(async () => {
      const r = await service.list(customers, { filter, range, sortByLabel: true }, SYSTEM);
      total = `${r.total}${r.estimated ? ' estimado' : ''}`;
    });
    lists.push(`${label}: ${ms}, total ${total}`);
  }
  console.log(`  ${kind}, tela de clientes (/api/customers):\n    ${lists.join('\n    ')}`);
  return { first, again, timings };
}

const load = () => loadavg()[0].toFixed(1);
console.log(`${new Date().toISOString()} · ${cpus().length} núcleos · Node ${process.version} · carga ${load()}`);
console.log(`Gerando ${rows} clientes em ${file}...`);
await writeCsv();
console.log(`CSV: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
try {
  await onEachDatabase(dir, only, async (kind, db) => {
    await bench(kind, db);
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(`carga ao terminar: ${load()}`);
}
if (!SMALL) writeSection('import-customers', output.runSection());
finish({ wrong });
