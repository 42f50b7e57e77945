// npm run bench:results-report -- [--results 1000000] [--leads 1000000] [--runs 20] [--only postgres|pglite] [--small]
// The campaign results report at scale, through the real application (buildApp, a signed-in
// superadmin: every provider, the widest read): 30 providers, 40 campaigns and 12 channels (Facebook
// and Google among them), --results result rows (a week each, starting on every day of the last three
// years) and --leads funnel leads over the same years (a third of them sales), filled in SQL with
// their indexes rebuilt after the fill. It times the three tables of the report screen — SINTÉTICO
// (GET .../sintetico), SEMANAL CONSOLIDADO (GET .../semanal/consolidado/v2, with each provider's
// weeks) and SEMANAL DETALHADO (POST .../semanal/detalhado/v2 { canal: 'Facebook' }) — and the same
// for one provider: a first (cold) call, then the median and p95 of --runs more, printing the indexes
// the report's queries read. By default on PostgreSQL (DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres, a database created and dropped for the run); --only
// pglite runs the embedded database instead. Goal: each table in at most 300 ms (median and p95);
// exits with status 1 when missed or when a call does not answer. A full run writes what it printed
// into its part of docs/benchmarks.md.
// --small (or BENCH_SMALL=1, as CI runs it): 5,000 results and 5,000 leads, 3 runs; the goal is
// reported, not failed; docs/benchmarks.md is left alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, SCHEMAS_DIR } from '../src/server/app.js';
import { DEFAULT_ADMIN, ensureSuperadmin } from '../src/server/auth/bootstrap.js';
import type { Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { accessPaths, fillUnindexed, finish, onEachDatabase, option, recordOutput, SMALL, sizeOption, writeSection } from './bench-kit.js';

const resultRows = sizeOption('results', 1_000_000, 5_000);
const leadRows = sizeOption('leads', 1_000_000, 5_000);
const runs = sizeOption('runs', 20, 3);
const only = option('only') ?? 'postgres';
if (![resultRows, leadRows].every((n) => Number.isSafeInteger(n) && n >= 1000) || !Number.isSafeInteger(runs) || runs < 3) {
  console.error('--results e --leads precisam ser inteiros a partir de 1000, --runs a partir de 3');
  process.exit(1);
}
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const output = recordOutput();
const GOAL_MS = 300;
const PROVIDERS = 30;
const CAMPAIGNS = 40;
const CHANNELS = 12;
const DAYS = 3 * 365;
const REPORT = '/v1/leads/relatorio/resultado/campanha';
const registry = loadRegistry(SCHEMAS_DIR);
const load = () => loadavg()[0].toFixed(1);

async function fill(db: Database) {
  await migrate(db, registry);
  const names = ['Bitcom', 'RazãoInfo', 'Vetorial', ...Array.from({ length: PROVIDERS - 3 }, (_, i) => `Provedor ${i + 4}`)];
  await db.query(`INSERT INTO rh.empresa (nome) SELECT unnest($1::text[])`, [names]);
  await db.query(`INSERT INTO vendas.campanha (nome, bitcom, razao, vetorial) SELECT 'Campanha ' || i, true, true, true FROM generate_series(1, ${CAMPAIGNS}) i`);
  const channels = ['Facebook', 'Google', ...Array.from({ length: CHANNELS - 2 }, (_, i) => `Canal ${i + 3}`)];
  await db.query(`INSERT INTO vendas.canal (nome, bitcom, razao, vetorial) SELECT unnest($1::text[]), true, true, true`, [channels]);
  const ids = async (table: string) => (await db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`)).rows.map((r) => r.id);
  const [p, c, k] = [await ids('rh.empresa'), await ids('vendas.campanha'), await ids('vendas.canal')];
  const CHUNK = 250_000;
  const t0 = performance.now();
  const results = await fillUnindexed(db, 'vendas', 'campanha_resultado', async () => {
    for (let start = 0; start < resultRows; start += CHUNK) {
      await db.query(
        `INSERT INTO vendas.campanha_resultado (id_empresa, id_campanha, id_canal, periodo_inicio, periodo_fim, impressoes, cliques, conversas_iniciadas, investimento)
         SELECT ($1::int[])[1 + i % ${PROVIDERS}], ($2::int[])[1 + (i / 7) % ${CAMPAIGNS}], ($3::int[])[1 + (i / 3) % ${CHANNELS}],
                current_date - (i % ${DAYS}), current_date - (i % ${DAYS}) + 6,
                1000 + i % 50000, 10 + i % 2000, i % 300, (100 + i % 5000)::numeric + (i % 100) / 100.0
           FROM generate_series($4::int, $5::int) i`,
        [p, c, k, start, Math.min(start + CHUNK, resultRows) - 1],
      );
    }
  });
  const leads = await fillUnindexed(db, 'vendas', 'lead', async () => {
    for (let start = 0; start < leadRows; start += CHUNK) {
      await db.query(
        `INSERT INTO vendas.lead (nome, id_empresa, id_campanha, id_canal, origem, status, valor_venda, created_at)
         SELECT 'Lead ' || i, ($1::int[])[1 + i % ${PROVIDERS}], ($2::int[])[1 + (i / ${PROVIDERS}) % ${CAMPAIGNS}], ($3::int[])[1 + (i / ${PROVIDERS * CAMPAIGNS}) % ${CHANNELS}],
                CASE WHEN i % 2 = 0 THEN 'link_rastreamento' ELSE 'manual' END,
                CASE WHEN i % 3 = 0 THEN 'venda' ELSE 'novo' END, CASE WHEN i % 3 = 0 THEN 99.90 + i % 100 END,
                now() - make_interval(secs => (i::bigint * 94608000 / $6::bigint)::double precision)
           FROM generate_series($4::int, $5::int) i`,
        [p, c, k, start, Math.min(start + CHUNK, leadRows) - 1, leadRows],
      );
    }
  });
  for (const table of ['vendas.campanha_resultado', 'vendas.lead']) await db.exec(`VACUUM ANALYZE ${table}`);
  console.log(
    `  ${resultRows.toLocaleString('pt-BR')} resultados (${results.fillSeconds.toFixed(1)} s + ${results.indexes} índices em ${results.indexSeconds.toFixed(1)} s), ` +
      `${leadRows.toLocaleString('pt-BR')} leads (${leads.fillSeconds.toFixed(1)} s + ${leads.indexes} índices em ${leads.indexSeconds.toFixed(1)} s); ${((performance.now() - t0) / 1000).toFixed(1)} s no total`,
  );
  return { provider: p[0] };
}

/** Milliseconds of a call: a first (cold) one, then the median and p95 of `runs` more. */
async function measure(call: () => Promise<void>) {
  const t0 = performance.now();
  await call();
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { first, median: at(0.5), p95: at(0.95) };
}

const outcomes: { label: string; median: number; p95: number }[] = [];

async function bench(kind: string, db: Database) {
  const { provider } = await fill(db);
  const app = await buildApp({ db, registry, config: { jwtSecret: undefined } });
  await app.ready();
  try {
    await ensureSuperadmin(db, app.resources, app.identity, DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
    const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password } });
    const headers = { authorization: `Bearer ${login.json().idToken}`, 'x-intranet-role': 'users:superadmin' };
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['SINTÉTICO (todos os provedores)', 'GET', `${REPORT}/sintetico`],
      ['SEMANAL CONSOLIDADO (todos, com cada provedor)', 'GET', `${REPORT}/semanal/consolidado/v2`],
      ['SEMANAL DETALHADO Facebook (todos)', 'POST', `${REPORT}/semanal/detalhado/v2`, { canal: 'Facebook' }],
      ['SINTÉTICO (um provedor)', 'GET', `${REPORT}/sintetico/${provider}`],
      ['SEMANAL CONSOLIDADO (um provedor)', 'GET', `${REPORT}/semanal/consolidado/v2/${provider}`],
      ['SEMANAL DETALHADO Facebook (um provedor)', 'POST', `${REPORT}/semanal/detalhado/v2/empresa`, { canal: 'Facebook', empresa: provider }],
    ];
    for (const [label, method, url, payload] of calls) {
      let figures = '';
      const t = await measure(async () => {
        const r = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body}`);
        const last = r.json().periodos.at(-1);
        figures = `último período ${last.rotulo}: ${last.total_leads.toLocaleString('pt-BR')} leads, investido ${last.valor_investido.toLocaleString('pt-BR')}`;
      });
      outcomes.push({ label: `${kind} ${label}`, median: t.median, p95: t.p95 });
      console.log(`  ${kind}: ${label}: mediana ${t.median.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (1ª: ${t.first.toFixed(1)} ms); ${figures}`);
    }
    // What the report's queries read: the windows' result rows and leads, each by its period index.
    const paths = await accessPaths(
      db,
      `SELECT count(*) FROM vendas.campanha_resultado r WHERE r.periodo_inicio >= current_date - 35 AND r.periodo_inicio <= current_date`,
      [],
    );
    const leadPaths = await accessPaths(
      db,
      `SELECT l.id_empresa, l.id_campanha, l.id_canal, count(*) FROM vendas.lead l WHERE l.created_at >= now() - interval '35 days' AND l.created_at < now() GROUP BY 1, 2, 3`,
      [],
    );
    console.log(`  ${kind}: índices: resultados ${paths.join(', ')}; leads ${leadPaths.join(', ')}`);
  } finally {
    await app.close();
  }
}

console.log(`${new Date().toISOString()} · ${cpus().length} núcleos · Node ${process.version} · carga ${load()}`);
const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
try {
  await onEachDatabase(dir, only, bench, { prefix: 'intranet_bench_results', poolSize: 4 });
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(`carga ao terminar: ${load()}`);
}
const missed = outcomes.filter((o) => o.median > GOAL_MS || o.p95 > GOAL_MS);
console.log(missed.length ? `Meta (≤ ${GOAL_MS} ms) não atingida: ${missed.map((o) => `${o.label} ${o.median.toFixed(0)}/${o.p95.toFixed(0)} ms`).join('; ')}` : `Meta (≤ ${GOAL_MS} ms, mediana e p95): atingida`);
if (!SMALL) writeSection('results-report', output.runSection());
finish({ missed: missed.map((o) => o.label) });
