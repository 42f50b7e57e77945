// The list keys of the schema format (x-intranet.list.flags, actions, toggle, deleteWhen, aliases'
// filter and hideAdd): the meta-schema checks their shape and the registry the fields and resources
// they name, so a malformed one stops the server with a message naming the file and the problem.
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createRegistry, loadMetaSchema, loadSchemaFiles, SchemaError, type EntitySchema } from '../../src/server/schemas/registry.js';
import { meets } from '../../src/domain/rowActions.js';

const meta = loadMetaSchema(SCHEMAS_DIR);
const files = loadSchemaFiles(SCHEMAS_DIR);
const HOLIDAYS = 'rh/holidays.json';

// Loosely typed: the tests write malformed blocks on purpose.
type Block = Record<string, any>;

/** Every schema file, with one file's x-intranet block changed (the holidays' by default). */
function withHolidays(change: (block: Block) => void, file = HOLIDAYS) {
  const all = files.map((f) => (f.file === file ? { file: f.file, schema: JSON.parse(JSON.stringify(f.schema)) as EntitySchema } : f));
  change(all.find((f) => f.file === file)!.schema['x-intranet'] as unknown as Block);
  return () => createRegistry(all, meta);
}

const VALID: (block: Block) => void = (block) => {
  block.list.flags = { recorrencia_anual: 'REC' };
  block.actions = [
    { kind: 'details', label: 'Detalhes', icon: 'info', fields: ['nome', 'tipo', 'uf'] },
    { kind: 'external', label: 'Site', icon: 'language', field: 'nome', when: { field: 'nome', op: 'notEmpty' } },
    { kind: 'page', label: 'Abrir', icon: 'open_in_new', to: '/holidays/edit/{id}', right: 'update', placement: 'end', when: [{ field: 'ano', op: 'gte', value: 2020 }, { field: 'uf', op: 'eq', value: null }] },
  ];
  block.toggle = { field: 'ativo', on: 'Reativar', off: 'Pausar', when: { field: 'recorrencia_anual', op: 'eq', value: true } };
  block.deleteWhen = { field: 'recorrencia_anual', op: 'ne', value: true };
  block.messages = { toggled: 'Status atualizado com sucesso!', toggleError: 'Ocorreu algum erro ao atualizar o status!', deleteConfirm: 'Excluir {nome}?', listError: 'Erro ao carregar feriados' };
  block.aliases = [{ path: '/holidays/national', title: 'Nacionais', filter: { tipo: 'Nacional', recorrencia_anual: true }, hideAdd: true }, { path: '/holidays/regional', filter: { tipo: ['Estadual', 'Municipal'] } }];
};

describe('the list keys of the schema format', () => {
  it('accepts flags, every action kind with right, when and placement, a configured toggle, deleteWhen and filtered aliases', () => {
    expect(withHolidays(VALID)).not.toThrow();
    const block = withHolidays(VALID)().get('holidays')!.block;
    expect(block.actions?.map((a) => a.kind)).toEqual(['details', 'external', 'page']);
    expect(block.toggle).toMatchObject({ on: 'Reativar', off: 'Pausar' });
  });

  it('accepts a related list of the rows of another resource pointing to the row', () => {
    const related = { kind: 'related', label: 'Departamentos', icon: 'visibility', resource: 'departments', field: 'id_empresa', show: 'nome', sort: 'nome', right: 'superadmin' };
    expect(withHolidays((b) => (b.actions = [related]), 'rh/providers.json')).not.toThrow();
  });

  it('the onboardings schema declares its list: trails linked through a page, viewed through a related list, the status toggle and the spec toasts', () => {
    const def = createRegistry(files, meta).get('onboardings')!;
    expect(def.block.actions).toEqual([
      expect.objectContaining({ kind: 'page', label: 'Associar trilhas', to: '/human-resources/onboarding/sync-trail/{id}', right: 'create' }),
      expect.objectContaining({ kind: 'related', label: 'Ver trilhas', resource: 'onboarding-trails', field: 'id_onboarding', show: 'id_trilha', sort: 'prioridade' }),
    ]);
    expect(def.block.toggle).toEqual({ field: 'status' });
    expect(def.block.messages).toMatchObject({
      toggled: 'Status do onboarding atualizado com sucesso',
      toggleError: 'Erro ao atualizar status do onboarding',
      deleted: 'Onboarding deletado com sucesso',
      deleteError: 'Erro ao deletar onboarding',
      deleteConfirm: 'Deseja realmente excluir o onboarding?',
    });
  });

  // Shapes the meta-schema refuses: the message points into the x-intranet block.
  it.each<[string, (b: Block) => void, RegExp]>([
    ['an action of an unknown kind', (b) => (b.actions = [{ kind: 'popup', label: 'X' }]), /x-intranet\/actions\/0\/kind/],
    ['an action without a label', (b) => (b.actions = [{ kind: 'page', to: '/x' }]), /must have required property 'label'/],
    ['a details action without fields', (b) => (b.actions = [{ kind: 'details', label: 'Detalhes' }]), /must have required property 'fields'/],
    ['an external action with a key of another kind', (b) => (b.actions = [{ kind: 'external', label: 'Site', field: 'nome', to: '/x' }]), /must NOT have additional properties/],
    ['a related action without show', (b) => (b.actions = [{ kind: 'related', label: 'Ver', resource: 'departments', field: 'id_empresa' }]), /must have required property 'show'/],
    ['a page route not starting with /', (b) => (b.actions = [{ kind: 'page', label: 'Ir', to: 'holidays/{id}' }]), /actions\/0\/to/],
    ['an unknown right', (b) => (b.actions = [{ kind: 'page', label: 'Ir', to: '/x', right: 'anyone' }]), /actions\/0\/right/],
    ['a condition with an unknown operator', (b) => (b.deleteWhen = { field: 'ano', op: 'like', value: 1 }), /deleteWhen/],
    ['an eq condition without a value', (b) => (b.deleteWhen = { field: 'ano', op: 'eq' }), /deleteWhen/],
    ['an empty condition with a value', (b) => (b.deleteWhen = { field: 'uf', op: 'empty', value: 'SP' }), /deleteWhen/],
    ['a gt condition on a boolean', (b) => (b.deleteWhen = { field: 'ano', op: 'gt', value: true }), /deleteWhen/],
    ['a toggle with an unknown key', (b) => (b.toggle = { field: 'ativo', label: 'X' }), /toggle/],
    ['a flag label that is not a text', (b) => (b.list.flags = { recorrencia_anual: true } as never), /list\/flags/],
    ['an alias filter with an object value', (b) => (b.aliases = [{ path: '/x', filter: { tipo: { in: ['Nacional'] } } }]), /aliases\/0\/filter/],
    ['an unknown message key', (b) => (b.messages = { toggleOk: 'x' } as never), /messages/],
  ])('refuses %s', (_name, change, message) => {
    const load = withHolidays(change);
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(/rh\/holidays\.json/);
    expect(load).toThrow(message);
  });

  // What JSON Schema cannot say: the registry's cross checks.
  it.each<[string, (b: Block) => void, RegExp]>([
    ['a details field that is not one', (b) => (b.actions = [{ kind: 'details', label: 'Detalhes', fields: ['nome', 'local'] }]), /action "Detalhes" names unknown field "local"/],
    ['an external field that is not a text', (b) => (b.actions = [{ kind: 'external', label: 'Site', field: 'ano' }]), /action "Site" field "ano" must be a string/],
    ['a page placeholder that is not a field', (b) => (b.actions = [{ kind: 'page', label: 'Ir', to: '/x/{codigo}' }]), /action "Ir" route names unknown field "codigo"/],
    ['a when naming an unknown field', (b) => (b.actions = [{ kind: 'page', label: 'Ir', to: '/x', when: { field: 'participantes', op: 'eq', value: 0 } }]), /action "Ir" when names unknown field "participantes"/],
    ['a related list of an unknown resource', (b) => (b.actions = [{ kind: 'related', label: 'Ver', resource: 'nope', field: 'id', show: 'nome' }]), /action "Ver" lists unknown resource "nope"/],
    ['a related show that is not a field there', (b) => (b.actions = [{ kind: 'related', label: 'Ver', resource: 'departments', field: 'id_empresa', show: 'titulo' }]), /action "Ver": "titulo" is not a field of departments/],
    ['a related field referring to another resource', (b) => (b.actions = [{ kind: 'related', label: 'Ver', resource: 'departments', field: 'id_empresa', show: 'nome' }]), /departments.id_empresa refers to providers, not holidays/],
    ['a flag that is not a boolean', (b) => (b.list.flags = { tipo: 'TIP' }), /list.flags field "tipo" must be a boolean/],
    ['a flag that is not a column', (b) => ((b.list.flags = { recorrencia_anual: 'REC' }), (b.list.columns = b.list.columns.filter((c: string) => c !== 'recorrencia_anual'))), /list.flags field "recorrencia_anual" is not in list.columns/],
    ['a toggle on a field that is not a boolean', (b) => (b.toggle = { field: 'nome' }), /toggle field "nome" must be a boolean/],
    ['a toggle on a read-only field', (b) => (b.toggle = { field: 'created_at' }), /toggle field "created_at" must be a boolean/],
    ['a deleteWhen naming an unknown field', (b) => (b.deleteWhen = [{ field: 'ativo', op: 'eq', value: false }, { field: 'clientes', op: 'eq', value: 0 }]), /deleteWhen names unknown field "clientes"/],
    ['an alias filter on an unknown field', (b) => (b.aliases = [{ path: '/x', filter: { equipe: 'interna' } }]), /alias \/x filter names unknown field "equipe"/],
    ['an alias filter value outside the enum', (b) => (b.aliases = [{ path: '/x', filter: { tipo: ['Nacional', 'Distrital'] } }]), /alias \/x filter tipo = "Distrital" is not one of its values/],
  ])('refuses %s, naming it', (_name, change, message) => {
    const load = withHolidays(change);
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(message);
  });
});

describe('conditions on a row', () => {
  const row = { ativo: true, clientes: 0, nao_clientes: '3', site: '', cidade: null, tags: [], data_fim: '2026-05-01' };
  it.each<[unknown, boolean]>([
    [undefined, true],
    [{ field: 'ativo', op: 'eq', value: true }, true],
    [{ field: 'ativo', op: 'ne', value: true }, false],
    [{ field: 'clientes', op: 'eq', value: 0 }, true],
    // A numeric column may arrive as text: compared as a number.
    [{ field: 'nao_clientes', op: 'gt', value: 2 }, true],
    [{ field: 'nao_clientes', op: 'lte', value: 2 }, false],
    [{ field: 'data_fim', op: 'lt', value: '2026-06-01' }, true],
    [{ field: 'site', op: 'empty' }, true],
    [{ field: 'cidade', op: 'empty' }, true],
    [{ field: 'tags', op: 'notEmpty' }, false],
    [{ field: 'cidade', op: 'eq', value: null }, true],
    // An empty value is neither more nor less than anything.
    [{ field: 'cidade', op: 'gte', value: 0 }, false],
    [{ field: 'cidade', op: 'lt', value: 10 }, false],
    // A list: all must hold (the roulette's Excluir: no customers and no non-customers).
    [[{ field: 'clientes', op: 'eq', value: 0 }, { field: 'nao_clientes', op: 'eq', value: 0 }], false],
    [[{ field: 'clientes', op: 'eq', value: 0 }, { field: 'ativo', op: 'eq', value: true }], true],
  ])('%j on the row is %s', (condition, expected) => {
    expect(meets(condition as never, row)).toBe(expected);
  });
});

describe('x-enumLabels: the pt-BR names of enum values', () => {
  const withTypeLabels = (labels: Record<string, string>) => {
    const all = files.map((f) => (f.file === HOLIDAYS ? { file: f.file, schema: JSON.parse(JSON.stringify(f.schema)) as EntitySchema } : f));
    (all.find((f) => f.file === HOLIDAYS)!.schema.properties.tipo as Record<string, unknown>)['x-enumLabels'] = labels;
    return () => createRegistry(all, meta);
  };

  it('accepts names of the enum values and refuses a name of a value the field does not have', () => {
    expect(withTypeLabels({ Municipal: 'Feriado municipal', Nacional: 'Feriado nacional' })).not.toThrow();
    expect(withTypeLabels({ Internacional: 'Feriado internacional' })).toThrow(/x-enumLabels of "tipo" names "Internacional"/);
    expect(withTypeLabels({ Nacional: '' })).toThrow(SchemaError);
  });

  it('the leads name every status, kind, origin and team in pt-BR', () => {
    const leads = files.find((f) => f.file === 'vendas/leads.json')!.schema.properties as Record<string, { enum?: unknown[]; 'x-enumLabels'?: Record<string, string> }>;
    for (const field of ['status', 'tipo', 'origem', 'equipe']) {
      const values = (leads[field].enum ?? []).filter((v) => v !== null).map(String);
      expect(Object.keys(leads[field]['x-enumLabels'] ?? {}).sort(), field).toEqual(values.sort());
    }
    expect(leads.status['x-enumLabels']?.em_contato).toBe('Em contato');
  });
});
