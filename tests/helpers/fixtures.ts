// Test-only entities: the real registry plus fixture schemas (built in memory, checked by the same
// meta-schema), served by a real app whose database also gets the fixtures' tables (and, through
// migrate(), their audit triggers). For engine features no real schema uses yet (writeOnly, ...).
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { migrate } from '../../src/server/db/migrate.js';
import { createRegistry, loadMetaSchema, loadSchemaFiles, type Block, type EntitySchema, type PropertySchema } from '../../src/server/schemas/registry.js';
import type { AppOptions } from '../../src/server/app.js';
import { testApp, type TestApp } from './app.js';

export interface Fixture {
  schema: EntitySchema;
  /** Creates the fixture's table (its schema first, if new). */
  ddl: string;
}

/**
 * A fixture entity of area "teste": an integer id and created_at, plus `properties`. The block is
 * open to any signed-in user, shared by every provider, with history on.
 */
export function fixture(resource: string, table: string, properties: Record<string, Partial<PropertySchema>>, ddl: string, extra: { required?: string[]; block?: Partial<Block> & Record<string, unknown> } = {}): Fixture {
  const fields = Object.keys(properties);
  return {
    ddl: `CREATE SCHEMA IF NOT EXISTS ${table.split('.')[0]}; ${ddl}`,
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: resource,
      type: 'object',
      properties: {
        id: { type: 'integer', title: 'ID', readOnly: true },
        ...(Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, { title: k, ...p }])) as Record<string, PropertySchema>),
        created_at: { type: 'string', format: 'date-time', title: 'Criado em', readOnly: true },
      },
      required: extra.required ?? [],
      additionalProperties: false,
      'x-intranet': {
        resource,
        table,
        module: 'teste',
        labels: { singular: resource, plural: resource },
        search: [],
        list: { columns: fields, sort: { field: 'id', order: 'ASC' } },
        history: true,
        provider: null,
        access: { list: 'user', get: 'user', create: 'user', update: 'user', delete: 'user' },
        ...extra.block,
      } as Block,
    },
  };
}

export function fixtureRegistry(fixtures: Fixture[]) {
  const files = fixtures.map((f) => ({ schema: f.schema, file: `teste/${f.schema['x-intranet'].resource}.json` }));
  return createRegistry([...loadSchemaFiles(SCHEMAS_DIR), ...files], loadMetaSchema(SCHEMAS_DIR));
}

/** testApp() over the real schemas and these fixtures, their tables made and audited. */
export async function fixtureApp(fixtures: Fixture[], options: Partial<AppOptions> = {}): Promise<TestApp> {
  const registry = fixtureRegistry(fixtures);
  const t = await testApp({ ...options, registry });
  for (const f of fixtures) await t.db.exec(f.ddl);
  await migrate(t.db, registry);
  return t;
}
