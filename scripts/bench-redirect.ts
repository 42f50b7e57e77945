// The tracking links' redirect under load, through the real application (buildApp as main.ts builds
// it, its logger at info, listening on loopback), against a bare Fastify route in the same run: on
// PGlite and, with DATABASE_URL, on PostgreSQL (a database created for the run). For each database:
//   1. the app starts and one link is made; a warm-up (5,000 requests) fills the JIT and the code's cache;
//   2. the bare route starts: a fresh Fastify() with a single route GET /l/:code answering the same
//      302 with the same headers as the redirect (copied from one of its answers), on loopback;
//   3. rounds alternate (--rounds, 3): the bare route, then the redirect (GET /l/<code>, a browser's
//      user agent), then the bare route again, and so on, each redirect run between two of the
//      bare route's; each side's throughput is over all of its runs, so a change of the machine's
//      load weighs on both sides (on a shared 2-core machine one run of the bare route moved
//      between 12,000 and 28,000 requests/s);
//   4. the app closes (its onClose writes the buffered clicks) and the link's clicks counted in the
//      database must equal the 302 answers sent: no click lost.
// Every run has the same autocannon settings: 50 connections, 100,000 requests, the load from a worker
// thread (the server's event loop is its own). Throughput is the requests answered divided by the
// run's elapsed time (autocannon's start to finish, sampled every 10 ms), not an average of per-second
// samples. Goals, on each database: the redirect's throughput ≥ 50% of the bare route's, the p99 of
// its median round (by p99; every round's is printed) ≤ 10 ms, every click recorded, no error.
// Prints the machine's cores and the 1-minute load average before each run; exits 1 when a goal is
// missed. A full run writes what it printed into its part of docs/benchmarks.md.
// --small (or BENCH_SMALL=1, as CI runs it): 1,000 requests after 500 of warm-up, one round; the ratio and the p99 are
// reported, and only a lost click or a failed request fails the run; docs/benchmarks.md is left alone.
//
//   npm run bench:redirect [-- --only pglite|postgres] [--requests 100000] [--connections 50] [--rounds 3] [--small]
import { mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp, SCHEMAS_DIR } from '../src/server/app.js';
import type { Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { SYSTEM } from '../src/server/resources/service.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { trackingServices } from '../src/server/tracking/service.js';
import { finish, onEachDatabase, option, recordOutput, SMALL, sizeOption, writeSection } from './bench-kit.js';

const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 10;
// A fixed number of requests (about 10 s at the goal's pace and more): every answer is counted, none in flight at the end.
const requests = sizeOption('requests', 100_000, 1_000);
/** Requests of each warm-up (the app's, the bare route's). */
const WARMUP = SMALL ? 500 : 5_000;
const connections = Number(option('connections') ?? 50);
const rounds = Math.max(1, sizeOption('rounds', 3, 1));
const registry = loadRegistry(SCHEMAS_DIR);
const dir = mkdtempSync(join(tmpdir(), 'bench-redirect-'));
const UA = 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
/** Headers of the answer that Node writes itself on any response. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Goals missed (depend on the machine's load) and wrong results (a lost click, a failed request). */
const missed: string[] = [];
const wrong: string[] = [];
const output = recordOutput();

const int = (n: number) => Math.round(n).toLocaleString('pt-BR');
const load = () => loadavg()[0].toFixed(1).replace('.', ',');

interface Run {
  result: autocannon.Result;
  /** Requests answered with the expected status per second of the run's elapsed time. */
  rps: number;
  answered: number;
  seconds: number;
  /** The 1-minute load average just before the run. */
  load: string;
}

async function measure(url: string, amount: number, workers?: number): Promise<Run> {
  const before = load();
  // sampleInt 10 ms: a run of `amount` requests ends at the first sample after the last answer, so
  // with the default (1 s) its start-to-finish time would be rounded up to the next second.
  const result = await autocannon({ url, connections, amount, sampleInt: 10, headers: { 'user-agent': UA }, ...(workers ? { workers } : {}) });
  const seconds = (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
  const answered = result['3xx'];
  return { result, rps: answered / seconds, answered, seconds, load: before };
}

/** Requests that failed or got another answer than the 302. */
const failures = (r: autocannon.Result) => r.errors + r.timeouts + r['1xx'] + r['2xx'] + r['4xx'] + r['5xx'];

/** A fresh Fastify with one route answering what the redirect answers: the practical limit of a 302. */
async function bareRoute(status: number, headers: Record<string, string>) {
  const bare = Fastify();
  bare.get('/l/:code', async (_request, reply) => reply.code(status).headers(headers).send());
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { bare, address };
}

/** The app's log lines go where main.ts sends them (stdout, written synchronously), here /dev/null. */
const devNull = openSync('/dev/null', 'w');
const logger = { level: 'info', stream: { write: (line: string) => void writeSync(devNull, line) } };

const seconds = (s: number) => s.toFixed(2).replace('.', ',');

async function bench(kind: string, db: Database) {
  await migrate(db, registry);
  // As main.ts builds it (its logger at info). The whole load comes from one address: its per-address
  // limit (TRACKING_REDIRECTS_PER_MINUTE) is off.
  const app = await buildApp({ db, registry, logger, config: { trackingBaseUrl: 'http://127.0.0.1', trackingRedirectsPerMinute: 0 } });
  let closed = false;
  try {
    const service = app.resources;
    const provider = await service.create(service.get('providers'), { nome: 'Bitcom', site: 'https://www.bitcom.com.br' }, SYSTEM);
    const campaign = await service.create(service.get('sales-campaigns'), { nome: 'Black Friday', bitcom: true }, SYSTEM);
    const channel = await service.create(service.get('sales-channels'), { nome: 'Instagram', bitcom: true }, SYSTEM);
    const link = await service.create(service.get('tracking-links'), { id_empresa: provider.id, id_campanha: campaign.id, id_canal: channel.id }, SYSTEM);
    const path = new URL(String(link.url)).pathname;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Warm-up (JIT, the code's cache, the user agent's parse, the buffer's writes).
    await autocannon({ url: `${address}${path}`, connections: 10, amount: WARMUP, headers: { 'user-agent': UA } });
    // The bare route answers the same status and headers, byte for byte, as the redirect just did.
    const sample = await fetch(`${address}${path}`, { redirect: 'manual', headers: { 'user-agent': UA } });
    await sample.arrayBuffer();
    const headers = Object.fromEntries([...sample.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    const { bare, address: bareAddress } = await bareRoute(sample.status, headers);
    const baseline: Run[] = [];
    const runs: Run[] = [];
    let before: number;
    try {
      await autocannon({ url: `${bareAddress}/l/x`, connections: 10, amount: WARMUP, headers: { 'user-agent': UA } });
      await trackingServices.get(db)!.clicks.flush();
      before = Number((await db.query<{ n: string }>('SELECT coalesce((SELECT cliques FROM vendas.tracking_url_cliques WHERE id_tracking_url = $1), 0) AS n', [link.id])).rows[0].n);
      // Rounds alternate, each redirect run between two of the bare route's: a change of the
      // machine's load weighs on both sides.
      baseline.push(await measure(`${bareAddress}/l/x`, requests, 1));
      for (let round = 0; round < rounds; round++) {
        runs.push(await measure(`${address}${path}`, requests, 1));
        baseline.push(await measure(`${bareAddress}/l/x`, requests, 1));
      }
    } finally {
      await bare.close();
    }
    // A clean stop writes what the buffer holds (onClose).
    await app.close();
    closed = true;
    const { rows } = await db.query<{ clicks: string; counter: string }>(
      `SELECT (SELECT count(*) FROM vendas.tracking_clique WHERE id_tracking_url = $1) AS clicks, (SELECT cliques FROM vendas.tracking_url_cliques WHERE id_tracking_url = $1) AS counter`,
      [link.id],
    );
    const total = (list: Run[]) => ({ answered: list.reduce((n, r) => n + r.answered, 0), seconds: list.reduce((n, r) => n + r.seconds, 0) });
    const bareTotal = total(baseline);
    const redirectTotal = total(runs);
    const sent = redirectTotal.answered;
    const recorded = Number(rows[0].counter) - before;
    const bareRps = bareTotal.answered / bareTotal.seconds;
    const redirectRps = redirectTotal.answered / redirectTotal.seconds;
    const ratio = redirectRps / bareRps;
    // The latencies of the median round by p99 (each round's p99 is printed too).
    const median = [...runs].sort((a, b) => a.result.latency.p99 - b.result.latency.p99)[Math.floor(runs.length / 2)];
    const { latency } = median.result;
    const errors = [...runs, ...baseline].reduce((n, r) => n + failures(r.result), 0);
    const goals = { ratio: ratio >= GOAL_RATIO, p99: latency.p99 <= GOAL_P99_MS, clicks: recorded === sent && sent === requests * rounds, errors: errors === 0 };
    const ok = Object.values(goals).every(Boolean);
    if (!goals.ratio || !goals.p99) missed.push(`${kind}: ${Math.round(ratio * 100)}% da rota mínima, p99 ${latency.p99} ms`);
    if (!goals.clicks) wrong.push(`${kind}: ${int(sent)} redirecionamentos (esperados ${int(requests * rounds)}), ${int(recorded)} cliques gravados`);
    if (!goals.errors) wrong.push(`${kind}: ${errors} requisições com erro`);
    const mark = (met: boolean) => (met ? '' : ' ✗');
    const each = (list: Run[], f: (r: Run) => string) => list.map(f).join(', ');
    console.log(`${kind}:`);
    console.log(
      `  rota Fastify mínima (o mesmo 302, os mesmos cabeçalhos), ${baseline.length} rodadas: ${int(bareRps)} req/s (${int(bareTotal.answered)} em ${seconds(bareTotal.seconds)} s; ` +
        `por rodada ${each(baseline, (b) => int(b.rps))} req/s), latência p99 ${each(baseline, (b) => String(b.result.latency.p99))} ms, carga ${each(baseline, (b) => b.load)}`,
    );
    console.log(
      `  redirecionamento, ${runs.length} rodadas entre as da rota mínima: ${int(redirectRps)} req/s (${int(sent)} em ${seconds(redirectTotal.seconds)} s; por rodada ${each(runs, (r) => int(r.rps))}) ` +
        `= ${Math.round(ratio * 100)}% da rota mínima (meta ≥ ${GOAL_RATIO * 100}%)${mark(goals.ratio)}, p99 por rodada ${each(runs, (r) => String(r.result.latency.p99))} ms; ` +
        `rodada mediana: p50 ${latency.p50} ms, p97,5 ${latency.p97_5} ms, p99 ${latency.p99} ms (meta ≤ ${GOAL_P99_MS} ms)${mark(goals.p99)}; carga ${each(runs, (r) => r.load)}`,
    );
    console.log(
      `  ${int(sent)} redirecionamentos, ${int(recorded)} cliques gravados${mark(goals.clicks)} (${int(Number(rows[0].clicks))} linhas com o aquecimento), ` +
        `erros ${errors}${mark(goals.errors)} — ${ok ? 'OK' : 'ABAIXO DA META'}`,
    );
  } finally {
    if (!closed) await app.close();
  }
}

try {
  console.log(
    `Redirecionamento dos links de rastreamento contra uma rota Fastify mínima: ${connections} conexões, ${int(requests)} requisições por rodada; ` +
      `${availableParallelism()} núcleos, carga ${load()} no início`,
  );
  await onEachDatabase(dir, option('only'), bench);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!SMALL) writeSection('redirect', output.runSection());
finish({ wrong, missed });
