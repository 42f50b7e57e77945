// The tables match the schemas: every schema property has its column with a matching type and
// nullability, and every table of the application has a schema (engine tables listed below).
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../helpers/app.js';
import { fixture, fixtureRegistry } from '../helpers/fixtures.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { checksumOf, listMigrations, migrate, MigrationError, MIGRATIONS_DIR } from '../../src/server/db/migrate.js';
import { uniqueIndexesOf } from '../../src/server/errors.js';

// Tables the engine itself owns (no API answers them): the migrations ledger, the audit log, the
// file store, and the identity's credentials, sessions, codes, throttling counters, signing key and signed-out Cognito tokens.
const ENGINE_TABLES = [
  'public.schema_migrations',
  'admin.log',
  'storage.arquivo',
  'auth.credencial',
  'auth.sessao',
  'auth.codigo',
  'auth.limite',
  'auth.chave',
  'auth.token_revogado',
  // The tracking links' clicks: written in batches by the redirect's buffer only, not audited (src/server/tracking/clicks.ts).
  'vendas.tracking_clique',
  // Their counts per link, kept by the same batches apart from the link's row (no history entry per click).
  'vendas.tracking_url_cliques',
  // The roulettes' secret seeds, one per round, kept apart from the campaign's row and its history (src/server/roulette/service.ts).
  'roleta.semente',
  // A roulette's rounds: each one's commitment, its seed once revealed, when it opened and closed; written by the
  // campaign's creation, the reveal and the reset only, read by the campaign's view and the public audit.
  'roleta.rodada',
  // Participants per campaign, round and category, kept by the spins under the campaign's lock (the draw and the list read them).
  'roleta.contagem',
  // The ERP ticket requests of the spins of campaigns with api_erp: the outbox until a connector exists.
  'roleta.chamado_erp',
  // A lead import being written in steps (or its leads made in steps): the import's own entries stand for it (src/server/leadImports/service.ts).
  'vendas.lead_importacao_carga',
  // What the fleet's daily reminders told, once per item, threshold and date (src/server/fleet/service.ts): the job's ledger.
  'frota.lembrete',
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
    const columnsOf = (relation: string) => rows.filter((r) => `${r.table_schema}.${r.table_name}` === relation).map((r) => r.column_name);
    for (const def of registry.resources) {
      // With x-intranet.readFrom, read-only fields may be computed by the view alone; the view holds every field.
      const view = def.block.readFrom;
      const tableColumns = columnsOf(def.block.table);
      for (const col of def.columns) {
        const relation = view && col.readOnly && !tableColumns.includes(col.name) ? view : def.block.table;
        const found = columns.get(`${relation}.${col.name}`);
        expect(found, `${relation}.${col.name} (${def.file})`).toBeDefined();
        expect(col.sqlTypes, `${relation}.${col.name} is ${found!.udt_name}`).toContain(found!.udt_name);
        if (!col.readOnly) expect(found!.is_nullable === 'YES', `${relation}.${col.name} nullability`).toBe(col.nullable);
      }
      // No column without a property either (it could never be written or read through the API).
      if (view) {
        expect(columnsOf(view).sort(), `${view} (${def.file})`).toEqual(def.columns.map((c) => c.name).sort());
        expect(tableColumns.every((c) => def.columnByName.has(c)), def.file).toBe(true);
      } else expect(tableColumns.sort(), def.file).toEqual(def.columns.map((c) => c.name).sort());
    }
  });

  it('every unique rule of a schema (x-intranet.unique) has a unique index over exactly its fields', async () => {
    const rules = registry.resources.flatMap((def) => (def.block.unique ?? []).map((rule) => ({ def, rule })));
    expect(rules.map(({ def }) => def.name)).toContain('contracting-companies');
    for (const { def, rule } of rules) {
      // The same reading of the catalog as the error path's (errors.ts): key columns and the columns expressions read.
      const indexes = [...(await uniqueIndexesOf(t.db, def.dbSchema, def.dbTable)).values()];
      const fields = [...rule.fields].sort();
      expect(indexes, `${def.file}: a unique index over exactly (${rule.fields.join(', ')})`).toContainEqual(fields);
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

describe('migrations ledger', () => {
  it('keeps the checksum of every applied migration', async () => {
    const { rows } = await t.db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM public.schema_migrations ORDER BY version');
    expect(rows).toEqual(listMigrations().map((m) => ({ version: m.version, checksum: m.checksum })));
    expect(checksumOf('SELECT 1;\r\n')).toBe(checksumOf('SELECT 1;\n'));
  });

  it('refuses to go on when an applied migration was changed, naming the file, and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migracoes-'));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const changed = listMigrations()[3];
      appendFileSync(join(dir, `${changed.version}.sql`), '\n-- editada depois de aplicada\n');
      const before = await t.db.query('SELECT version, checksum FROM public.schema_migrations ORDER BY version');
      const error = await migrate(t.db, registry, () => {}, { dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toContain(join(dir, `${changed.version}.sql`));
      expect((error as Error).message).toMatch(/foi alterada depois de aplicada/);
      expect((await t.db.query('SELECT version, checksum FROM public.schema_migrations ORDER BY version')).rows).toEqual(before.rows);
      // The same files, unchanged, migrate (nothing to do).
      expect(await migrate(t.db, registry)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a database migrated before checksums were kept gets them on the next start', async () => {
    await t.db.exec('UPDATE public.schema_migrations SET checksum = NULL');
    expect(await migrate(t.db, registry)).toEqual([]);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.schema_migrations WHERE checksum IS NULL');
    expect(rows[0].n).toBe(0);
  });

  it('a schema whose table no migration created stops the start with the schema file and the table', async () => {
    const orphan = fixture('test-orphans', 'teste.sem_migracao', { nome: { type: 'string' } }, '');
    const error = await migrate(t.db, fixtureRegistry([orphan])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toContain('schemas/teste/test-orphans.json');
    expect((error as Error).message).toContain('teste.sem_migracao');
    expect((error as Error).message).toContain('src/server/db/migrations/NNNN_<nome>.sql');
  });
});

describe('values as the drivers answer them', () => {
  it('timestamps as ISO text in UTC whatever the session time zone, dates as YYYY-MM-DD, numbers as numbers', async () => {
    for (const zone of ['UTC', 'America/Fortaleza', 'Asia/Kolkata']) {
      const { rows } = await t.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL TimeZone = '${zone}'`);
        return tx.query(
          `SELECT '2026-05-03 12:34:56.123456+00'::timestamptz AS a, '2026-05-03 12:34:56+00'::timestamptz AS b,
                  '2026-05-03 09:00:00.5-03'::timestamptz AS c, 'infinity'::timestamptz AS d,
                  ARRAY['2026-05-03 12:00:00.25+00'::timestamptz] AS e, '2026-05-03'::date AS f,
                  12::int8 AS g, 1.5::numeric AS h`,
        );
      });
      expect(rows[0], zone).toEqual({
        a: '2026-05-03T12:34:56.123Z',
        b: '2026-05-03T12:34:56.000Z',
        c: '2026-05-03T12:00:00.500Z',
        d: 'infinity',
        e: ['2026-05-03T12:00:00.250Z'],
        f: '2026-05-03',
        g: 12,
        h: 1.5,
      });
    }
  });
});
