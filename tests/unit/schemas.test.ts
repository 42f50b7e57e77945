// Every schema file is checked by the meta-schema and the cross-field rules; a malformed one fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createRegistry, loadMetaSchema, loadRegistry, loadSchemaFiles, SchemaError, type EntitySchema } from '../../src/server/schemas/registry.js';
import { OUTPUT, renderTypes } from '../../scripts/gen-types.js';

const meta = loadMetaSchema(SCHEMAS_DIR);
const files = loadSchemaFiles(SCHEMAS_DIR);
const departments = files.find((f) => f.file === 'rh/departments.json')!;
const providers = files.find((f) => f.file === 'rh/providers.json')!;

const clone = (s: EntitySchema): EntitySchema => JSON.parse(JSON.stringify(s));
const check = (mutate: (s: EntitySchema) => void) => {
  const s = clone(departments.schema);
  mutate(s);
  return () => createRegistry([providers, { schema: s, file: 'rh/departments.json' }], meta);
};
/** The whole set of schema files with one of them changed (for rules that look at other resources). */
const checkAmongAll = (file: string, mutate: (s: EntitySchema) => void) => {
  const changed = files.map((f) => (f.file === file ? { schema: clone(f.schema), file } : f));
  mutate(changed.find((f) => f.file === file)!.schema);
  return () => createRegistry(changed, meta);
};
type References = NonNullable<EntitySchema['x-intranet']['references']>;
const refsOf = (s: EntitySchema) => s['x-intranet'].references as References;

describe('schema files', () => {
  it('every file under schemas/<area>/ passes the meta-schema and the cross-field rules', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    const registry = loadRegistry(SCHEMAS_DIR);
    expect(registry.resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(['providers', 'contracting-companies', 'departments', 'sectors', 'positions', 'cities', 'microregions']),
    );
  });

  it('table names follow the spec response names (rh_departamento is rh.departamento)', () => {
    const registry = loadRegistry(SCHEMAS_DIR);
    expect(registry.get('departments')!.block.table).toBe('rh.departamento');
    expect(registry.get('departments')!.gqlName).toBe('rh_departamento');
    expect(registry.get('positions')!.gqlName).toBe('rh_cargo');
    expect(registry.get('cities')!.gqlName).toBe('rh_cidade_provedor');
  });

  it.each([
    ['no x-intranet block', (s: EntitySchema) => delete (s as Partial<EntitySchema>)['x-intranet']],
    ['a property without a title', (s: EntitySchema) => delete (s.properties.nome as { title?: string }).title],
    ['an unknown keyword in a property', (s: EntitySchema) => ((s.properties.nome as Record<string, unknown>).widget = 'x')],
    ['an unknown format', (s: EntitySchema) => (s.properties.nome.format = 'telefone')],
    ['additionalProperties not false', (s: EntitySchema) => ((s as { additionalProperties: unknown }).additionalProperties = true)],
    ['a list column that is not a field', (s: EntitySchema) => s['x-intranet'].list.columns.push('nope')],
    ['a sort field that is not a field', (s: EntitySchema) => (s['x-intranet'].list.sort.field = 'nope')],
    ['a required field that is not a field', (s: EntitySchema) => s.required.push('nope')],
    ['a search field that is not text', (s: EntitySchema) => s['x-intranet'].search.push('id_empresa')],
    ['a form section naming an unknown field', (s: EntitySchema) => s['x-intranet'].form!.sections[0].fields.push('nope')],
    ['a reference to an unknown resource', (s: EntitySchema) => (s['x-intranet'].references!.id_empresa.resource = 'nope')],
    ['a provider column that is not a field', (s: EntitySchema) => (s['x-intranet'].provider = 'nope')],
    ['an unknown access right', (s: EntitySchema) => ((s['x-intranet'].access as Record<string, string>).delete = 'anyone')],
    ['a table without a PostgreSQL schema', (s: EntitySchema) => (s['x-intranet'].table = 'departamento')],
    ['an id that is not read-only', (s: EntitySchema) => delete s.properties.id.readOnly],
  ])('a schema with %s is refused', (_name, mutate) => {
    expect(check(mutate)).toThrow(SchemaError);
  });

  it.each([
    ['a date range naming an unknown field', (s: EntitySchema) => (s['x-intranet'].dateRanges = [{ start: 'nope', end: 'created_at' }]), /dateRanges names unknown field "nope"/],
    ['a date range ending on a field that is not a date', (s: EntitySchema) => (s['x-intranet'].dateRanges = [{ start: 'created_at', end: 'nome' }]), /dateRanges field "nome" must be a date or date-time/],
    ['a contextFields bound to an unknown field', (s: EntitySchema) => (refsOf(s).id_empresa.contextFields = { id_empresa: 'id_empresas' }), /reference id_empresa contextFields names unknown field "id_empresas"/],
    ['a list column path through a field that is not a reference', (s: EntitySchema) => s['x-intranet'].list.columns.push('nome.id'), /list.columns path "nome.id": "nome" of departments is not a reference/],
    ['a list column path to a field the referenced resource lacks', (s: EntitySchema) => s['x-intranet'].list.columns.push('id_empresa.nope'), /list.columns path "id_empresa.nope": "nope" is not a field of providers/],
    ['a list column path from an unknown field', (s: EntitySchema) => s['x-intranet'].list.columns.push('nope.nome'), /list.columns names unknown field "nope"/],
  ])('a schema with %s is refused, the message naming it', (_name, mutate, message) => {
    expect(check(mutate)).toThrow(message);
  });

  it.each([
    ['a contextFields key outside its select chain', (s: EntitySchema) => (refsOf(s).id_cargo.contextFields = { id_cidade: 'id_empresas' }), /reference id_cargo contextFields binds "id_cidade", which is not in its select chain \(id_setor, id_departamento, id_empresa\)/],
    ['a contextFields bound to an unknown field', (s: EntitySchema) => (refsOf(s).id_cargo.contextFields = { id_empresa: 'empresas' }), /users\.json: reference id_cargo contextFields names unknown field "empresas"/],
    ['a dependsOn that is neither a field nor in the chain', (s: EntitySchema) => (refsOf(s).id_cargo.dependsOn = 'id_cidade'), /reference id_cargo dependsOn "id_cidade" is neither a field of this record nor a reference of positions/],
    ['a filterField the referenced resource lacks', (s: EntitySchema) => (refsOf(s).id_cargo.filterField = 'setor'), /reference id_cargo filterField "setor" is not a field of positions/],
    ['a sameProvider reference while its own provider is a list', (s: EntitySchema) => ((refsOf(s).id_cargo as { sameProvider?: boolean }).sameProvider = true), /reference id_cargo sameProvider needs the record's provider to be one column of it/],
  ])('the users schema with %s is refused, the message naming it', (_name, mutate, message) => {
    expect(checkAmongAll('auth/users.json', mutate)).toThrow(message);
    // The untouched set loads.
    expect(checkAmongAll('auth/users.json', () => {})).not.toThrow();
  });

  it('a sameProvider reference needs a referenced resource with a provider', () => {
    expect(checkAmongAll('rh/news.json', (s) => ((refsOf(s).categoria as { sameProvider?: boolean }).sameProvider = true))).toThrow(/reference categoria sameProvider points to categories, which has no provider/);
    expect(checkAmongAll('rh/news.json', () => {})).not.toThrow();
  });

  it('two schemas cannot claim the same resource or table', () => {
    expect(() => createRegistry([providers, providers], meta)).toThrow(/already defined/);
  });

  it('src/generated/entities.ts (json-schema-to-ts types) is up to date with the schemas', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(renderTypes());
  });

  it('schemas/README.md documents every key of the x-intranet block', () => {
    const readme = readFileSync(join(SCHEMAS_DIR, 'README.md'), 'utf8');
    for (const key of Object.keys(meta.$defs.block.properties)) expect(readme, key).toContain(`\`${key}\``);
  });
});

describe('x-intranet.scope and list.switches', () => {
  const RULES = 'comunicacao/communication-rules.json';
  const RESTRICTIONS = 'comunicacao/communication-restrictions.json';
  type Block = Record<string, any>;
  const block = (s: EntitySchema) => s['x-intranet'] as unknown as Block;

  it('the communication schemas declare them: the rules scoped in query mode, the restrictions with channel switches', () => {
    const registry = loadRegistry(SCHEMAS_DIR);
    expect(registry.get('communication-rules')!.block.scope).toEqual({
      field: 'campanha_id',
      param: 'idCampaign',
      in: 'query',
      idParam: 'idRule',
      back: '/marketing/communication-scale/list?idCampaign={campanha_id}',
    });
    expect(Object.keys(registry.get('communication-restrictions')!.block.list.switches ?? {})).toEqual(['whatsapp', 'email', 'sms']);
  });

  it('accepts a scope in path mode', () => {
    const scope = { field: 'campanha_id', param: 'idCampaign', in: 'path', back: '/marketing/communication-scale/list' };
    expect(checkAmongAll(RULES, (s) => (block(s).scope = scope))).not.toThrow();
  });

  it.each<[string, (b: Block) => void, RegExp]>([
    ['a scope without its mode', (b) => (b.scope = { field: 'campanha_id', param: 'idCampaign' }), /scope/],
    ['a scope of another mode', (b) => (b.scope = { field: 'campanha_id', param: 'idCampaign', in: 'hash' }), /scope\/in/],
    ['a parameter that is not a name', (b) => (b.scope = { field: 'campanha_id', param: 'id-campaign', in: 'query' }), /scope\/param/],
    ['an idParam in path mode', (b) => (b.scope = { field: 'campanha_id', param: 'idCampaign', in: 'path', idParam: 'idRule' }), /scope/],
    ['a scope field that is not one', (b) => (b.scope = { field: 'campanha', param: 'idCampaign', in: 'query' }), /scope names unknown field "campanha"/],
    ['a scope field that is not a reference', (b) => (b.scope = { field: 'tempo', param: 'idCampaign', in: 'query' }), /scope field "tempo" is not a reference/],
    ['the same parameter for the parent and the record', (b) => (b.scope = { field: 'campanha_id', param: 'idCampaign', in: 'query', idParam: 'idCampaign' }), /idParam "idCampaign" is the same/],
    ['the path parameter id', (b) => (b.scope = { field: 'campanha_id', param: 'id', in: 'path' }), /may not be "id"/],
    ['a back naming another field', (b) => (b.scope = { field: 'campanha_id', param: 'idCampaign', in: 'query', back: '/x?c={criterio}' }), /scope back names "\{criterio\}"/],
  ])('refuses %s', (_name, change, message) => {
    const load = checkAmongAll(RULES, (s) => change(block(s)));
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(message);
  });

  it.each<[string, (b: Block) => void, RegExp]>([
    ['a switch without its texts', (b) => (b.list.switches = { whatsapp: { on: 'Permitido' } }), /list\/switches/],
    ['a switch that is not a boolean', (b) => (b.list.switches = { cpf: { on: 'Sim', off: 'Não' } }), /list.switches field "cpf" must be a boolean/],
    ['a switch that is not a column', (b) => ((b.list.switches = { sms: { on: 'Sim', off: 'Não' } }), (b.list.columns = b.list.columns.filter((c: string) => c !== 'sms'))), /list.switches field "sms" is not in list.columns/],
    ['a switch that is also a flag', (b) => ((b.list.switches = { sms: { on: 'Sim', off: 'Não' } }), (b.list.flags = { sms: 'SMS' })), /list.switches field "sms" is also a flag/],
  ])('refuses %s', (_name, change, message) => {
    const load = checkAmongAll(RESTRICTIONS, (s) => change(block(s)));
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(message);
  });

  it('refuses a switch on a read-only field', () => {
    const load = checkAmongAll(RESTRICTIONS, (s) => {
      s.properties.sms.readOnly = true;
    });
    expect(load).toThrow(/list.switches field "sms" is read-only/);
  });
});
