// The tables match the schemas: every schema property has its column with a matching type and
// nullability, and every table of the application has a schema (engine tables listed below).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../helpers/app.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { listMigrations } from '../../src/server/db/migrate.js';

// Tables the engine itself owns (no API answers them): the migrations ledger, the audit log, the
// file store, and the identity's credentials, sessions, codes, throttling counters and signing key.
const ENGINE_TABLES = [
  'public.schema_migrations',
  'admin.log',
  'storage.arquivo',
  'auth.credencial',
  'auth.sessao',
  'auth.codigo',
  'auth.limite',
  'auth.chave',
];

let t: TestDatabase;
const registry = loadRegistry(SCHEMAS_DIR);
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t?.drop());

describe('database and schemas', () => {
  it('applies every migration once, in order', async () => {
    const { rows } = await t.db.query<{ version: string }>('SELECT version FROM public.schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
  });

  it('every schema property has its column with a matching type and nullability', async () => {
    const { rows } = await t.db.query<{ table_schema: string; table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_schema, table_name, column_name, udt_name, is_nullable FROM information_schema.columns
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const columns = new Map(rows.map((r) => [`${r.table_schema}.${r.table_name}.${r.column_name}`, r]));
    for (const def of registry.resources) {
      for (const col of def.columns) {
        const found = columns.get(`${def.block.table}.${col.name}`);
        expect(found, `${def.block.table}.${col.name} (${def.file})`).toBeDefined();
        expect(col.sqlTypes, `${def.block.table}.${col.name} is ${found!.udt_name}`).toContain(found!.udt_name);
        if (!col.readOnly) expect(found!.is_nullable === 'YES', `${def.block.table}.${col.name} nullability`).toBe(col.nullable);
      }
      // No column without a property either (it could never be written or read through the API).
      const tableColumns = rows.filter((r) => `${r.table_schema}.${r.table_name}` === def.block.table).map((r) => r.column_name);
      expect(tableColumns.sort(), def.file).toEqual(def.columns.map((c) => c.name).sort());
    }
  });

  it('every table has a schema, and every schema table has the audit trigger', async () => {
    const { rows } = await t.db.query<{ t: string }>(
      `SELECT table_schema || '.' || table_name AS t FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    for (const { t: table } of rows) {
      if (ENGINE_TABLES.includes(table)) continue;
      expect(registry.byTable.has(table), `table ${table} has no schema`).toBe(true);
    }
    const triggers = await t.db.query<{ t: string }>(
      `SELECT event_object_schema || '.' || event_object_table AS t FROM information_schema.triggers WHERE trigger_name = 'audit'`,
    );
    const audited = new Set(triggers.rows.map((r) => r.t));
    for (const def of registry.resources) expect(audited.has(def.block.table), def.block.table).toBe(true);
  });
});
