// The entry of the embedded database's worker thread (pgliteWorker.ts): loads it (TypeScript through
// tsx, which the server already runs on, or JavaScript as built) and serves the parent's port. A plain
// .mjs file, so it starts the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';

const load = (url) => (url.endsWith('.ts') ? import('tsx/esm/api').then((tsx) => tsx.tsImport(url, import.meta.url)) : import(url));
for (const url of workerData.input.preload ?? []) await load(url);
const mod = await load(workerData.module);
await mod.serve(parentPort, workerData.input);
parentPort.postMessage({ ready: true });
