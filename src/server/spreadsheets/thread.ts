// Work off the request's event loop: a function of a module run in a worker thread of its own, with a
// heap limit and a deadline, for parsing untrusted spreadsheets (a crafted file that blows up in
// memory or time ends its worker, never the server).
import { Worker } from 'node:worker_threads';

export interface ThreadLimits {
  /** Milliseconds before the worker is stopped. */
  timeoutMs: number;
  /** The worker's heap (V8 old generation) in MB. */
  maxHeapMb: number;
}

/** Why a worker gave no answer: it ran out of memory, out of time, or failed. */
export class ThreadFailure extends Error {
  constructor(
    readonly reason: 'memory' | 'timeout' | 'error',
    message: string,
  ) {
    super(message);
  }
}

/** Runs `name` exported by `module` (a file URL) on `input` in a new worker; `transfer` moves buffers instead of copying them. */
export function runInThread<I, O>(module: URL, name: string, input: I, limits: ThreadLimits, transfer: ArrayBuffer[] = []): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url), {
      workerData: { url: module.href, name, input },
      transferList: transfer,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new ThreadFailure('timeout', `tempo esgotado (${limits.timeoutMs} ms)`))), limits.timeoutMs);
    worker.once('message', (answer: O) => settle(() => resolve(answer)));
    worker.once('error', (e: Error & { code?: string }) =>
      settle(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ThreadFailure('memory', e.message) : new ThreadFailure('error', e.message))),
    );
    worker.once('exit', (code) => settle(() => reject(new ThreadFailure('error', `o processo de leitura terminou (código ${code})`))));
  });
}
