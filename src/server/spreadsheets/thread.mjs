// The entry of a worker thread of runInThread (thread.ts): loads the task's module (TypeScript through
// tsx, which the server already runs on, or JavaScript as is), runs the named function on the input
// and posts its answer back. A plain .mjs file, so it starts the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';

const { url, name, input } = workerData;
const mod = url.endsWith('.ts') ? await (await import('tsx/esm/api')).tsImport(url, import.meta.url) : await import(url);
parentPort.postMessage(await mod[name](input));
