// The real product for an end-to-end test file: `node --import tsx src/server/main.ts` as a child process on a
// free loopback port, with a fresh DATA_DIR (embedded PGlite) and the demo seed; stopped afterwards. The DATA_DIR
// starts as a copy of the run's template (helpers/dataTemplate.ts: the first start, migrations and seed, done once).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });

/** Sends a signal to the child's whole process group (npx -> tsx -> node). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** The data directory of the run's first start (helpers/dataTemplate.ts), when the project's global setup made one. */
function dataTemplate(): string | undefined {
  try {
    const dir = inject('e2eDataTemplate');
    return dir && existsSync(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the product. `env.DATA_DIR` names a directory of the caller's (kept at stop); without it a fresh temporary
 * one (removed at stop unless `keepDataDir`). An empty data directory first gets a copy of the run's template
 * (`fromTemplate: false` starts from nothing: migrations and seed).
 */
export async function startServer(
  options: { env?: Record<string, string>; timeoutMs?: number; fromTemplate?: boolean; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDir = !options.env?.DATA_DIR;
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'intranet-e2e-'));
  const template = options.fromTemplate === false ? undefined : dataTemplate();
  if (template && (!existsSync(dataDir) || readdirSync(dataDir).length === 0)) cpSync(template, dataDir, { recursive: true });
  const removeDataDir = () => {
    if (ownDir && !options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The end-to-end server always runs on its own embedded PGlite, whatever the caller's environment.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;

  // tsx as Node's loader (no npx, no tsx CLI process in between). detached: its own process group, so stop()
  // reaches every process under it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const done = exited(child);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    signalGroup(child, 'SIGTERM');
    const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await done;
    clearTimeout(killer);
    removeDataDir();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  let early = false;
  void done.then(() => (early = true));
  while (true) {
    if (early) {
      removeDataDir();
      throw new Error(`the server exited before answering /health (code ${child.exitCode}, signal ${child.signalCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer GET /health within ${options.timeoutMs ?? 150_000} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return { url, port, dataDir, output: () => log, stop };
}

/** A JSON call to the running product with a bearer token (and a role header); throws unless it answered 2xx. */
export async function apiJson(baseUrl: string, method: string, path: string, token: string, body?: unknown, role?: string) {
  const r = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(role ? { 'x-intranet-role': role } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The id token of a user signed in through the API. */
export async function apiLogin(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const r = await fetch(`${baseUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  return (await r.json()).idToken as string;
}
