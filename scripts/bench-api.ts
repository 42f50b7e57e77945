// npm run bench:api: a list page with its total through /api/<resource>, against the same SQL on a
// bare Fastify route with a pg pool (the practical limit), over 1,000,000 rows on PostgreSQL.
//
// The parent process prepares the database intranet_bench (recreated on each run, dropped at the end
// unless BENCH_KEEP_DB=1) and drives autocannon; a child process (this file with --serve) runs both
// servers, so the load generator does not share an event loop with the server it measures.
// The API and the bare route are measured in alternating rounds (other load on the machine hits
// both alike); req/s is over all rounds, p50/p99 over every response of all rounds.
// Goals (the README's): the API's throughput ≥ 95% of the bare route's and its p99 ≤ 15 ms, in
// every round; exits 1 when one is missed or a request failed.
// Env: DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ROUNDS (default 3), BENCH_DURATION (seconds per measured run, default 10),
// BENCH_POOL (pg pool size of both servers, default 10),
// BENCH_KEEP_DB=1 (keep the database), BENCH_REUSE=1 (measure again on the kept database, no refill).
// --small (or BENCH_SMALL=1, as CI runs it): 6,000 rows in intranet_bench_small, one round of 1 s;
// the goals are reported but only a failed request or a wrong page fails; docs/benchmarks.md is left alone.
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { SMALL, writeSection } from './bench-kit.js';

/** The 1-minute load average before this script does anything: whether the machine was busy already. */
const LOAD_AT_START = loadavg()[0];

/** The goals, as the README states them: the API's share of the bare route's throughput and its p99, in every round. */
const GOAL_RATIO = 0.95;
const GOAL_P99_MS = 15;

const DB_NAME = SMALL ? 'intranet_bench_small' : 'intranet_bench';
const ROWS = SMALL ? 6_000 : 1_000_000;
const PROVIDERS = 3;
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? (SMALL ? 1 : 10));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SMALL ? 1 : 3));
const WARMUP = SMALL ? 1 : 4;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const RANGE: [number, number] = [1000, 1019];
const LIMIT = RANGE[1] - RANGE[0] + 1;

// Exactly what ResourceService.list() sends for filter={"id_empresa":X}, sort=["created_at","ASC"],
// range=[1000,1019] (src/server/resources/query.ts builds the same text and parameters).
const WHERE = `WHERE "id_empresa" = $1::int4`;
const PAGE_SQL = `SELECT * FROM "rh"."departamento" ${WHERE} ORDER BY "created_at" ASC, "id" ASC LIMIT $2 OFFSET $3`;
const COUNT_SQL = `SELECT count(*)::int AS total FROM "rh"."departamento" ${WHERE}`;

function benchUrl(base: string) {
  const u = new URL(base);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

// ---------------------------------------------------------------------------------------------
// Child: the two servers.
async function serve(url: string) {
  const { buildApp } = await import('../src/server/app.js');
  const { createPostgres } = await import('../src/server/db/index.js');

  const { createUserWithPassword } = await import('../src/server/auth/bootstrap.js');
  const { SUPERADMIN } = await import('../src/domain/roles.js');

  const db = createPostgres(url, POOL);
  const api = await buildApp({ db, logger: false });
  await api.ready();
  // The API is measured as a signed-in superadmin: bearer token checked on every request, no
  // provider scope, so its SQL is exactly the bare route's.
  const email = 'bench@intranet.local';
  const password = `Bench#${Math.random().toString(36).slice(2)}A1`;
  // Made afresh on each run (BENCH_REUSE keeps the users of the run before, with another password).
  await db.query('DELETE FROM auth.usuario WHERE email = $1', [email]);
  await createUserWithPassword(db, api.resources, api.identity, { email, nome: 'Superadmin', papeis: [SUPERADMIN], funcionario: true }, password);
  // A second caller as most users are: an rh:gestor linked to the measured provider, so the provider
  // scope (`id_empresa = ANY(...)`) and the role resolution are in the path.
  const empresa = (await db.query<{ id: number }>('SELECT min(id)::int AS id FROM rh.empresa')).rows[0].id;
  const gestorEmail = 'bench.gestor@intranet.local';
  await db.query('DELETE FROM auth.usuario WHERE email = $1', [gestorEmail]);
  await createUserWithPassword(db, api.resources, api.identity, { email: gestorEmail, nome: 'Gestor de RH', papeis: ['rh:gestor'], funcionario: true, id_empresas: [empresa] }, password);
  const signIn = async (who: string) => {
    const login = await api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: who, password } });
    const idToken = login.json()?.idToken;
    if (login.statusCode !== 200 || typeof idToken !== 'string') throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    return idToken as string;
  };
  const token = await signIn(email);
  const gestorToken = await signIn(gestorEmail);
  await api.listen({ host: '127.0.0.1', port: 0 });

  const pool = new pg.Pool({ connectionString: url, max: POOL });
  pool.on('error', () => {});
  const bare = Fastify({ logger: false });
  const page = (empresa: number) => pool.query(PAGE_SQL, [empresa, LIMIT, RANGE[0]]);
  bare.get('/bare/page', async (request) => (await page(Number((request.query as any).id_empresa))).rows);
  bare.get('/bare/page-count', async (request, reply) => {
    const empresa = Number((request.query as any).id_empresa);
    const [rows, count] = await Promise.all([page(empresa), pool.query(COUNT_SQL, [empresa])]);
    reply.header('Content-Range', `departments ${RANGE[0]}-${RANGE[0] + rows.rows.length - 1}/${count.rows[0].total}`);
    return rows.rows;
  });
  bare.addHook('onClose', async () => pool.end());
  await bare.listen({ host: '127.0.0.1', port: 0 });

  const port = (app: typeof bare) => (app.server.address() as { port: number }).port;
  process.on('message', async (msg) => {
    if (msg === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system, heap: process.memoryUsage().heapUsed });
      return;
    }
    if (msg !== 'stop') return;
    await Promise.allSettled([api.close(), bare.close()]);
    process.exit(0);
  });
  process.send!({ api: port(api as any), bare: port(bare), token, gestorToken });
}

// ---------------------------------------------------------------------------------------------
// Parent: database, load, report.
async function prepare(adminUrl: string, url: string, reuse: boolean) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (reuse) {
    // BENCH_REUSE=1 (with BENCH_KEEP_DB=1 on the run before): measure again without refilling.
    const pgVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
    await admin.end();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const providers = (await c.query<{ id: number }>('SELECT id FROM rh.empresa ORDER BY id')).rows.map((r) => r.id);
      const perProvider = (
        await c.query<{ total: number }>('SELECT count(*)::int AS total FROM rh.departamento WHERE id_empresa = $1', [providers[0]])
      ).rows[0].total;
      if (providers.length === PROVIDERS && perProvider * PROVIDERS >= ROWS - PROVIDERS) return { providers, pgVersion, fillSeconds: NaN, perProvider };
    } finally {
      await c.end();
    }
    throw new Error(`${DB_NAME} lacks the benchmark's data; run without BENCH_REUSE`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const pgVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
  await admin.end();

  const { createPostgres } = await import('../src/server/db/index.js');
  const { migrate } = await import('../src/server/db/migrate.js');
  const { loadRegistry } = await import('../src/server/schemas/registry.js');
  const { SCHEMAS_DIR } = await import('../src/server/app.js');
  const db = createPostgres(url, 2);
  try {
    await migrate(db, loadRegistry(SCHEMAS_DIR));
    const providers = (
      await db.query<{ id: number }>(
        `INSERT INTO rh.empresa (nome) SELECT 'Provedor de teste ' || g FROM generate_series(1, ${PROVIDERS}) g RETURNING id`,
      )
    ).rows.map((r) => r.id);
    const t0 = Date.now();
    // The fill skips the audit trigger (a million log entries would only measure the trigger); the
    // transaction puts it back even if the insert fails.
    await db.transaction(async (tx) => {
      await tx.query('ALTER TABLE rh.departamento DISABLE TRIGGER audit');
      await tx.query(
        `INSERT INTO rh.departamento (nome, id_empresa, ativo, created_at)
         SELECT 'Departamento ' || g, ($1::int[])[1 + g % ${PROVIDERS}], g % 10 <> 0,
                timestamptz '2020-01-01 00:00:00+00' + g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`,
        [providers],
      );
      await tx.query('ALTER TABLE rh.departamento ENABLE TRIGGER audit');
    });
    const fillSeconds = (Date.now() - t0) / 1000;
    // VACUUM as well as ANALYZE: a table at rest has its visibility map and hint bits set.
    await db.exec('VACUUM (ANALYZE) rh.departamento');
    // Write the fill out now rather than in a checkpoint during the measurements (needs superuser).
    await db.exec('CHECKPOINT').catch(() => {});
    const perProvider = (
      await db.query<{ total: number }>('SELECT count(*)::int AS total FROM rh.departamento WHERE id_empresa = $1', [providers[0]])
    ).rows[0].total;
    return { providers, pgVersion, fillSeconds, perProvider };
  } finally {
    await db.close();
  }
}

function startServers(url: string): Promise<{ child: ChildProcess; api: number; bare: number; token: string; gestorToken: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', url], { stdio: 'inherit' });
    child.once('message', (m: any) => resolve({ child, ...m }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`benchmark server exited (code ${code})`)));
  });
}

/** CPU time (µs) the server process has used so far. */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m: any) => resolve(m.cpu));
    child.send('cpu');
  });
}

/** One autocannon run; every response time (ms) goes into samples. */
let headers: Record<string, string> = {};

function run(url: string, duration: number, samples?: number[], runHeaders = headers): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers: runHeaders }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (samples) instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
  });
}

class Series {
  samples: number[] = [];
  requests = 0;
  seconds = 0;
  failures = 0;
  rounds: number[] = [];
  /** The p99 (ms) of each round. */
  roundP99: number[] = [];
  cpu = 0;
  constructor(readonly name: string, readonly url: string, readonly headers?: Record<string, string>) {}
  async measure(child: ChildProcess) {
    const cpu0 = await serverCpu(child);
    const samples: number[] = [];
    const r = await run(this.url, DURATION, samples, this.headers ?? headers);
    this.samples.push(...samples);
    this.roundP99.push(percentile(samples, 99));
    this.cpu += (await serverCpu(child)) - cpu0;
    this.requests += r.requests.total;
    this.seconds += r.duration;
    this.failures += r.errors + r.timeouts + r.non2xx;
    this.rounds.push(r.requests.total / r.duration);
  }
  /** Server-process CPU per request (µs): the Node side's cost, little affected by other load. */
  get cpuPerRequest() {
    return this.cpu / this.requests;
  }
  get rps() {
    return this.requests / this.seconds;
  }
  percentile(p: number) {
    return percentile(this.samples, p);
  }
}

function percentile(samples: number[], p: number) {
  const sorted = Float64Array.from(samples).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

async function check(apiUrl: string, bareUrl: string, bareCountUrl: string, perProvider: number) {
  const a = await fetch(apiUrl, { headers });
  const range = a.headers.get('content-range') ?? '';
  const m = /^departments (\d+)-(\d+)\/(\d+)$/.exec(range);
  if (a.status !== 200 || !m || Number(m[1]) !== RANGE[0] || Number(m[2]) !== RANGE[1]) {
    throw new Error(`the API answered ${a.status} with Content-Range "${range}": ${(await a.text()).slice(0, 300)}`);
  }
  const apiRows = (await a.json()) as { id: number }[];
  const bareRows = (await (await fetch(bareUrl)).json()) as { id: number }[];
  if (apiRows.map((r) => r.id).join() !== bareRows.map((r) => r.id).join()) throw new Error('the API and the bare route answer different pages');
  const c = await fetch(bareCountUrl);
  const exact = Number(/\/(\d+)$/.exec(c.headers.get('content-range') ?? '')?.[1]);
  if (exact !== perProvider) throw new Error(`exact count ${exact}, expected ${perProvider}`);
  return { total: Number(m[3]), estimated: a.headers.get('x-total-estimated') === 'true' };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function machine(pgVersion: string) {
  let nproc = String(cpus().length);
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {}
  return { nproc, cpu: cpus()[0]?.model ?? '?', memory: `${fmt(totalmem() / 2 ** 30, 1)} GiB`, pgVersion, node: process.version };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = benchUrl(adminUrl);
  const reuse = process.env.BENCH_REUSE === '1';
  const keep = reuse || process.env.BENCH_KEEP_DB === '1';
  console.log(reuse ? `Reusing ${DB_NAME}.` : `Preparing ${DB_NAME}: ${fmt(ROWS)} rows in rh.departamento...`);
  const { providers, pgVersion, fillSeconds, perProvider } = await prepare(adminUrl, url, reuse);
  if (!reuse) console.log(`Filled in ${fmt(fillSeconds, 1)} s; ${fmt(perProvider)} rows per provider.`);

  const empresa = providers[0];
  const q = new URLSearchParams({
    filter: JSON.stringify({ id_empresa: empresa }),
    sort: JSON.stringify(['created_at', 'ASC']),
    range: JSON.stringify(RANGE),
  });
  const { child, api, bare, token, gestorToken } = await startServers(url);
  // Sent to all three (the bare routes ignore it), so requests are the same size.
  headers = { authorization: `Bearer ${token}` };
  const apiSeries = new Series('API `/api/departments`, page with its total', `http://127.0.0.1:${api}/api/departments?${q}`);
  const bareSeries = new Series('bare route, page without total', `http://127.0.0.1:${bare}/bare/page?id_empresa=${empresa}`);
  const scopedSeries = new Series('API as an `rh:gestor` of that provider (provider scope in the SQL)', `http://127.0.0.1:${api}/api/departments?${q}`, {
    authorization: `Bearer ${gestorToken}`,
    'x-intranet-role': 'rh:gestor',
  });
  const countSeries = new Series('bare route, page + exact `count(*)`', `http://127.0.0.1:${bare}/bare/page-count?id_empresa=${empresa}`);
  let total: { total: number; estimated: boolean };
  // The load average when the script started (before filling the table), then after the measurements.
  const load: number[] = [LOAD_AT_START];
  try {
    total = await check(apiSeries.url, bareSeries.url, countSeries.url, perProvider);
    console.log(`Warming up (${WARMUP} s each)...`);
    for (const s of [apiSeries, scopedSeries, bareSeries, countSeries]) await run(s.url, WARMUP, undefined, s.headers ?? headers);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round}/${ROUNDS}: ${CONNECTIONS} connections, ${DURATION} s each...`);
      // Alternate which goes first, so neither always follows the other.
      const pair = round % 2 ? [apiSeries, scopedSeries, bareSeries] : [bareSeries, scopedSeries, apiSeries];
      for (const s of pair) await s.measure(child);
    }
    console.log(`Bare route with exact count(*): ${DURATION} s...`);
    await countSeries.measure(child);
    load.push(loadavg()[0]);
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.send('stop');
    await exited;
    if (!keep) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }

  const series = [apiSeries, scopedSeries, bareSeries, countSeries];
  const ratio = apiSeries.rps / bareSeries.rps;
  const p99 = apiSeries.percentile(99);
  const failures = series.reduce((n, s) => n + s.failures, 0);
  const scopedRatio = scopedSeries.rps / bareSeries.rps;
  const roundRatio = apiSeries.rounds.map((a, i) => a / bareSeries.rounds[i]);
  // Every round: the API's share of the bare route in that round, and the API's p99 in it.
  const goalMet = roundRatio.every((r) => r >= GOAL_RATIO) && apiSeries.roundP99.every((p) => p <= GOAL_P99_MS);
  // In small mode only a failed request (or a wrong page: check() above throws) fails the run.
  const pass = failures === 0 && (goalMet || SMALL);
  const table = [
    '| measurement | req/s | p50 (ms) | p99 (ms) | requests | failures | server CPU per request (µs) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...series.map(
      (s) => `| ${s.name} | ${fmt(s.rps)} | ${fmt(s.percentile(50), 1)} | ${fmt(s.percentile(99), 1)} | ${fmt(s.requests)} | ${s.failures} | ${fmt(s.cpuPerRequest)} |`,
    ),
  ].join('\n');
  const roundRatios = roundRatio.map((r) => `${fmt(r * 100)}%`).join(', ');
  const summary =
    `API / bare route: **${fmt(ratio * 100)}%** of the throughput (goal ≥ ${GOAL_RATIO * 100}% in every round; by round: ${roundRatios}), ` +
    `API p99 ${fmt(p99, 1)} ms (goal ≤ ${GOAL_P99_MS} ms in every round; by round: ${apiSeries.roundP99.map((p) => fmt(p, 1)).join(', ')} ms): ` +
    `**${goalMet && failures === 0 ? 'goal met' : 'goal NOT met'}**. ` +
    `Total the API answered: ${fmt(total.total)}${total.estimated ? ' (planner estimate, `X-Total-Estimated: true`)' : ' (exact)'}; ` +
    `exact total: ${fmt(perProvider)}. ` +
    `As an \`rh:gestor\` (provider scope and role resolution in the path): ${fmt(scopedRatio * 100)}% of the bare route, p99 ${fmt(scopedSeries.percentile(99), 1)} ms.`;
  const m = machine(pgVersion);
  const facts = [
    `- date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- machine: ${m.nproc} cores (\`nproc\`), ${m.cpu}, ${m.memory} of memory; load average ${load.map((l) => fmt(l, 1)).join(' → ')} (before the run → after the measurements)`,
    `- PostgreSQL ${m.pgVersion} on the same host (127.0.0.1), settings as installed; Node ${m.node}; server, load generator and database share the cores`,
    `- ${fmt(ROWS)} rows in rh.departamento over ${PROVIDERS} providers (${fmt(perProvider)} each), ` +
      (reuse ? 'database reused (BENCH_REUSE)' : `filled in ${fmt(fillSeconds, 1)} s by one INSERT ... SELECT generate_series, then VACUUM ANALYZE`),
    `- autocannon: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s for the API (both callers) and the bare route ` +
      `(one run of ${DURATION} s for the exact count), after ${WARMUP} s of warm-up each; pg pool of ${POOL} connections in both servers`,
  ].join('\n');
  const busy =
    // The first figure is taken before the run; the last one includes the benchmark's own load.
    load[0] > Number(m.nproc)
      ? '\n\n**The machine was busy with other work when this run began** (load average above the core count): ' +
        'both servers lose throughput and p99 to it; compare the ratio and the CPU per request, and run again on a quiet machine for absolute figures.'
      : '';

  console.log(`\n${table}\n\n${summary}\n`);
  if (SMALL && !goalMet) console.log('(small mode: the goals depend on the machine and its load; reported, not failed)');

  const section = `Page 51 (\`range=[1000,1019]\`) of one provider's departments, sorted by creation, with its total, over
${fmt(ROWS)} rows on PostgreSQL:

- **API**: \`GET /api/departments?filter={"id_empresa":${empresa}}&sort=["created_at","ASC"]&range=[1000,1019]\`
  on the real application (\`buildApp\`) as a signed-in superadmin (bearer token checked on every
  request; no provider scope, so the same SQL as the bare route), which answers \`Content-Range: departments 1000-1019/<total>\`;
- **API as an \`rh:gestor\`** linked to that provider: the same URL with \`X-Intranet-Role: rh:gestor\`, so the
  role check and the provider scope (\`"id_empresa" = ANY($n)\`) are in the path, as for most users;
- **bare route**: a Fastify route with nothing but a \`pg.Pool\`, running the SQL the API runs,
  \`${PAGE_SQL}\`, without a total: the practical limit;
- **bare route + exact count**: the same plus \`${COUNT_SQL}\` (a third of the table), for scale.

${table}

${summary}

${facts}${busy}

How the total stays nearly free: on a table above \`COUNT_EXACT_THRESHOLD\` rows (50,000 by default)
the total of a broad filter is the planner's estimate (\`EXPLAIN\`), as PostgREST's
\`count=estimated\`, flagged by \`X-Total-Estimated: true\`; the estimate of each (table, filter,
parameters) is reused for 5 seconds, so paging costs the page query alone. Where the estimate says
the matching rows are few, the total is an exact \`count(*)\`, reused like an estimate on a table this
big (on small tables exact totals are never cached). A partial page tells its exact total without any extra query. See
\`ResourceService.count()\` in src/server/resources/service.ts.

To run it again: \`npm run bench:api\` (uses \`DATABASE_URL\`, or postgres://postgres@127.0.0.1:5432/postgres;
creates the database \`${DB_NAME}\` and drops it at the end). \`BENCH_KEEP_DB=1\` keeps it and
\`BENCH_REUSE=1\` measures again on the kept one; \`BENCH_ROUNDS\`, \`BENCH_DURATION\` and \`BENCH_POOL\`
change the rounds, the seconds per run and the pool size; \`--small\` (or \`BENCH_SMALL=1\`) is CI's small mode. It exits with status 1 when a goal is missed.
`;
  // Its own section only (between its markers): the other benchmarks' sections stay as they are.
  writeSection('api', section, { heading: '## API: a list page with its total (`npm run bench:api`)' });
  process.exit(pass ? 0 : 1);
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3]).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
