// Vitest global setup of the e2e project: the product's first start (migrations, the superadmin, the demo data and
// users) done once per run instead of once per test file. It starts the real server (helpers/server.ts) on a fresh
// DATA_DIR with the demo seed, stops it cleanly and provides the directory; each test file's startServer() then
// starts on a copy of it, which the server takes as any restart does (the migrations and the seed find nothing to
// do), as its own fresh database. Under CI's load a first start took 30-70 s and a restart a third of that.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory (DATA_DIR) of a stopped server that started once with the demo seed. */
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer({ fromTemplate: false, keepDataDir: true });
  await server.stop();
  project.provide('e2eDataTemplate', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
