// The tracking links' redirect under load, through the real application (buildApp, listening on
// loopback): autocannon with 50 connections sending 100,000 requests (~10 s) to one link (GET /l/<code>, a browser's
// user agent), on PGlite and, with DATABASE_URL, on PostgreSQL. Then the app closes (its onClose
// writes the buffered clicks) and the clicks recorded must equal the 302 answers sent: no click lost.
// Prints req/s and latency percentiles; goal >= 5,000 req/s with p99 < 10 ms on a 2-core machine.
//
//   npm run bench:redirect [-- --only pglite|postgres] [--requests 100000] [--connections 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp, SCHEMAS_DIR } from '../src/server/app.js';
import type { Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { SYSTEM } from '../src/server/resources/service.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { trackingServices } from '../src/server/tracking/service.js';
import { onEachDatabase, option } from './bench-kit.js';

const GOAL_RPS = 5_000;
const GOAL_P99_MS = 10;
// A fixed number of requests (about 10 s at the goal's pace and more): every answer is counted, none in flight at the end.
const requests = Number(option('requests') ?? 100_000);
const connections = Number(option('connections') ?? 50);
const registry = loadRegistry(SCHEMAS_DIR);
const dir = mkdtempSync(join(tmpdir(), 'bench-redirect-'));
const UA = 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
let failed = false;

async function bench(kind: string, db: Database) {
  await migrate(db, registry);
  // The whole load comes from one address: its per-address limit (TRACKING_REDIRECTS_PER_MINUTE) is off.
  const app = await buildApp({ db, registry, config: { trackingBaseUrl: 'http://127.0.0.1', trackingRedirectsPerMinute: 0 } });
  let closed = false;
  try {
    const service = app.resources;
    const provider = await service.create(service.get('providers'), { nome: 'Bitcom', site: 'https://www.bitcom.com.br' }, SYSTEM);
    const campaign = await service.create(service.get('sales-campaigns'), { nome: 'Black Friday', bitcom: true }, SYSTEM);
    const channel = await service.create(service.get('sales-channels'), { nome: 'Instagram', bitcom: true }, SYSTEM);
    const link = await service.create(service.get('tracking-links'), { id_empresa: provider.id, id_campanha: campaign.id, id_canal: channel.id }, SYSTEM);
    const path = new URL(String(link.url)).pathname;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Warm-up (JIT, the code's cache, the user agent's parse).
    await autocannon({ url: `${address}${path}`, connections: 10, amount: 5_000, headers: { 'user-agent': UA } });
    await trackingServices.get(db)!.clicks.flush();
    const before = Number((await db.query<{ n: string }>('SELECT coalesce((SELECT cliques FROM vendas.tracking_url_cliques WHERE id_tracking_url = $1), 0) AS n', [link.id])).rows[0].n);
    const load = loadavg()[0].toFixed(1);
    // The load comes from a worker thread: the server's event loop is its own.
    const result = await autocannon({ url: `${address}${path}`, connections, amount: requests, headers: { 'user-agent': UA }, workers: 1 });
    // A clean stop writes what the buffer holds (onClose).
    await app.close();
    closed = true;
    const sent = result['3xx'];
    const { rows } = await db.query<{ clicks: string; counter: string }>(
      `SELECT (SELECT count(*) FROM vendas.tracking_clique WHERE id_tracking_url = $1) AS clicks, (SELECT cliques FROM vendas.tracking_url_cliques WHERE id_tracking_url = $1) AS counter`,
      [link.id],
    );
    const recorded = Number(rows[0].counter) - before;
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const ok = rps >= GOAL_RPS && p99 < GOAL_P99_MS && recorded === sent && sent === requests && result.errors === 0;
    if (!ok) failed = true;
    console.log(
      `${kind}: ${Math.round(rps).toLocaleString('pt-BR')} req/s (meta ${GOAL_RPS.toLocaleString('pt-BR')}), latência p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${p99} ms (meta < ${GOAL_P99_MS} ms), ` +
        `${sent.toLocaleString('pt-BR')} redirecionamentos, ${recorded.toLocaleString('pt-BR')} cliques gravados (${Number(rows[0].clicks).toLocaleString('pt-BR')} linhas com o aquecimento), ` +
        `erros ${result.errors}, carga ${load} — ${ok ? 'OK' : 'ABAIXO DA META'}`,
    );
  } finally {
    if (!closed) await app.close();
  }
}

try {
  console.log(`Redirecionamento dos links de rastreamento: ${connections} conexões, ${requests.toLocaleString('pt-BR')} requisições`);
  await onEachDatabase(dir, option('only'), bench);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
