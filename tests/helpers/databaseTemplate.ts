// Vitest global setup of the api and ui projects: the migrated database every test file starts from,
// built once per run instead of once per file. On PGlite a tarball of the migrated data directory
// (a PGlite started from it skips initdb and the migrations); on PostgreSQL (DATABASE_URL) a migrated
// database each test database is created from (CREATE DATABASE … TEMPLATE). freshDatabase() in
// tests/helpers/app.ts uses it when this setup ran, and builds its database from scratch otherwise.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
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

export default async function setup(project: TestProject) {
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
    project.provide('databaseTemplate', name);
    return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const db = await createPglite(null, { thread: false });
  let tarball: Buffer;
  try {
    await migrate(db, registry);
    tarball = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
  } finally {
    await db.close();
  }
  const file = join(tmpdir(), `intranet-pglite-template-${tag}.tar`);
  writeFileSync(file, tarball);
  project.provide('databaseTemplate', file);
  return () => rmSync(file, { force: true });
}
