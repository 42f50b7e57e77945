// npm run drill:import: the server keeps answering while it does long work.
//
// Starts the real server (src/server/main.ts, a child process, as production runs it) on the embedded
// PGlite (a temporary DATA_DIR) and, with DATABASE_URL, on a PostgreSQL database created for the run
// and dropped after it. Signed in as the superadmin it makes a provider, a campaign, a channel and a
// tracking link, and uploads a 200,000-row lead spreadsheet (CSV, about 8.5 MB: inside the documented
// limits) and a zip bomb (an xlsx of a few hundred KB whose sheet inflates to 300 MB). Then, while
// probes ask for `/health` (which reads the database) and the link's redirect `/l/<code>` every
// 20 ms each, it imports the spreadsheet (POST /api/rest/v1/lead/dados/importacao) and then the zip
// bomb (refused: 400), and then makes the leads of a 20,000-row import (POST v1/lead/importacao/mk, in
// steps too; --no-leads leaves that out). For each it prints the import's time and the probes' latencies (p50, p99,
// max). Fails (exit 1) when a probe's p99 passes DRILL_MAX_P99_MS (100), a probe fails, the
// spreadsheet is not imported whole, the bomb is not refused, the leads are not all made, or the
// server dies.
//
//   npm run drill:import [-- --only pglite|postgres] [--rows 200000] [--no-leads]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import pg from 'pg';
import { demoCpf } from '../src/server/customers/seed.js';
import { option } from './bench-kit.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(option('rows') ?? 200_000);
const WITH_LEADS = !process.argv.includes('--no-leads');
/** The rows of the import whose leads are made. */
const LEADS = 20_000;
const ONLY = option('only');
const MAX_P99_MS = Number(process.env.DRILL_MAX_P99_MS ?? 100);
const PROBE_EVERY_MS = 20;
const EMAIL = 'admin@intranet.local';
const PASSWORD = 'Drill#Senha2026';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
const log = (msg: string) => console.log(`[${(now() / 1000).toFixed(1)} s] ${msg}`);

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
// The files.

/** ROWS people: a name, a valid CPF and a mobile of their own (digits only, as many spreadsheets have them); no two alike, in any run. */
function spreadsheet(rows: number, from = 0): Buffer {
  const lines = ['nome;cpf;telefone'];
  for (let i = from; i < from + rows; i++) {
    const n = String(10_000_000 + i).slice(-8);
    lines.push(`Pessoa ${i + 1} Silva;${demoCpf(String(100_000_000 + i)).replace(/\D/g, '')};319${n}`);
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** A zip of the given entries, each deflated (the layout of an xlsx). */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const size = central.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** An xlsx whose one sheet inflates to 300 MB (a shared cell repeated): a few hundred KB on the wire. */
function zipBomb(): Buffer {
  const row = '<row><c t="inlineStr"><is><t>Pessoa</t></is></c></row>';
  const body = row.repeat(Math.ceil((300 * 1024 * 1024) / row.length));
  const sheet = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`);
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`);
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    },
    {
      name: 'xl/workbook.xml',
      data: xml('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

// ---------------------------------------------------------------------------------------------------
// The server.

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
  exit: string | null;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      // The probes follow the link 50 times a second from one address.
      TRACKING_REDIRECTS_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { base: `http://127.0.0.1:${port}`, child, output: [], exit: null };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) server.output.push(line);
    if (server.output.length > 200) server.output.splice(0, server.output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code, signal) => (server.exit = `exit code ${code}${signal ? `, signal ${signal}` : ''}`));
  const deadline = now() + 120_000;
  while (!(await fetch(`${server.base}/health`).then((r) => r.ok, () => false))) {
    if (server.exit) throw new Error(`the server ended while starting (${server.exit}):\n${server.output.slice(-20).join('\n')}`);
    if (now() > deadline) throw new Error('the server did not start within 120 s');
    await sleep(200);
  }
  return server;
}

async function stopServer(server: Server) {
  if (server.exit) return;
  server.child.kill('SIGTERM');
  const ended = new Promise((r) => server.child.once('exit', r));
  if (!(await Promise.race([ended.then(() => true), sleep(10_000).then(() => false)]))) server.child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------------
// The probes.

interface Probe {
  path: string;
  latencies: number[];
  failures: string[];
}

/** Asks for path every PROBE_EVERY_MS until stopped; each answer's time is kept. */
async function probe(base: string, p: Probe, running: () => boolean, expected: number) {
  while (running()) {
    const t = now();
    try {
      const r = await fetch(base + p.path, { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
      await r.arrayBuffer();
      p.latencies.push(now() - t);
      if (r.status !== expected) p.failures.push(`${r.status}`);
    } catch (e) {
      p.latencies.push(now() - t);
      p.failures.push((e as Error).name);
    }
    await sleep(PROBE_EVERY_MS);
  }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
function summary(p: Probe) {
  const s = [...p.latencies].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s[s.length - 1] ?? NaN, failures: p.failures.length };
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------
// One database.

interface Phase {
  label: string;
  seconds: number;
  outcome: string;
  ok: boolean;
  probes: ReturnType<typeof summary>[];
}

async function drill(kind: string, env: Record<string, string>, files: { csv: Buffer; small: Buffer; bomb: Buffer }): Promise<Phase[]> {
  log(`${kind}: starting the server`);
  const server = await startServer(env);
  try {
    const login = await fetch(`${server.base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const token = (await login.json()).idToken as string;
    if (!token) throw new Error(`sign-in failed: ${login.status}`);
    const headers = { authorization: `Bearer ${token}` };
    const post = async (path: string, body: unknown) => {
      const r = await fetch(server.base + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = await r.json().catch(() => null);
      return { status: r.status, json };
    };
    const made = async (path: string, body: unknown) => {
      const r = await post(path, body);
      if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    };
    const provider = await made('/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' });
    const campaign = await made('/api/sales-campaigns', { nome: 'Feira', bitcom: true });
    const channel = await made('/api/sales-channels', { nome: 'Evento', bitcom: true });
    const link = await made('/api/tracking-links', { id_empresa: provider.id, id_campanha: campaign.id, id_canal: channel.id });
    const linkPath = new URL(String(link.url)).pathname;
    const upload = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      form.append('bucket-id', 'importacoes');
      const r = await fetch(`${server.base}/v1/files/`, { method: 'POST', headers, body: form });
      const json = await r.json();
      if (r.status !== 200) throw new Error(`upload of ${name}: ${r.status} ${JSON.stringify(json)}`);
      return json.processedFiles[0].id as string;
    };
    const csvId = await upload('participantes.csv', files.csv);
    const smallId = await upload('feira.csv', files.small);
    const bombId = await upload('bomba.xlsx', files.bomb);
    // Warm: the link's target cached, the connections open.
    for (let i = 0; i < 20; i++) {
      await fetch(server.base + linkPath, { redirect: 'manual' }).then((r) => r.arrayBuffer());
      await fetch(`${server.base}/health`).then((r) => r.arrayBuffer());
    }

    const phases: Phase[] = [];
    const during = async (label: string, work: () => Promise<{ ok: boolean; outcome: string }>) => {
      const probes: Probe[] = [
        { path: '/health', latencies: [], failures: [] },
        { path: linkPath, latencies: [], failures: [] },
      ];
      let running = true;
      const probing = [probe(server.base, probes[0], () => running, 200), probe(server.base, probes[1], () => running, 302)];
      await sleep(200);
      const t0 = now();
      const result = await work().catch((e) => ({ ok: false, outcome: `failed: ${(e as Error).message}` }));
      const seconds = (now() - t0) / 1000;
      running = false;
      await Promise.all(probing);
      const stats = probes.map(summary);
      const ok = result.ok && stats.every((s) => s.failures === 0 && s.p99 <= MAX_P99_MS) && !server.exit;
      phases.push({ label, seconds, outcome: result.outcome, ok, probes: stats });
      log(`${kind}: ${label}: ${result.outcome} in ${seconds.toFixed(1)} s; /health p99 ${ms(stats[0].p99)}, redirect p99 ${ms(stats[1].p99)}`);
    };
    const importBody = (id_file: string) => ({ id_file, id_campanha: campaign.id, id_canal: channel.id, id_empresa: provider.id });
    await during(`import of ${ROWS.toLocaleString('en')} rows (CSV, ${(files.csv.length / 1024 / 1024).toFixed(1)} MB)`, async () => {
      const r = await post('/api/rest/v1/lead/dados/importacao', importBody(csvId));
      const total = r.json?.insert_vendas_lead_importacao?.returning?.[0]?.total_participantes;
      return { ok: r.status === 200 && total === ROWS, outcome: r.status === 200 ? `200, ${total} rows` : `${r.status} ${JSON.stringify(r.json).slice(0, 200)}` };
    });
    await during(`zip bomb (xlsx, ${(files.bomb.length / 1024).toFixed(0)} KB, 300 MB inflated)`, async () => {
      const r = await post('/api/rest/v1/lead/dados/importacao', importBody(bombId));
      return { ok: r.status === 400, outcome: `${r.status} ${String(r.json?.message ?? '').slice(0, 120)}` };
    });
    // Criar Novas Leads of a 20,000-row import, made in steps too.
    if (!WITH_LEADS) return phases;
    const small = await post('/api/rest/v1/lead/dados/importacao', importBody(smallId));
    const smallImport = small.json?.insert_vendas_lead_importacao?.returning?.[0];
    if (small.status !== 200 || !smallImport) throw new Error(`import of feira.csv: ${small.status} ${JSON.stringify(small.json)}`);
    await during(`Criar Novas Leads of a ${LEADS.toLocaleString('en')}-row import`, async () => {
      const r = await post('/v1/lead/importacao/mk', { lead: true, id_importacao_evento: smallImport.id });
      const made = r.json?.criaLeadImportada?.criadas;
      return { ok: r.status === 200 && made === LEADS, outcome: r.status === 200 ? `200, ${made} leads` : `${r.status} ${JSON.stringify(r.json).slice(0, 200)}` };
    });
    return phases;
  } catch (e) {
    console.log(server.output.slice(-30).join('\n'));
    throw e;
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------------------------------------------

log(`writing the files: ${ROWS.toLocaleString('en')} rows, a zip bomb`);
const files = { csv: spreadsheet(ROWS), small: spreadsheet(LEADS, 50_000_000), bomb: zipBomb() };
const results: { kind: string; phases: Phase[] | null; error?: string }[] = [];
const load = loadavg()[0].toFixed(1);

if (ONLY !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'intranet-drill-import-'));
  try {
    results.push({ kind: 'PGlite', phases: await drill('PGlite', { DATA_DIR: dir, DATABASE_URL: '' }, files) });
  } catch (e) {
    results.push({ kind: 'PGlite', phases: null, error: (e as Error).message });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite' && process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  const name = `intranet_drill_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  try {
    results.push({ kind: 'PostgreSQL', phases: await drill('PostgreSQL', { DATABASE_URL: url.toString() }, files) });
  } catch (e) {
    results.push({ kind: 'PostgreSQL', phases: null, error: (e as Error).message });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else if (ONLY !== 'pglite') {
  console.log('(defina DATABASE_URL para o exercício também no PostgreSQL)');
}

console.log(`\nLong work drill (probes every ${PROBE_EVERY_MS} ms; goal p99 <= ${MAX_P99_MS} ms; load average ${load} at the start, ${loadavg()[0].toFixed(1)} at the end):`);
console.log('| database | work | time | outcome | /health p50 / p99 / max | redirect p50 / p99 / max | probes | result |');
console.log('| --- | --- | ---: | --- | --- | --- | ---: | --- |');
let ok = results.length > 0;
for (const r of results) {
  if (!r.phases) {
    ok = false;
    console.log(`| ${r.kind} | the drill could not complete: ${r.error} | | | | | | FAIL |`);
    continue;
  }
  for (const p of r.phases) {
    ok &&= p.ok;
    const [h, l] = p.probes;
    console.log(
      `| ${r.kind} | ${p.label} | ${p.seconds.toFixed(1)} s | ${p.outcome} | ${ms(h.p50)} / ${ms(h.p99)} / ${ms(h.max)} | ${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)} | ${h.n + l.n}${h.failures + l.failures ? ` (${h.failures + l.failures} failed)` : ''} | ${p.ok ? 'ok' : 'FAIL'} |`,
    );
  }
}
console.log(ok ? '\nRESULT: PASS' : '\nRESULT: FAIL');
process.exit(ok ? 0 : 1);
