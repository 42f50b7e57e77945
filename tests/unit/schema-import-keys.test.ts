// The schema keys the lead imports brought to the engine (schemas/README.md): editPath, scope.listParam,
// form.afterCreate, files, references' providerFlag, the download row action and an action's
// disabledWhen/disabledLabel, and messages.required. The lead import schemas declare them; each
// malformed use is refused by the meta-schema or the cross-field checks, naming the problem.
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createRegistry, loadMetaSchema, loadRegistry, loadSchemaFiles, SchemaError, type EntitySchema } from '../../src/server/schemas/registry.js';
import { providerFlagFilter } from '../../src/admin/generator/dependent.js';
import { buildConfigs, editPathOf, listPathOf, scopeValueOf, withScope } from '../../src/admin/core/schemas.js';

const meta = loadMetaSchema(SCHEMAS_DIR);
const files = loadSchemaFiles(SCHEMAS_DIR);
const IMPORTS = 'vendas/lead-imports.json';
const PARTICIPANTS = 'vendas/lead-import-participants.json';
type Block = Record<string, any>;
const block = (s: EntitySchema) => s['x-intranet'] as unknown as Block;

/** The whole set of schema files with one of them changed. */
const changed = (file: string, mutate: (b: Block, s: EntitySchema) => void) => {
  const all = files.map((f) => (f.file === file ? { schema: JSON.parse(JSON.stringify(f.schema)) as EntitySchema, file } : f));
  const target = all.find((f) => f.file === file)!.schema;
  mutate(block(target), target);
  return () => createRegistry(all, meta);
};

describe('the lead import schemas', () => {
  it('declare the new keys, and the server loads them', () => {
    const registry = loadRegistry(SCHEMAS_DIR);
    const imports = registry.get('lead-imports')!.block as Block;
    expect(imports.files).toEqual({ id_file: { bucket: 'importacoes', accept: ['.csv', '.xlsx', '.xls'], message: 'Formato do arquivo não permitido!' } });
    expect(imports.form.afterCreate).toBe('/marketing/imports-leads/file/list?id={id}');
    expect(imports.references.id_campanha).toMatchObject({ dependsOn: 'id_empresa', providerFlag: true });
    expect(imports.actions.map((a: Block) => [a.kind, a.label])).toEqual([
      ['page', 'Ver Leads'],
      ['download', 'Baixar Arquivo'],
    ]);
    const participants = registry.get('lead-import-participants')!.block as Block;
    expect(participants.editPath).toBe('/marketing/imports-leads/edit');
    expect(participants.scope).toMatchObject({ param: 'import_id', idParam: 'lead_id', listParam: 'id' });
    expect(participants.messages.required).toBe('Preencha todos os campos obrigatórios');
  });

  it.each<[string, string, (b: Block, s: EntitySchema) => void, RegExp]>([
    ['a download of a field that is not a file', IMPORTS, (b) => (b.actions[1].field = 'nome_arquivo'), /action "Baixar Arquivo" field "nome_arquivo" must be a file field/],
    ['a download of an unknown field', IMPORTS, (b) => (b.actions[1].field = 'arquivo'), /action "Baixar Arquivo" names unknown field "arquivo"/],
    ['a download with an unknown key', IMPORTS, (b) => (b.actions[1].to = '/x'), /actions/],
    ['a disabledWhen naming an unknown field', IMPORTS, (b) => (b.actions[0].disabledWhen = { field: 'linhas', op: 'eq', value: 0 }), /action "Ver Leads" when names unknown field "linhas"/],
    ['an empty disabledLabel', IMPORTS, (b) => (b.actions[0].disabledLabel = ''), /disabledLabel/],
    ['a files rule of a field that is not a file', IMPORTS, (b) => (b.files = { nome_arquivo: { accept: ['.csv'] } }), /files field "nome_arquivo" is not a file field/],
    ['an extension without its dot', IMPORTS, (b) => (b.files.id_file.accept = ['csv']), /files/],
    ['a bucket that is not a name', IMPORTS, (b) => (b.files.id_file.bucket = 'import/acoes'), /bucket/],
    // The server takes in a file field only a file of its bucket (issue 29): every file field names one.
    ['a file field without its bucket', IMPORTS, (b) => delete b.files.id_file.bucket, /file field "id_file" needs its bucket in files/],
    ['a file field without a files rule', IMPORTS, (b) => delete b.files, /file field "id_file" needs its bucket in files/],
    ['an afterCreate naming an unknown field', IMPORTS, (b) => (b.form.afterCreate = '/x?id={codigo}'), /form.afterCreate names unknown field "codigo"/],
    ['a providerFlag without dependsOn', IMPORTS, (b) => delete b.references.id_campanha.dependsOn, /reference id_campanha providerFlag needs a dependsOn/],
    ['a providerFlag depending on a field that is not a reference', IMPORTS, (b) => (b.references.id_campanha.dependsOn = 'nome_arquivo'), /reference id_campanha providerFlag needs a dependsOn/],
    ['an editPath that is not a path', PARTICIPANTS, (b) => (b.editPath = 'marketing/edit'), /editPath/],
    ['a listParam in path mode', PARTICIPANTS, (b) => (b.scope = { field: 'id_importacao_evento', param: 'import_id', in: 'path', listParam: 'id' }), /scope/],
    ['a messages.required that is not a text', PARTICIPANTS, (b) => (b.messages.required = true), /messages\/required/],
  ])('refuses %s', (_name, file, change, message) => {
    const load = changed(file, change);
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(message);
  });
});

describe('the admin reads them', () => {
  const configs = buildConfigs(Object.fromEntries(files.map((f) => [`/schemas/${f.file}`, f.schema])));
  const participants = configs.find((c) => c.resource === 'lead-import-participants')!;

  it('editPath moves the edit screen; the scope names the parent import_id there and id on the list', () => {
    expect(participants.editBase).toBe('/marketing/imports-leads/edit');
    expect(editPathOf(participants, 7, { id_importacao_evento: 3 })).toBe('/marketing/imports-leads/edit?import_id=3&lead_id=7');
    const scoped = withScope(participants, '3');
    expect(listPathOf(scoped)).toBe('/marketing/imports-leads/file/list?id=3');
    expect(scopeValueOf(participants, {}, new URLSearchParams('id=3'), 'list')).toBe('3');
    expect(scopeValueOf(participants, {}, new URLSearchParams('id=3'), 'form')).toBeUndefined();
    expect(scopeValueOf(participants, {}, new URLSearchParams('import_id=3&lead_id=7'), 'form')).toBe('3');
  });

  it('a provider-flag select offers the active options carrying the provider’s flag', () => {
    const fields = ['id', 'nome', 'bitcom', 'razao', 'vetorial', 'ativo'];
    expect(providerFlagFilter('RazãoInfo', fields)).toEqual({ ativo: true, razao: true });
    expect(providerFlagFilter('VETORIAL', fields)).toEqual({ ativo: true, vetorial: true });
    expect(providerFlagFilter('Outro Provedor', fields)).toEqual({ ativo: true });
    expect(providerFlagFilter(undefined, ['id', 'nome'])).toEqual({});
  });
});
