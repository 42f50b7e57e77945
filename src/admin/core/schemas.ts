// The entity schemas of schemas/<area>/<resource>.json as the admin reads them, with the defaults
// the meta-schema documents (path = /<resource>, title = plural label, ...).

import { ROLE_AREA_NAMES, type Right } from '../../domain/roles.js';
import type { DateRange } from '../../domain/dateRange.js';
import type { ScopeRule } from '../../domain/scope.js';
import type { ResourceMessages } from '../../domain/messages.js';
import { fillRoute, TOGGLE_DEFAULTS, type RowAction, type RowCondition, type ToggleConfirm, type ToggleRule } from '../../domain/rowActions.js';

export type { RowAction, RowCondition, ScopeRule };

export type { Right };
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface PropertySchema {
  type: string | string[];
  title: string;
  description?: string;
  format?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  items?: PropertySchema | { type?: string; enum?: unknown[]; format?: string };
  minItems?: number;
  maxItems?: number;
  /** The pt-BR name of each enum value (of the field, or of its items). */
  'x-enumLabels'?: Record<string, string>;
  /** The field's own message per failed keyword ({ maximum: 'O número máximo de impressões é 1.000.000' }), as the server's. */
  'x-errorMessages'?: Record<string, string>;
}

export interface Reference {
  resource: string;
  label: string;
  dependsOn?: string;
  filterField?: string;
  /** Fields of the dependent chain bound to fields of this record: { "id_empresa": "id_empresas" }. */
  contextFields?: Record<string, string>;
  /**
   * The options are the active ones carrying the flag of the provider chosen in `dependsOn` (sales
   * campaigns and channels: bitcom, razao, vetorial), instead of those whose filterField holds it;
   * disabled until a provider is chosen.
   */
  providerFlag?: boolean;
  /** The referenced row must be of the record's provider, or of none (x-intranet.references.<campo>.sameProvider). */
  sameProvider?: boolean;
  /** The toast when the select's options cannot be loaded ('Erro ao buscar cidades!'). */
  loadError?: string;
}

/** How a file field uploads (x-intranet.files): its storage bucket, the extensions it takes, and the refusal of another. */
export interface FileRule {
  bucket?: string;
  /** Extensions with their dot ('.csv'), any case; none: any file the server takes. */
  accept?: string[];
  /** The refusal of a file of another extension (under the field and as a toast). */
  message?: string;
}

/** Another route base of the same screens (x-intranet.aliases): /companies for the providers. */
export interface RouteAlias {
  path: string;
  /** Base of the edit screen: <editPath>/{id}; default <path>/edit. */
  editPath?: string;
  title?: string;
  addLabel?: string;
  back?: string;
  /** A permanent filter of the list on this base (field equal to the value, or to any of a list). */
  filter?: Record<string, unknown>;
  /** No add button on this base's list. */
  hideAdd?: boolean;
  /** Where register and edit return on this base (default the resource's returnTo). */
  returnTo?: string;
  /** The scope's route parameters on this base (param, idParam, listParam, back), over the resource's scope. */
  scope?: Partial<Pick<ScopeRule, 'param' | 'idParam' | 'listParam' | 'back'>>;
}

export interface IntranetBlock {
  resource: string;
  path?: string;
  /** Base of the edit screen (<editPath>/{id}; a scoped register in query mode: <editPath>?...); default <path>/edit. */
  editPath?: string;
  /** The generated table's address instead of <path>/list (the news: /news/table). */
  listPath?: string;
  /** Other addresses of the register screen (the news: /news/form). */
  registerPaths?: string[];
  aliases?: RouteAlias[];
  table: string;
  module: string;
  alsoModules?: string[];
  labels: { singular: string; plural: string };
  references?: Record<string, Reference>;
  search: string[];
  list: {
    columns: string[];
    sort: { field: string; order: 'ASC' | 'DESC' };
    filters?: string[];
    expand?: string[];
    view?: 'table' | 'cards';
    /** Where a card of the cards view leads ({field} from the record) instead of its edit screen. */
    cardLink?: string;
    flags?: Record<string, string>;
    /** Boolean columns drawn as switches the user flips in the cell: { "whatsapp": { "on": "Permitido", "off": "Restrito" } }. */
    switches?: Record<string, SwitchLabels>;
    /** A month calendar of the records at <path>/calendar (x-intranet.list.calendar). */
    calendar?: CalendarRule;
  };
  form?: { sections: { title: string; fields: string[] }[]; afterCreate?: string; createLabel?: string; registerBack?: 'list' | 'previous'; saveAndContinue?: boolean };
  /** How each file field uploads (bucket, accepted extensions, refusal). */
  files?: Record<string, FileRule>;
  /** Screens of a register living under a parent record (x-intranet.scope). */
  scope?: ScopeRule;
  actions?: RowAction[];
  toggle?: ToggleRule | false;
  deleteWhen?: RowCondition;
  addLabel?: string;
  title?: string;
  back?: string;
  returnTo?: string;
  history: boolean;
  provider: ProviderRule;
  /** A row with an empty provider is every provider's, written only by the superadmin (x-intranet.providerShared). */
  providerShared?: boolean;
  access: Record<Operation, Right>;
  fieldAccess?: Record<string, Right>;
  /** Fields only the record's managers fill (x-intranet.managedFields). */
  managedFields?: Record<string, Right>;
  /** Other users who reach rows they do not own (x-intranet.sharedWith; with write, they update them). */
  sharedWith?: SharedWithRule[];
  dateRanges?: DateRange[];
  internal?: boolean;
  gender?: 'm' | 'f';
  messages?: ResourceMessages;
}

export type { ResourceMessages };

/** The fields of a calendar view (x-intranet.list.calendar): first and last day, and the chip's text. */
export interface CalendarRule {
  start: string;
  end: string;
  title: string;
}

/** The texts of a switch column's two states (x-intranet.list.switches). */
export interface SwitchLabels {
  on: string;
  off: string;
  /** Asks before a flip that changes something for everyone, then says what it did. */
  confirm?: ToggleConfirm;
}

/** How a row belongs to a provider (x-intranet.provider): its column, through another resource, or null. */
export type ProviderRule = string | { column: string; via: string } | null;

export interface EntitySchema {
  title: string;
  description?: string;
  properties: Record<string, PropertySchema>;
  required: string[];
  'x-intranet': IntranetBlock;
}

/** x-intranet.sharedWith: the user a column names, or the users a referenced record's list field names. */
export interface SharedWithRule {
  column: string;
  via?: string;
  field?: string;
  write?: boolean;
}

/** Everything a generated screen needs about one resource. */
export interface ResourceConfig {
  resource: string;
  /** schemas/<area> */
  area: string;
  module: string;
  /** Other role areas whose roles also act on this resource (x-intranet.alsoModules). */
  alsoModules: string[];
  /** Base of the routes: <path>/list, <path>/register, <editBase>/:id. */
  path: string;
  /** Base of the edit screen's route: <path>/edit unless an alias says otherwise. */
  editBase: string;
  /** Other route bases of the same screens (x-intranet.aliases). */
  aliases: RouteAlias[];
  title: string;
  labels: { singular: string; plural: string };
  addLabel: string;
  back: string;
  /** Where the register and edit screens go back to without an earlier page of the app (x-intranet.returnTo); default <path>/list. */
  returnTo?: string;
  history: boolean;
  properties: Record<string, PropertySchema>;
  required: Set<string>;
  references: Record<string, Reference>;
  search: string[];
  list: Required<Omit<IntranetBlock['list'], 'view' | 'calendar' | 'cardLink'>> & { view: 'table' | 'cards'; cardLink?: string };
  /** list.view, also in the resource's summary (the routes of the cards view). */
  listView: 'table' | 'cards';
  /** The generated table's address (x-intranet.listPath); default <path>/list. */
  listPath: string;
  /** Other addresses of the register screen (x-intranet.registerPaths). */
  registerPaths: string[];
  /** The month calendar beside the table (<path>/calendar); null: none. */
  calendar: CalendarRule | null;
  /** The register's save button (x-intranet.form.createLabel); default Salvar. */
  createLabel?: string;
  /** Where the register's back arrow leads: 'previous' the page the user came from, else the return path. */
  registerBack: 'list' | 'previous';
  /** The register also offers 'Salvar e Continuar': save, and stay for the next entry (x-intranet.form.saveAndContinue). */
  saveAndContinue: boolean;
  sections: { title: string; fields: string[] }[];
  /** Where the register goes after a create ({campo} from the saved record; x-intranet.form.afterCreate); default where it returns. */
  afterCreate?: string;
  /** How each file field uploads (x-intranet.files). */
  files: Record<string, FileRule>;
  /** The field other records show for this one (the label referring schemas use, else nome/titulo). */
  recordLabel: string;
  /** False when every field is read-only (a log, an outbox): no register or edit screens. */
  editable: boolean;
  /** The right each operation needs (x-intranet.access). */
  access: Record<Operation, Right>;
  /** Fields only some may set or change (x-intranet.fieldAccess): read-only in the others' forms. */
  fieldAccess: Record<string, Right>;
  /**
   * Fields only the record's managers fill (x-intranet.managedFields): hidden from the others' forms.
   * A manager holds the right, or is named for the record by a writing rule of `sharedWith`.
   */
  managedFields?: Record<string, Right>;
  sharedWith?: SharedWithRule[];
  /** Pairs of dates forming a period (x-intranet.dateRanges): one date-range input, start not after end. */
  dateRanges: DateRange[];
  /** How a row belongs to a provider (x-intranet.provider). */
  provider: ProviderRule;
  /** A row with an empty provider is every provider's, written only by the superadmin (x-intranet.providerShared). */
  providerShared?: boolean;
  /** Written only by its feature (x-intranet.internal): no generated screens, no admin cards. */
  internal: boolean;
  /** Grammatical gender of labels.singular. */
  gender: 'm' | 'f';
  /** The resource's toasts (x-intranet.messages). */
  messages: ResourceMessages;
  /** Extra row actions (x-intranet.actions). */
  actions: RowAction[];
  /** The Ativar/Desativar action (x-intranet.toggle, else a writable 'ativo'); null: none. */
  toggle: Toggle | null;
  /** Excluir only on rows meeting it (x-intranet.deleteWhen). */
  deleteWhen?: RowCondition;
  /** The permanent filter of the list on this route base (an alias's filter); {} on the resource's own. */
  listFilter: Record<string, unknown>;
  /** No add button on this route base (an alias's hideAdd). */
  hideAdd: boolean;
  /** The parent record the screens live under (x-intranet.scope); null: none. */
  scope: ScopeRule | null;
  /** On a scoped screen, the parent's id the route names (withScope()); undefined elsewhere. */
  scopeValue?: string;
}

export interface Toggle {
  field: string;
  on: string;
  off: string;
  when?: RowCondition;
  /** Asks before switching (a register the group shares), then says what it did. */
  confirm?: ToggleConfirm;
}

/** The toggle of a schema: the declared one, or Ativar/Desativar on a writable 'ativo'. */
function toggleOf(x: IntranetBlock, properties: Record<string, PropertySchema>): Toggle | null {
  if (x.toggle === false) return null;
  const field = x.toggle?.field ?? TOGGLE_DEFAULTS.field;
  if (!properties[field] || properties[field].readOnly) return null;
  return { field, on: x.toggle?.on ?? TOGGLE_DEFAULTS.on, off: x.toggle?.off ?? TOGGLE_DEFAULTS.off, when: x.toggle?.when, confirm: x.toggle?.confirm };
}

/** The field the green/red status dot shows: the toggle's, else 'ativo'. */
export const statusFieldOf = (config: Pick<ResourceConfig, 'toggle' | 'properties'>): string | null =>
  config.toggle?.field ?? ('ativo' in config.properties ? 'ativo' : null);

export const DEFAULT_BACK = '/modulos/admin';

/** The non-null JSON type of a property ('string' for ["string", "null"]). */
export function baseType(p: PropertySchema): string {
  const types = Array.isArray(p.type) ? p.type : [p.type];
  return types.find((t) => t !== 'null') ?? 'null';
}

export const isNullable = (p: PropertySchema) => Array.isArray(p.type) && p.type.includes('null');

export function toConfig(schema: EntitySchema, area: string, labelOf?: string): ResourceConfig {
  const x = schema['x-intranet'];
  const properties = schema.properties;
  const writable = Object.keys(properties).filter((f) => !properties[f].readOnly);
  const fallbackLabel = ['nome', 'titulo', 'nome_fantasia', 'descricao'].find((f) => properties[f]) ?? 'id';
  return {
    resource: x.resource,
    area,
    module: x.module,
    alsoModules: x.alsoModules ?? [],
    path: x.path ?? `/${x.resource}`,
    editBase: x.editPath ?? `${x.path ?? `/${x.resource}`}/edit`,
    listPath: x.listPath ?? `${x.path ?? `/${x.resource}`}/list`,
    registerPaths: x.registerPaths ?? [],
    aliases: x.aliases ?? [],
    title: x.title ?? x.labels.plural,
    labels: x.labels,
    addLabel: x.addLabel ?? `${x.gender === 'f' ? 'NOVA' : 'NOVO'} ${x.labels.singular.toUpperCase()}`,
    back: x.back ?? DEFAULT_BACK,
    returnTo: x.returnTo,
    history: x.history,
    properties,
    required: new Set(schema.required),
    references: x.references ?? {},
    search: x.search ?? [],
    list: {
      columns: x.list.columns,
      sort: x.list.sort,
      filters: x.list.filters ?? [],
      expand: x.list.expand ?? [],
      view: x.list.view ?? 'table',
      cardLink: x.list.cardLink,
      flags: x.list.flags ?? {},
      switches: x.list.switches ?? {},
    },
    listView: x.list.view ?? 'table',
    sections: x.form?.sections ?? [{ title: 'Dados Básicos', fields: writable }],
    afterCreate: x.form?.afterCreate,
    calendar: x.list.calendar ?? null,
    createLabel: x.form?.createLabel,
    registerBack: x.form?.registerBack ?? 'list',
    saveAndContinue: x.form?.saveAndContinue === true,
    files: x.files ?? {},
    recordLabel: labelOf ?? fallbackLabel,
    editable: writable.length > 0 && !x.internal,
    access: x.access,
    fieldAccess: x.fieldAccess ?? {},
    managedFields: x.managedFields ?? {},
    sharedWith: x.sharedWith ?? [],
    dateRanges: x.dateRanges ?? [],
    provider: x.provider ?? null,
    providerShared: x.providerShared === true,
    internal: x.internal === true,
    gender: x.gender ?? 'm',
    messages: x.messages ?? {},
    actions: x.actions ?? [],
    toggle: toggleOf(x, properties),
    deleteWhen: x.deleteWhen,
    listFilter: {},
    hideAdd: false,
    scope: x.scope ?? null,
  };
}

/**
 * What the first screen knows of a resource, without its schema's body (fields, columns, sections,
 * messages...): its routes, titles, rights and role areas, for the routes, the menus, the cards and
 * the screens' gates. The build computes them from the schemas (virtual:resource-manifest, see
 * scripts/resource-manifest-plugin.ts); a generated screen loads the body with its own chunk.
 */
export const SUMMARY_KEYS = [
  'resource',
  'area',
  'module',
  'alsoModules',
  'path',
  'editBase',
  'aliases',
  'title',
  'labels',
  'addLabel',
  'back',
  'returnTo',
  'history',
  'listPath',
  'registerPaths',
  'listView',
  'calendar',
  'createLabel',
  'registerBack',
  'saveAndContinue',
  'afterCreate',
  'recordLabel',
  'editable',
  'access',
  'provider',
  'internal',
  'gender',
  'listFilter',
  'hideAdd',
  'scope',
  'scopeValue',
] as const satisfies readonly (keyof ResourceConfig)[];

export type ResourceSummary = Pick<ResourceConfig, (typeof SUMMARY_KEYS)[number]>;

/** A resource's summary: only the keys the first screen reads. */
export function summaryOf(config: ResourceConfig): ResourceSummary {
  const summary: Record<string, unknown> = {};
  for (const key of SUMMARY_KEYS) if (config[key] !== undefined) summary[key] = config[key];
  return summary as ResourceSummary;
}

/** The config of a resource as seen from one of its aliases (same data, other routes and title). */
export function aliasConfig<C extends ResourceSummary>(config: C, alias: RouteAlias): C {
  return {
    ...config,
    path: alias.path,
    editBase: alias.editPath ?? `${alias.path}/edit`,
    listPath: `${alias.path}/list`,
    registerPaths: [],
    title: alias.title ?? config.title,
    addLabel: alias.addLabel ?? config.addLabel,
    back: alias.back ?? config.back,
    aliases: [],
    listFilter: alias.filter ?? {},
    hideAdd: alias.hideAdd === true,
    returnTo: alias.returnTo ?? config.returnTo,
    scope: config.scope && alias.scope ? { ...config.scope, ...alias.scope } : config.scope,
  };
}

/** Where a record's register and edit screens go back to when the app has no earlier page: the schema's returnTo, else the list (of a scoped register, the parent's). */
export const returnPathOf = (config: ResourceSummary) => config.returnTo ?? listPathOf(config);

/** The edit screen of a record (of a scoped register: under the screen's parent, else the record's own). */
export function editPathOf(config: ResourceSummary, id: string | number, record?: Record<string, unknown>): string {
  if (isEditTemplate(config)) return fillRoute(config.editBase, { ...record, id });
  const scope = config.scope;
  if (!scope) return `${config.editBase}/${id}`;
  // The list of every parent's rows (an optional scope) opens a record by its own address.
  const parent = config.scopeValue ?? (scope.optional ? undefined : blankToUndefined(record?.[scope.field]));
  if (parent === undefined) return `${config.editBase}/${id}`;
  if (scope.in === 'path') return `${config.editBase}/${encodeURIComponent(parent)}/${encodeURIComponent(String(id))}`;
  return `${config.editBase}?${new URLSearchParams({ [scope.param]: parent, [scope.idParam ?? 'id']: String(id) })}`;
}

/** An editPath with {field} placeholders is the whole address of the edit screen (/marketing/roulette/edit/{id}/{id_usuario_intranet}). */
export const isEditTemplate = (config: Pick<ResourceConfig, 'editBase'>) => config.editBase.includes('{');

/** The edit screen's route pattern: <editBase>/:id, or a template's placeholders as parameters ({id} required, the others optional). */
export const editRoutePattern = (config: Pick<ResourceConfig, 'editBase'>) =>
  isEditTemplate(config) ? config.editBase.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (_, f: string) => (f === 'id' ? ':id' : `:${f}?`)) : `${config.editBase}/:id`;

/** The edit screen's address without a record: a template's part before its first placeholder. */
export const editBaseOf = (config: Pick<ResourceConfig, 'editBase'>) => (isEditTemplate(config) ? config.editBase.slice(0, config.editBase.indexOf('{')).replace(/\/$/, '') : config.editBase);

const blankToUndefined = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** The list screen: of a scoped register, the parent's (`parent`, else the screen's own scopeValue). */
export function listPathOf(config: ResourceSummary, parent: string | undefined = config.scopeValue): string {
  return scopedPath(config, config.listPath, parent, config.scope?.listParam);
}

/** The register screen: of a scoped register, under the parent. */
export function registerPathOf(config: ResourceSummary, parent: string | undefined = config.scopeValue): string {
  return scopedPath(config, `${config.path}/register`, parent);
}

function scopedPath(config: ResourceSummary, base: string, parent: string | undefined, param = config.scope?.param) {
  if (!config.scope || parent === undefined) return base;
  return config.scope.in === 'path' ? `${base}/${encodeURIComponent(parent)}` : `${base}?${new URLSearchParams({ [param ?? config.scope.param]: parent })}`;
}

/**
 * The parent's id a scoped screen's route names (its path parameter or query parameter: on the
 * list, its listParam when it has one), or undefined when it names none or one that cannot be an
 * id of the field (a number field and text).
 */
export function scopeValueOf(config: ResourceConfig, params: Record<string, string | undefined>, search: URLSearchParams, screen: 'list' | 'form' = 'form'): string | undefined {
  const scope = config.scope;
  if (!scope) return undefined;
  const queryParam = screen === 'list' ? (scope.listParam ?? scope.param) : scope.param;
  // An optional scope's register also takes the list's name of the parent (register?idCampaign=1 beside edit?id_campanha=1).
  const fallback = scope.optional && screen === 'form' && scope.listParam ? search.get(scope.listParam) : null;
  const raw = (scope.in === 'path' ? params[scope.param] : (search.get(queryParam) ?? fallback))?.trim();
  if (!raw) return undefined;
  const p = config.properties[scope.field];
  if (p && baseType(p) === 'integer' && !/^\d{1,15}$/.test(raw)) return undefined;
  return raw;
}

/** The parent's id as the field holds it (a number for an integer field). */
export function scopeFieldValue(config: ResourceConfig, value: string): string | number {
  const p = config.scope && config.properties[config.scope.field];
  return p && (baseType(p) === 'integer' || baseType(p) === 'number') ? Number(value) : value;
}

/**
 * Where a scoped screen without its parent leads: the back target's path (the part before '?'),
 * unless it still needs the parent ('{campo}'), then the schema's back, else the index.
 */
export function scopeHome(config: ResourceSummary): string {
  for (const target of [config.scope?.back, config.back]) {
    const path = target?.split('?')[0];
    if (path && !path.includes('{')) return path;
  }
  return DEFAULT_BACK;
}

/**
 * The route patterns a scoped register adds to <path>/list, <path>/register and <editBase>/:id, with
 * the operation each needs (for the shell's list of screens, shell/screens.ts): in query mode the
 * edit screen without an id in the path; in path mode the three screens under the parent.
 */
export function scopedScreens(config: ResourceSummary): { pattern: string; operation: Operation }[] {
  const scope = config.scope;
  if (!scope || !config.editable) return scope?.in === 'path' ? [{ pattern: `${config.path}/list/:${scope.param}`, operation: 'list' }] : [];
  if (scope.in === 'query') return [{ pattern: config.editBase, operation: 'update' }];
  return [
    { pattern: `${config.path}/list/:${scope.param}`, operation: 'list' },
    { pattern: `${config.path}/register/:${scope.param}`, operation: 'create' },
    ...(scope.labelParam ? [{ pattern: `${config.path}/register/:${scope.param}/:${scope.labelParam}`, operation: 'create' as const }] : []),
    { pattern: `${config.editBase}/:${scope.param}/:id`, operation: 'update' },
  ];
}

/**
 * The config of a scoped screen under the parent `value`: its list reads only that parent's rows
 * (the field joins the permanent filter, and leaves the filters bar), and its back arrow leads to
 * the scope's `back`, '{field}' filled with the parent's id.
 */
export function withScope(config: ResourceConfig, value: string): ResourceConfig {
  const scope = config.scope;
  if (!scope) return config;
  const back = scope.back ? scope.back.split(`{${scope.field}}`).join(encodeURIComponent(value)) : config.back;
  const list = { ...config.list, ...definedOf(scope.parentList) };
  return { ...config, scopeValue: value, back, list, listFilter: { ...config.listFilter, [scope.field]: scopeFieldValue(config, value) } };
}

/** An optional scope's list of every parent's rows: its own columns and expanded fields (scope.allList). */
export function withoutScope(config: ResourceConfig): ResourceConfig {
  const extra = config.scope?.allList;
  return extra ? { ...config, list: { ...config.list, ...definedOf(extra) } } : config;
}

const definedOf = (list: { columns?: string[]; expand?: string[] } | undefined) =>
  Object.fromEntries(Object.entries(list ?? {}).filter(([, v]) => v !== undefined)) as { columns?: string[]; expand?: string[] };

/** Configs of a set of schema modules keyed by file path (/schemas/<area>/<file>.json). */
export function buildConfigs(files: Record<string, unknown>): ResourceConfig[] {
  const entries = Object.entries(files)
    .filter(([path]) => !path.endsWith('meta-schema.json'))
    .map(([path, mod]) => {
      const schema = ((mod as { default?: EntitySchema }).default ?? mod) as EntitySchema;
      const area = /\/schemas\/([^/]+)\//.exec(path)?.[1] ?? '';
      return { schema, area };
    })
    .filter(({ schema }) => schema && schema['x-intranet']);
  // The label a resource is shown by is the one the schemas referring to it name.
  const labelOf = new Map<string, string>();
  for (const { schema } of entries) {
    for (const ref of Object.values(schema['x-intranet'].references ?? {})) {
      if (!labelOf.has(ref.resource)) labelOf.set(ref.resource, ref.label);
    }
  }
  return entries
    .map(({ schema, area }) => toConfig(schema, area, labelOf.get(schema['x-intranet'].resource)))
    .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
}

/** The role area of each resource, for the data provider's role header. */
/** Each resource's role areas: its module first, then x-intranet.alsoModules. */
export const modulesOf = (configs: Pick<ResourceSummary, 'resource' | 'module' | 'alsoModules'>[]): Record<string, string[]> =>
  Object.fromEntries(configs.map((c) => [c.resource, [c.module, ...c.alsoModules]]));

/** Names of the role areas shown to people (the areas' short names, src/domain/roles.ts, for the others). */
export const MODULE_TITLES: Record<string, string> = {
  rh: 'Recursos Humanos',
  onboarding: 'Onboarding',
  marketing: 'Marketing',
  vendas: 'Vendas',
  suprimentos: 'Suprimentos',
  notificacao: 'Notificações',
  roulette: 'Roleta',
  perfil: 'Perfil',
  provedor: 'Provedores',
  regua_comunicacao: 'Régua de comunicação',
  configuracao: 'Configurações',
  settings: 'Configurações',
  users: 'Usuários',
  pagina_inicial: 'Página inicial',
  incidentes: 'Incidentes',
};

export const moduleTitle = (module: string) => MODULE_TITLES[module] ?? ROLE_AREA_NAMES[module] ?? module.charAt(0).toUpperCase() + module.slice(1);
