// npm run drill:database: the server through a PostgreSQL restart and a 20 s stop, under a write load.
//
// Starts its own PostgreSQL in a temporary folder (the machine's initdb and pg_ctl: PATH, PG_BIN, or
// /usr/lib/postgresql/<newest>/bin; as root they run as the OS user postgres through runuser), starts
// the real server (src/server/main.ts, a child process) on it, signs in as the superadmin and keeps
// writers creating categories and a reader reading lists and /health. Meanwhile: pg_ctl restart -m
// fast, then pg_ctl stop -m fast for DRILL_STOP_SECONDS (20), then start. Then every acknowledged
// write (2xx) is looked up in the database.
// Fails (exit 1) when an acknowledged write is missing, a response is a 5xx other than 503 (or a 503
// without Retry-After), a request hangs, the server process dies, or it does not answer again within
// DRILL_MAX_RECOVERY_SECONDS (10) of the database's return. Exit 2: it could not run (no initdb).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STOP_SECONDS = Number(process.env.DRILL_STOP_SECONDS ?? 20);
const MAX_RECOVERY = Number(process.env.DRILL_MAX_RECOVERY_SECONDS ?? 10);
const WRITERS = 4;
const PASSWORD = 'Drill#Senha2026';
const EMAIL = 'admin@intranet.local';
/** A request taking longer than this counts as hung: the server must answer 503 instead of waiting. */
const REQUEST_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
const secs = (ms: number) => (ms / 1000).toFixed(1);
const log = (msg: string) => console.log(`[${secs(now())} s] ${msg}`);

function findBin(): string | null {
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const inPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (inPath && has(dirname(inPath))) return dirname(inPath);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => has(join(base, v, 'bin'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL in a temporary folder.

const bin = findBin();
if (!bin) {
  console.error('initdb/pg_ctl not found (PATH, PG_BIN, /usr/lib/postgresql/<version>/bin): the drill needs a PostgreSQL installation.');
  process.exit(2);
}
// initdb refuses to run as root: as root, the cluster belongs to the OS user postgres.
const asRoot = process.getuid?.() === 0;
let owner: { uid: number; gid: number } | null = null;
if (asRoot) {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [u, g] = [id('-u'), id('-g')];
  const hasRunuser = spawnSync('sh', ['-c', 'command -v runuser'], { encoding: 'utf8' }).status === 0;
  if (u.status !== 0 || !hasRunuser) {
    console.error('Running as root: initdb and pg_ctl must run as the OS user postgres through runuser, and one of them is missing.');
    process.exit(2);
  }
  owner = { uid: Number(u.stdout), gid: Number(g.stdout) };
}

const dir = mkdtempSync(join(tmpdir(), 'intranet-drill-'));
const data = join(dir, 'data');
if (owner) chownSync(dir, owner.uid, owner.gid);
const pgPort = await freePort();
const appPort = await freePort();
const pgOptions = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`;
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
let pgRunning = false;

// Not spawnSync: the load must go on while pg_ctl waits for the server.
function pgTool(tool: string, args: string[]) {
  const cmd = join(bin!, tool);
  const child = owner ? spawn('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: dir }) : spawn(cmd, args, { cwd: dir });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}
const pgCtl = (action: string, ...extra: string[]) => pgTool('pg_ctl', [action, '-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', ...extra]);

// ---------------------------------------------------------------------------------------------------
// The server, as it runs in production: its own process.

let server: ChildProcess | null = null;
const serverOutput: string[] = [];
let serverExit: string | null = null;
let lostOutsideRequests = 0;

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(appPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'false', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      if (line.includes('fora de uma requisição')) lostOutsideRequests++;
      serverOutput.push(line);
      if (serverOutput.length > 200) serverOutput.shift();
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code, signal) => (serverExit = `exit code ${code}${signal ? `, signal ${signal}` : ''}`));
  return child;
}

const base = `http://127.0.0.1:${appPort}`;
async function waitFor(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = now() + ms;
  while (!(await check().catch(() => false))) {
    if (serverExit) throw new Error(`the server process ended while waiting for ${what} (${serverExit})`);
    if (now() > deadline) throw new Error(`${what}: not within ${secs(ms)} s`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------------
// The load.

interface Stats {
  statuses: Map<string, number>;
  acknowledged: Map<number, string>;
  other5xx: string[];
  without503RetryAfter: number;
  hung: number;
  refused: number;
  /** Time of each success, to find the first one after the database's return. */
  successes: number[];
  failures: number[];
}
const stats: Stats = { statuses: new Map(), acknowledged: new Map(), other5xx: [], without503RetryAfter: 0, hung: 0, refused: 0, successes: [], failures: [] };
let running = true;
let token = '';

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any } | null> {
  const label = `${method} ${path.replace(/\?.*/, '')}`;
  try {
    const r = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await r.text();
    const key = `${label} ${r.status}`;
    stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
    if (r.status >= 500 && r.status !== 503) stats.other5xx.push(`${key}: ${text.slice(0, 200)}`);
    if (r.status === 503 && !r.headers.get('retry-after')) stats.without503RetryAfter++;
    (r.ok ? stats.successes : stats.failures).push(now());
    return { status: r.status, json: text ? JSON.parse(text) : null };
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') stats.hung++;
    else stats.refused++;
    const key = `${label} ${name === 'TimeoutError' ? 'timeout' : 'no answer'}`;
    stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
    stats.failures.push(now());
    return null;
  }
}

async function writer(n: number) {
  for (let seq = 1; running; seq++) {
    const titulo = `Drill ${n}-${seq}`;
    const r = await request('POST', '/api/categories', { titulo });
    if (r && r.status >= 200 && r.status < 300) stats.acknowledged.set(r.json.id, titulo);
    // A real client would wait Retry-After; the drill retries sooner to measure the recovery.
    await sleep(r && r.status < 300 ? 5 : 100);
  }
}

async function reader() {
  while (running) {
    await request('GET', '/api/categories?range=[0,9]');
    await request('GET', '/health');
    await sleep(100);
  }
}

/** Seconds from `since` (the database back) to the first success after it. */
async function recovery(since: number): Promise<number> {
  await waitFor('an acknowledged request after the database is back', async () => stats.successes.some((t) => t > since), MAX_RECOVERY * 1000 + REQUEST_TIMEOUT_MS);
  return (stats.successes.find((t) => t > since)! - since) / 1000;
}

/** Seconds from `since` until the server's LISTEN connection (realtime events) is back. */
async function listenerBack(since: number): Promise<number> {
  await waitFor('the realtime LISTEN connection', async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN %'`)).rows.length > 0;
    } finally {
      await c.end();
    }
  }, MAX_RECOVERY * 1000 + 5000);
  return (now() - since) / 1000;
}

// ---------------------------------------------------------------------------------------------------

async function cleanup() {
  running = false;
  if (server && !serverExit) {
    server.kill('SIGTERM');
    const ended = new Promise((r) => server!.once('exit', r));
    if (!(await Promise.race([ended.then(() => true), sleep(5000).then(() => false)]))) server.kill('SIGKILL');
  }
  if (pgRunning) {
    await pgCtl('stop', '-m', 'immediate').catch(() => {});
  }
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

let ok = false;
const report: string[] = [];
try {
  log(`PostgreSQL from ${bin}${owner ? ' (as the OS user postgres)' : ''} in ${dir}, port ${pgPort}`);
  await pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  await pgCtl('start', '-o', pgOptions);
  pgRunning = true;

  log(`starting the server (src/server/main.ts) on port ${appPort}`);
  server = startServer();
  await waitFor('the server', async () => (await fetch(`${base}/health`)).ok, 90_000);
  const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  token = (await login.json()).idToken;
  if (!token) throw new Error(`sign-in failed: ${login.status}`);

  log(`load: ${WRITERS} writers and a reader`);
  const load = [...Array.from({ length: WRITERS }, (_, i) => writer(i + 1)), reader()];
  await waitFor('the first writes', async () => stats.acknowledged.size >= 20, 30_000);

  log('pg_ctl restart -m fast');
  const restartAt = now();
  await pgCtl('restart', '-m', 'fast', '-o', pgOptions);
  const restarted = now();
  const afterRestart = await recovery(restarted);
  const failuresInRestart = stats.failures.filter((t) => t > restartAt).length;
  const listenerAfterRestart = await listenerBack(restarted);
  log(`answering again ${afterRestart.toFixed(1)} s after the restart, realtime listening again after ${listenerAfterRestart.toFixed(1)} s`);
  await sleep(2000);

  log(`pg_ctl stop -m fast, for ${STOP_SECONDS} s`);
  await pgCtl('stop', '-m', 'fast');
  pgRunning = false;
  const stoppedAt = now();
  await sleep(STOP_SECONDS * 1000);
  const failuresWhileStopped = stats.failures.filter((t) => t > stoppedAt).length;
  log('pg_ctl start');
  await pgCtl('start', '-o', pgOptions);
  pgRunning = true;
  const started = now();
  const afterStop = await recovery(started);
  const listenerAfterStop = await listenerBack(started);
  log(`answering again ${afterStop.toFixed(1)} s after the start, realtime listening again after ${listenerAfterStop.toFixed(1)} s`);
  await sleep(3000);
  running = false;
  await Promise.all(load);

  const alive = !serverExit && (await fetch(`${base}/health`).then((r) => r.ok, () => false));
  const ids = [...stats.acknowledged.keys()];
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const found = new Set((await c.query<{ id: number }>('SELECT id FROM rh.categoria WHERE id = ANY ($1::int[])', [ids])).rows.map((r) => r.id));
  await c.end();
  const missing = ids.filter((id) => !found.has(id));

  const checks: [string, boolean][] = [
    [`acknowledged writes: ${ids.length}`, ids.length > 0],
    [`acknowledged writes missing from the database: ${missing.length}${missing.length ? ` (ids ${missing.slice(0, 10).join(', ')})` : ''}`, missing.length === 0],
    [`5xx other than 503: ${stats.other5xx.length}`, stats.other5xx.length === 0],
    [`503 without Retry-After: ${stats.without503RetryAfter}`, stats.without503RetryAfter === 0],
    [`requests hung over ${REQUEST_TIMEOUT_MS / 1000} s: ${stats.hung}`, stats.hung === 0],
    [`requests the server did not answer (process down?): ${stats.refused}`, stats.refused === 0],
    [`failed requests (503) during the restart: ${failuresInRestart}; while the database was stopped: ${failuresWhileStopped}`, failuresWhileStopped > 0],
    [`server process: ${alive ? 'alive, /health 200' : `NOT alive (${serverExit ?? '/health failed'})`}`, alive],
    [`seconds to recovery after the restart: ${afterRestart.toFixed(1)}`, afterRestart <= MAX_RECOVERY],
    [`seconds to recovery after the ${STOP_SECONDS} s stop: ${afterStop.toFixed(1)}`, afterStop <= MAX_RECOVERY],
    [`seconds until realtime events are listened to again: ${listenerAfterRestart.toFixed(1)} after the restart, ${listenerAfterStop.toFixed(1)} after the stop`, Math.max(listenerAfterRestart, listenerAfterStop) <= MAX_RECOVERY],
  ];
  report.push(...checks.map(([text, pass]) => `  ${pass ? 'ok  ' : 'FAIL'} ${text}`));
  ok = checks.every(([, pass]) => pass);
} catch (e) {
  report.push(`  FAIL the drill could not complete: ${(e as Error).message}`);
} finally {
  await cleanup();
}
if (stats.statuses.size) report.push('  responses:', ...[...stats.statuses].sort().map(([key, n]) => `    ${key}: ${n}`));
if (lostOutsideRequests) report.push(`  database errors caught at process level (logged, survived): ${lostOutsideRequests}`);
for (const sample of stats.other5xx.slice(0, 5)) report.push(`  5xx: ${sample}`);

console.log(`\nDatabase drill (restart, then a ${STOP_SECONDS} s stop, under write load):\n${report.join('\n')}`);
if (!ok && serverOutput.length) console.log(`\nLast lines of the server:\n${serverOutput.slice(-40).join('\n')}`);
console.log(ok ? '\nRESULT: PASS' : '\nRESULT: FAIL');
process.exit(ok ? 0 : 1);
