// Vitest global setup of the api and ui projects: the migrated database every test file starts from,
// built once per run (for both projects) instead of once per file. On PGlite a tarball of the migrated data directory
// (a PGlite started from it skips initdb and the migrations); on PostgreSQL (DATABASE_URL) a migrated
// database each test database is created from (CREATE DATABASE … TEMPLATE). freshDatabase() in
// tests/helpers/app.ts uses it when this setup ran, and builds its database from scratch otherwise.
// TEST_PGLITE_TEMPLATE=<file> keeps the PGlite tarball there and reuses it when it exists: .ci/run builds it once for
// its runs on PGlite (the whole suite, then the date-sensitive suites at three dates), whose sources do not change
// in between. The template is built at the real time (the test clock is a worker's), so a run at TEST_CLOCK
// starts from the same one.
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createPglite, createPostgres } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of the migrated data directory's tarball. PostgreSQL: the template database's name. */
    databaseTemplate: string;
  }
}

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The template of this run, shared by the projects that use it (api and ui): one build, removed after the last. */
const SHARED = Symbol.for('intranet.tests.databaseTemplate');
interface Shared {
  made: Promise<{ template: string; remove?: () => unknown }>;
  users: number;
}

export default async function setup(project: TestProject) {
  const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };
  const shared = (holder[SHARED] ??= { made: build(), users: 0 });
  shared.users++;
  let made;
  try {
    made = await shared.made;
  } catch (e) {
    // A failed build is not kept for the next project (nor the next run in watch mode).
    if (holder[SHARED] === shared) delete holder[SHARED];
    throw e;
  }
  project.provide('databaseTemplate', made.template);
  return async () => {
    if (--shared.users > 0) return;
    if (holder[SHARED] === shared) delete holder[SHARED];
    await made.remove?.();
  };
}

async function build(): Promise<{ template: string; remove?: () => unknown }> {
  const registry = loadRegistry(SCHEMAS_DIR);
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    const name = `intranet_template_${tag}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const db = createPostgres(url.toString(), 2);
    try {
      await migrate(db, registry);
    } finally {
      await db.close();
    }
    return { template: name, remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const kept = process.env.TEST_PGLITE_TEMPLATE;
  if (kept && existsSync(kept)) return { template: kept };
  const db = await createPglite(null, { thread: false });
  let tarball: Buffer;
  try {
    await migrate(db, registry);
    tarball = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
  } finally {
    await db.close();
  }
  if (kept) {
    // Written whole, then renamed: a run never reads half a tarball.
    writeFileSync(`${kept}.${tag}`, tarball);
    renameSync(`${kept}.${tag}`, kept);
    return { template: kept };
  }
  const file = join(tmpdir(), `intranet-pglite-template-${tag}.tar`);
  writeFileSync(file, tarball);
  return { template: file, remove: () => rmSync(file, { force: true }) };
}
