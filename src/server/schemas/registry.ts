// Loads schemas/<area>/<resource>.json, checks each against the meta-schema, and derives the pieces
// the rest of the server needs (table, columns, SQL types, access rights).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import type { DateRange } from '../../domain/dateRange.js';
import type { ScopeRule } from '../../domain/scope.js';
import { IMAGE_EXTENSIONS, IMAGE_REJECTED, isImageFieldName } from '../../domain/format.js';
import { MSG, type ResourceMessages } from '../../domain/messages.js';
import type { AccessRule } from '../../domain/roles.js';
import type { FileRule } from '../files/access.js';
import { actionConditionFields, conditionFields, placeholders, TOGGLE_DEFAULTS, type RowAction, type RowCondition, type ToggleRule } from '../../domain/rowActions.js';

export type { ScopeRule };

export type { AccessRule, Right } from '../../domain/roles.js';
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
  items?: { type?: string | string[]; enum?: unknown[]; format?: string };
  [key: string]: unknown;
}

/** Another route base of the same screens (x-intranet.aliases), optionally a permanently filtered view. */
export interface Alias {
  path: string;
  editPath?: string;
  title?: string;
  addLabel?: string;
  back?: string;
  filter?: Record<string, unknown>;
  hideAdd?: boolean;
  /** Where register and edit return on this base. */
  returnTo?: string;
  /** The scope's route parameters on this base, over the resource's scope. */
  scope?: Partial<Pick<ScopeRule, 'param' | 'idParam' | 'listParam' | 'back'>>;
}

export interface Block {
  resource: string;
  path?: string;
  /** Base of the edit screen (<editPath>/{id}, or the query-mode scoped edit); default <path>/edit. */
  editPath?: string;
  /** The generated table's address instead of <path>/list (the news: /news/table). */
  listPath?: string;
  /** Other addresses of the register screen (the news: /news/form). */
  registerPaths?: string[];
  aliases?: Alias[];
  table: string;
  /** schema.view the reads come from (the table's columns plus computed read-only ones); writes go to table. */
  readFrom?: string;
  graphql?: string;
  module: string;
  alsoModules?: string[];
  labels: { singular: string; plural: string };
  references?: Record<string, { resource: string; label: string; dependsOn?: string; filterField?: string; contextFields?: Record<string, string>; loadError?: string; providerFlag?: boolean; sameProvider?: boolean }>;
  search: string[];
  list: {
    columns: string[];
    sort: { field: string; order: 'ASC' | 'DESC' };
    filters?: string[];
    expand?: string[];
    view?: 'table' | 'cards';
    /** Where a card leads, {field} filled from the record (the categories: /news/list/{id}). */
    cardLink?: string;
    /** Boolean columns drawn as flags under a short label ({ "bitcom": "BIT" }). */
    flags?: Record<string, string>;
    /** Boolean columns drawn as switches flipped in the cell ({ "whatsapp": { "on": "Permitido", "off": "Restrito" } }). */
    switches?: Record<string, { on: string; off: string }>;
    /** A month calendar of the records at <path>/calendar: the fields of the first and last day, and of the chip's text. */
    calendar?: { start: string; end: string; title: string };
  };
  /** The screens of a register living under a parent record: the reference `field` takes the route's `param`. */
  scope?: ScopeRule;
  form?: { sections: { title: string; fields: string[] }[]; afterCreate?: string; createLabel?: string; registerBack?: 'list' | 'previous'; saveAndContinue?: boolean };
  /** How each file field uploads and what it takes: its bucket (required of every file field), the extensions it takes and the refusal of another. */
  files?: Record<string, { bucket?: string; accept?: string[]; message?: string }>;
  /** Extra row actions of the list. */
  actions?: RowAction[];
  /** The Ativar/Desativar action; false: none. */
  toggle?: ToggleRule | false;
  /** Excluir shows only on rows meeting it. */
  deleteWhen?: RowCondition;
  addLabel?: string;
  title?: string;
  back?: string;
  history: boolean;
  provider: string | { column: string; via: string } | null;
  /** A row with an empty provider column belongs to every provider: read by all, written by the superadmin only. */
  providerShared?: boolean;
  /** Column with the usuarioId of the row's owner: who is not a manager of the module sees only their own rows. */
  owner?: string;
  /** With owner: the right that sees everyone's rows (default manage). */
  ownerAll?: 'read' | 'edit' | 'manage' | 'superadmin';
  /** With owner: users who also see (and with write, update) rows owned by others (see schemas/README.md). */
  sharedWith?: SharedWithRule[];
  access: Record<Operation, AccessRule>;
  /** Fields only some may set or change ({ "site": "superadmin" } on the providers), in the resource's areas. */
  fieldAccess?: Record<string, AccessRule>;
  /**
   * Fields only the record's managers fill ({ "status": "manage" } on the incidents): who holds the
   * right in the resource's areas, or a user a writing sharedWith rule names for the record (the
   * category's gestores). Hidden from the others' forms; their writes setting or changing one get 403.
   */
  managedFields?: Record<string, AccessRule>;
  countStrategy?: 'auto' | 'exact' | 'estimated';
  dateRanges?: DateRange[];
  /** A table only its feature writes (links, readings): no generic writes (REST 405, no GraphQL mutations), no screens. */
  internal?: boolean;
  /** Grammatical gender of labels.singular (the admin's generated texts). */
  gender?: 'm' | 'f';
  /** The resource's own toasts ({campo}: a field of the saved record). */
  messages?: ResourceMessages;
  /** Combinations of fields no two rows share (each a UNIQUE index of the migration), with the refusal's text. */
  unique?: UniqueRule[];
}

export type { ResourceMessages };

/** x-intranet.sharedWith: the user a column names, or the users a referenced record's list field names. */
export interface SharedWithRule {
  column: string;
  via?: string;
  field?: string;
  write?: boolean;
}

export interface UniqueRule {
  fields: string[];
  /** The field the message goes under (default: the last of fields). */
  field?: string;
  message: string;
}

export interface EntitySchema {
  $schema: string;
  title: string;
  description?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required: string[];
  additionalProperties: false;
  'x-intranet': Block;
}

export interface Column {
  name: string;
  property: PropertySchema;
  /** The PostgreSQL type the column must have (as information_schema's udt_name). */
  sqlTypes: string[];
  nullable: boolean;
  readOnly: boolean;
}

export interface ResourceDef {
  name: string;
  file: string;
  schema: EntitySchema;
  block: Block;
  /** Quoted "schema"."table". */
  sqlTable: string;
  /** What reads select from: the quoted `readFrom` view, else sqlTable. */
  readSql: string;
  dbSchema: string;
  dbTable: string;
  /** GraphQL root name, Hasura style: rh_departamento. */
  gqlName: string;
  path: string;
  columns: Column[];
  columnByName: Map<string, Column>;
  writable: string[];
}

/**
 * Why the generic API (REST /api/<resource>, GraphQL, and so the OpenAPI document) offers no such
 * write of a resource, or null when it does. An internal table (x-intranet.internal: links, readings)
 * is written only by its feature's own calls, through the resource service, so it has no create,
 * update or delete there; a schema whose every field is read-only (the outbox) is written by the
 * server alone, and may only be deleted. REST answers 405 with this text (after the caller's right),
 * GraphQL has no such mutation, OpenAPI lists no such operation.
 */
export function apiWriteRefusal(def: ResourceDef, operation: 'create' | 'update' | 'delete'): string | null {
  if (def.block.internal) return MSG.internalWrites;
  if (!def.writable.length && operation !== 'delete') return MSG.systemWritten;
  return null;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The non-null JSON type of a property ("integer" for ["integer", "null"]). */
export function baseType(p: PropertySchema): string {
  const types = Array.isArray(p.type) ? p.type : [p.type];
  return types.find((t) => t !== 'null') ?? 'null';
}

export function isNullable(p: PropertySchema): boolean {
  return Array.isArray(p.type) && p.type.includes('null');
}

/** JSON Schema type and format -> acceptable PostgreSQL udt_names (the first is the one to create). */
export function sqlTypesOf(p: PropertySchema): string[] {
  const t = baseType(p);
  if (t === 'integer') return ['int4', 'int8', 'int2'];
  if (t === 'number') return ['numeric', 'float8', 'float4'];
  if (t === 'boolean') return ['bool'];
  if (t === 'object') return ['jsonb'];
  if (t === 'array') {
    const it = p.items ? baseType(p.items as PropertySchema) : 'string';
    if (it === 'integer') return ['_int4', '_int8'];
    if (it === 'number') return ['_numeric'];
    if (it === 'string') return ['_text'];
    return ['jsonb'];
  }
  switch (p.format) {
    case 'date':
      return ['date'];
    case 'date-time':
      return ['timestamptz'];
    case 'time':
      return ['time'];
    case 'uuid':
    case 'file':
      return ['uuid'];
    default:
      return ['text', 'varchar'];
  }
}

/** A field holding the id of a stored file (format file), or a list of them. */
export function isFileProperty(p: PropertySchema) {
  return (baseType(p) === 'array' ? p.items?.format : p.format) === 'file';
}

/**
 * What a file field takes (x-intranet.files: its bucket, accepted extensions and refusal of another
 * type). Without extensions of its own, a field the forms draw as an image (by its name: imagem,
 * capa, foto...) takes what they take: PNG or JPEG.
 */
export function fileRuleOf(def: ResourceDef, field: string): FileRule {
  const { bucket, accept, message } = def.block.files![field];
  if (accept || !isImageFieldName(field)) return { bucket: bucket!, accept, message };
  return { bucket: bucket!, accept: IMAGE_EXTENSIONS.map((ext) => `.${ext}`), message: message ?? IMAGE_REJECTED };
}

/** The file fields of a resource, each with what it takes. */
export function fileFieldsOf(def: ResourceDef): { field: string; rule: FileRule }[] {
  return def.columns.filter((c) => isFileProperty(c.property)).map((c) => ({ field: c.name, rule: fileRuleOf(def, c.name) }));
}

export class SchemaError extends Error {}

const metaAjv = new Ajv2020({ allErrors: true, strict: false });

export function loadMetaSchema(root: string) {
  return JSON.parse(readFileSync(join(root, 'meta-schema.json'), 'utf8'));
}

function describe(errors: ErrorObject[] | null | undefined) {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
}

/** Checks one parsed schema file: the meta-schema, then the cross-field rules JSON Schema cannot say. */
export function checkSchema(schema: EntitySchema, file: string, validateMeta: (s: unknown) => boolean, metaErrors: () => ErrorObject[] | null | undefined) {
  if (!validateMeta(schema)) throw new SchemaError(`${file}: ${describe(metaErrors())}`);
  const props = schema.properties;
  const block = schema['x-intranet'];
  const known = (f: string, where: string) => {
    if (!(f in props)) throw new SchemaError(`${file}: ${where} names unknown field "${f}"`);
  };
  schema.required.forEach((f) => known(f, 'required'));
  block.search.forEach((f) => known(f, 'search'));
  // A column may be a path through references ('id_setor.id_departamento.id_empresa'), checked with the registry.
  block.list.columns.forEach((f) => known(f.split('.')[0], 'list.columns'));
  known(block.list.sort.field, 'list.sort');
  (block.list.filters ?? []).forEach((f) => known(f, 'list.filters'));
  (block.list.expand ?? []).forEach((f) => known(f, 'list.expand'));
  block.form?.sections.forEach((s) => s.fields.forEach((f) => known(f, `form section "${s.title}"`)));
  placeholders(block.form?.afterCreate ?? '').forEach((f) => known(f, 'form.afterCreate'));
  placeholders(block.list.cardLink ?? '').forEach((f) => known(f, 'list.cardLink'));
  for (const field of Object.keys(block.files ?? {})) {
    known(field, 'files');
    if (!isFileProperty(props[field])) throw new SchemaError(`${file}: files field "${field}" is not a file field (format file)`);
  }
  // The server accepts in a file field only a file of its bucket, so every file field names one.
  for (const [field, p] of Object.entries(props)) {
    if (isFileProperty(p) && !block.files?.[field]?.bucket) throw new SchemaError(`${file}: file field "${field}" needs its bucket in files`);
  }
  for (const field of Object.keys(block.fieldAccess ?? {})) {
    known(field, 'fieldAccess');
    if (props[field].readOnly) throw new SchemaError(`${file}: fieldAccess field "${field}" is read-only: nobody writes it`);
  }
  for (const field of Object.keys(block.managedFields ?? {})) {
    known(field, 'managedFields');
    if (props[field].readOnly) throw new SchemaError(`${file}: managedFields field "${field}" is read-only: nobody writes it`);
    if (block.fieldAccess?.[field]) throw new SchemaError(`${file}: field "${field}" is in both fieldAccess and managedFields`);
  }
  for (const [field, ref] of Object.entries(block.references ?? {})) {
    known(field, 'references');
    Object.values(ref.contextFields ?? {}).forEach((f) => known(f, `reference ${field} contextFields`));
  }
  for (const range of block.dateRanges ?? []) {
    for (const f of [range.start, range.end]) {
      known(f, 'dateRanges');
      const format = props[f].format;
      if (format !== 'date' && format !== 'date-time') throw new SchemaError(`${file}: dateRanges field "${f}" must be a date or date-time`);
    }
  }
  const calendar = block.list.calendar;
  if (calendar) {
    for (const f of [calendar.start, calendar.end]) {
      known(f, 'list.calendar');
      const format = props[f].format;
      if (format !== 'date' && format !== 'date-time') throw new SchemaError(`${file}: list.calendar field "${f}" must be a date or date-time`);
    }
    known(calendar.title, 'list.calendar title');
  }
  for (const rule of block.unique ?? []) {
    rule.fields.forEach((f) => known(f, 'unique'));
    if (rule.field) known(rule.field, 'unique.field');
  }
  checkListActions(schema, file, known);
  if (typeof block.provider === 'string') known(block.provider, 'provider');
  else if (block.provider) known(block.provider.column, 'provider.column');
  if (block.owner) known(block.owner, 'owner');
  for (const rule of block.sharedWith ?? []) {
    if (!block.owner) throw new SchemaError(`${file}: sharedWith needs an owner`);
    known(rule.column, 'sharedWith.column');
    if (baseType(props[rule.column]) !== 'integer') throw new SchemaError(`${file}: sharedWith column "${rule.column}" must be an integer`);
    if ((rule.via === undefined) !== (rule.field === undefined)) throw new SchemaError(`${file}: sharedWith needs both via and field, or neither`);
  }
  for (const f of block.search) {
    if (baseType(props[f]) !== 'string') throw new SchemaError(`${file}: search field "${f}" must be a string`);
  }
  if (baseType(props.id) !== 'integer' && props.id.format !== 'uuid') {
    throw new SchemaError(`${file}: id must be an integer or a uuid`);
  }
  if (!props.id.readOnly) throw new SchemaError(`${file}: id must be readOnly`);
  for (const [field, p] of Object.entries(props)) {
    const labels = p['x-enumLabels'] as Record<string, string> | undefined;
    const values = p.enum ?? p.items?.enum;
    for (const value of Object.keys(labels ?? {})) {
      if (!values?.some((v) => String(v) === value)) throw new SchemaError(`${file}: x-enumLabels of "${field}" names "${value}", not one of its values`);
    }
  }
}

/** The row actions, toggle, flags and alias filters: the fields they name are the record's, of the right type. */
function checkListActions(schema: EntitySchema, file: string, known: (f: string, where: string) => void) {
  const props = schema.properties;
  const block = schema['x-intranet'];
  const boolean = (f: string, where: string) => {
    known(f, where);
    if (baseType(props[f]) !== 'boolean') throw new SchemaError(`${file}: ${where} field "${f}" must be a boolean`);
  };
  for (const field of Object.keys(block.list.flags ?? {})) {
    boolean(field, 'list.flags');
    if (!block.list.columns.includes(field)) throw new SchemaError(`${file}: list.flags field "${field}" is not in list.columns`);
  }
  for (const field of Object.keys(block.list.switches ?? {})) {
    boolean(field, 'list.switches');
    if (!block.list.columns.includes(field)) throw new SchemaError(`${file}: list.switches field "${field}" is not in list.columns`);
    if (props[field].readOnly) throw new SchemaError(`${file}: list.switches field "${field}" is read-only`);
    if (block.list.flags?.[field]) throw new SchemaError(`${file}: list.switches field "${field}" is also a flag`);
  }
  checkScope(schema, file, known);
  for (const action of block.actions ?? []) {
    const where = `action "${action.label}"`;
    actionConditionFields(action).forEach((f) => known(f, `${where} when`));
    if (action.kind === 'details') action.fields.forEach((f) => known(f, where));
    if (action.kind === 'external') {
      known(action.field, where);
      if (baseType(props[action.field]) !== 'string') throw new SchemaError(`${file}: ${where} field "${action.field}" must be a string`);
    }
    if (action.kind === 'page') placeholders(action.to).forEach((f) => known(f, `${where} route`));
    if (action.kind === 'call') placeholders(action.url).forEach((f) => known(f, `${where} url`));
    if (action.kind === 'copy') {
      known(action.field, where);
      if (baseType(props[action.field]) !== 'string') throw new SchemaError(`${file}: ${where} field "${action.field}" must be a string`);
    }
    if (action.kind === 'download') {
      known(action.field, where);
      if (props[action.field].format !== 'file' || baseType(props[action.field]) !== 'string') throw new SchemaError(`${file}: ${where} field "${action.field}" must be a file field`);
    }
  }
  if (block.toggle) {
    const field = block.toggle.field ?? TOGGLE_DEFAULTS.field;
    boolean(field, 'toggle');
    if (props[field].readOnly) throw new SchemaError(`${file}: toggle field "${field}" is read-only`);
    conditionFields(block.toggle.when).forEach((f) => known(f, 'toggle.when'));
  }
  conditionFields(block.deleteWhen).forEach((f) => known(f, 'deleteWhen'));
  if (block.editPath?.includes('{')) {
    placeholders(block.editPath).forEach((f) => known(f, 'editPath'));
    if (!placeholders(block.editPath).includes('id')) throw new SchemaError(`${file}: editPath with placeholders must name {id}`);
    if (block.scope) throw new SchemaError(`${file}: editPath with placeholders cannot be used with a scope`);
  }
  for (const alias of block.aliases ?? []) {
    for (const [field, value] of Object.entries(alias.filter ?? {})) {
      known(field, `alias ${alias.path} filter`);
      const allowed = props[field].enum;
      const values = Array.isArray(value) ? value : [value];
      const bad = allowed ? values.findIndex((v) => !allowed.includes(v)) : -1;
      if (bad >= 0) throw new SchemaError(`${file}: alias ${alias.path} filter ${field} = ${JSON.stringify(values[bad])} is not one of its values`);
    }
  }
}

/**
 * x-intranet.scope: the field is a reference of the record (to the parent), to one record, writable
 * when the record has writable fields (the register fills it); the route's parameters differ (and
 * in path mode none is 'id'); the back target's '{campo}' placeholders name only the field.
 */
function checkScope(schema: EntitySchema, file: string, known: (f: string, where: string) => void) {
  const block = schema['x-intranet'];
  const scope = block.scope;
  const scopedAlias = (block.aliases ?? []).find((a) => a.scope);
  if (!scope && scopedAlias) throw new SchemaError(`${file}: alias ${scopedAlias.path} has a scope, but the resource has none`);
  if (!scope) return;
  const p = schema.properties[scope.field];
  known(scope.field, 'scope');
  if (!block.references?.[scope.field]) throw new SchemaError(`${file}: scope field "${scope.field}" is not a reference (to the parent record)`);
  if (baseType(p) === 'array') throw new SchemaError(`${file}: scope field "${scope.field}" is a list`);
  if (p.writeOnly) throw new SchemaError(`${file}: scope field "${scope.field}" is write-only`);
  const writable = Object.values(schema.properties).some((q) => !q.readOnly);
  if (writable && p.readOnly) throw new SchemaError(`${file}: scope field "${scope.field}" is read-only, and the register must fill it`);
  if (scope.in === 'query' && scope.idParam !== undefined && scope.idParam === scope.param) {
    throw new SchemaError(`${file}: scope idParam "${scope.idParam}" is the same as its param`);
  }
  if (scope.in === 'path' && scope.param === 'id') throw new SchemaError(`${file}: scope param may not be "id" in path mode (the edit screen's record id)`);
  for (const f of placeholders(scope.back ?? '')) {
    if (f !== scope.field) throw new SchemaError(`${file}: scope back names "{${f}}", not the scope field "${scope.field}"`);
  }
  for (const [name, list] of [['parentList', scope.parentList], ['allList', scope.allList]] as const) {
    list?.columns?.forEach((f) => known(f.split('.')[0], `scope.${name}.columns`));
    list?.expand?.forEach((f) => known(f, `scope.${name}.expand`));
  }
  if (scope.allList && !scope.optional) throw new SchemaError(`${file}: scope allList needs optional (a list without the parent)`);
  // An alias's own route parameters, merged over the scope's, still differ.
  for (const alias of block.aliases ?? []) {
    if (!alias.scope) continue;
    const merged = { ...scope, ...alias.scope };
    if (merged.in === 'path' && (alias.scope.idParam || alias.scope.listParam)) throw new SchemaError(`${file}: alias ${alias.path} scope idParam/listParam need query mode`);
    if (merged.in === 'query' && (merged.idParam ?? 'id') === merged.param) throw new SchemaError(`${file}: alias ${alias.path} scope idParam "${merged.idParam ?? 'id'}" is the same as its param`);
    for (const f of placeholders(merged.back ?? '')) {
      if (f !== scope.field) throw new SchemaError(`${file}: alias ${alias.path} scope back names "{${f}}", not the scope field "${scope.field}"`);
    }
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export function buildResource(schema: EntitySchema, file: string): ResourceDef {
  const block = schema['x-intranet'];
  const [dbSchema, dbTable] = block.table.split('.');
  const columns: Column[] = Object.entries(schema.properties).map(([name, property]) => ({
    name,
    property,
    sqlTypes: sqlTypesOf(property),
    // Optional fields may be null, except those with a default (the default fills them).
    nullable: isNullable(property) || (!schema.required.includes(name) && property.default === undefined),
    readOnly: Boolean(property.readOnly),
  }));
  return {
    name: block.resource,
    file,
    schema,
    block,
    sqlTable: `${quoteIdent(dbSchema)}.${quoteIdent(dbTable)}`,
    readSql: (block.readFrom ?? block.table).split('.').map(quoteIdent).join('.'),
    dbSchema,
    dbTable,
    gqlName: block.graphql ?? `${dbSchema}_${dbTable}`,
    path: block.path ?? `/${block.resource}`,
    columns,
    columnByName: new Map(columns.map((c) => [c.name, c])),
    writable: columns.filter((c) => !c.readOnly).map((c) => c.name),
  };
}

/** The fields of a reference's dependent-select chain (the position's sector, department, provider), nearest first. */
function contextChainFields(ref: NonNullable<Block['references']>[string], byName: Map<string, ResourceDef>): string[] {
  const fields: string[] = [];
  let current: typeof ref | undefined = ref;
  while (current?.dependsOn && !fields.includes(current.dependsOn)) {
    fields.push(current.dependsOn);
    current = byName.get(current.resource)?.block.references?.[current.dependsOn];
  }
  return fields;
}

/** One field of a path through references, on the resource it belongs to. */
export interface PathStep {
  def: ResourceDef;
  field: string;
}

/**
 * A field path 'id_setor.id_departamento.id_empresa' from `def`: each field but the last a
 * reference (to one record, not a list) whose resource holds the next field. Answers the steps, or
 * why the path is not one.
 */
export function resolveFieldPath(byName: Map<string, ResourceDef>, def: ResourceDef, path: string): PathStep[] | string {
  const steps: PathStep[] = [];
  let current: ResourceDef | undefined = def;
  const fields = path.split('.');
  for (const [i, field] of fields.entries()) {
    const column = current.columnByName.get(field);
    if (!column || column.property.writeOnly) return `"${field}" is not a field of ${current.name}`;
    steps.push({ def: current, field });
    if (i === fields.length - 1) break;
    const ref = current.block.references?.[field];
    if (!ref) return `"${field}" of ${current.name} is not a reference`;
    if (baseType(column.property) === 'array') return `"${field}" of ${current.name} is a list`;
    current = byName.get(ref.resource);
    if (!current) return `"${field}" of ${steps.at(-1)!.def.name} refers to unknown resource "${ref.resource}"`;
  }
  return steps;
}

export interface Registry {
  resources: ResourceDef[];
  byName: Map<string, ResourceDef>;
  byTable: Map<string, ResourceDef>;
  get(name: string): ResourceDef | undefined;
}

export function createRegistry(schemas: { schema: EntitySchema; file: string }[], metaSchema: object): Registry {
  const id = (metaSchema as { $id?: string }).$id;
  const validateMeta = (id && metaAjv.getSchema(id)) || metaAjv.compile(metaSchema);
  const resources: ResourceDef[] = [];
  const byName = new Map<string, ResourceDef>();
  const byTable = new Map<string, ResourceDef>();
  const gqlNames = new Set<string>();
  for (const { schema, file } of schemas) {
    checkSchema(schema, file, validateMeta, () => validateMeta.errors);
    const def = buildResource(schema, file);
    if (byName.has(def.name)) throw new SchemaError(`${file}: resource "${def.name}" already defined in ${byName.get(def.name)!.file}`);
    if (byTable.has(def.block.table)) throw new SchemaError(`${file}: table ${def.block.table} already used by ${byTable.get(def.block.table)!.file}`);
    if (gqlNames.has(def.gqlName)) throw new SchemaError(`${file}: GraphQL name ${def.gqlName} already used`);
    gqlNames.add(def.gqlName);
    byName.set(def.name, def);
    byTable.set(def.block.table, def);
    resources.push(def);
  }
  for (const def of resources) {
    for (const [field, ref] of Object.entries(def.block.references ?? {})) {
      if (!byName.has(ref.resource)) throw new SchemaError(`${def.file}: reference ${field} -> unknown resource "${ref.resource}"`);
      const target = byName.get(ref.resource)!;
      if (!(ref.label in target.schema.properties)) {
        throw new SchemaError(`${def.file}: reference ${field} label "${ref.label}" is not a field of ${ref.resource}`);
      }
      if (ref.filterField && !(ref.filterField in target.schema.properties)) {
        throw new SchemaError(`${def.file}: reference ${field} filterField "${ref.filterField}" is not a field of ${ref.resource}`);
      }
      // A provider-flag select follows a provider chosen in the record (found by its label: its name).
      if (ref.providerFlag && (!ref.dependsOn || !def.block.references?.[ref.dependsOn])) {
        throw new SchemaError(`${def.file}: reference ${field} providerFlag needs a dependsOn naming a reference of this record (the provider)`);
      }
      // sameProvider: the referenced row must be of the record's provider, so both must have one.
      if (ref.sameProvider) {
        const own = def.block.provider;
        if (typeof own !== 'string' || baseType(def.schema.properties[own]) === 'array') {
          throw new SchemaError(`${def.file}: reference ${field} sameProvider needs the record's provider to be one column of it`);
        }
        if (!target.block.provider) throw new SchemaError(`${def.file}: reference ${field} sameProvider points to ${ref.resource}, which has no provider`);
        if (field === own) throw new SchemaError(`${def.file}: reference ${field} sameProvider on the provider itself`);
      }
      // A dependsOn the record lacks is a context select: the referenced resource must reference it.
      if (ref.dependsOn && !(ref.dependsOn in def.schema.properties) && !target.block.references?.[ref.dependsOn]) {
        throw new SchemaError(`${def.file}: reference ${field} dependsOn "${ref.dependsOn}" is neither a field of this record nor a reference of ${ref.resource}`);
      }
      const chain = contextChainFields(ref, byName);
      for (const bound of Object.keys(ref.contextFields ?? {})) {
        if (!chain.includes(bound)) {
          throw new SchemaError(`${def.file}: reference ${field} contextFields binds "${bound}", which is not in its select chain (${chain.join(', ') || 'none'})`);
        }
      }
    }
    for (const action of def.block.actions ?? []) {
      if (action.kind !== 'related') continue;
      const where = `${def.file}: action "${action.label}"`;
      const target = byName.get(action.resource);
      if (!target) throw new SchemaError(`${where} lists unknown resource "${action.resource}"`);
      for (const f of [action.field, action.show, ...(action.sort ? [action.sort] : [])]) {
        const column = target.columnByName.get(f);
        if (!column || column.property.writeOnly) throw new SchemaError(`${where}: "${f}" is not a field of ${action.resource}`);
      }
      const ref = target.block.references?.[action.field];
      if (ref && ref.resource !== def.name) throw new SchemaError(`${where}: ${action.resource}.${action.field} refers to ${ref.resource}, not ${def.name}`);
    }
    for (const column of def.block.list.columns.filter((c) => c.includes('.'))) {
      const steps = resolveFieldPath(byName, def, column);
      if (typeof steps === 'string') throw new SchemaError(`${def.file}: list.columns path "${column}": ${steps}`);
    }
    const p = def.block.provider;
    if (p && typeof p === 'object') {
      const via = byName.get(p.via);
      if (!via) throw new SchemaError(`${def.file}: provider via unknown resource "${p.via}"`);
      if (!via.block.provider) throw new SchemaError(`${def.file}: provider via "${p.via}", which has no provider`);
    }
    if (def.block.providerShared && (typeof p !== 'string' || baseType(def.columnByName.get(p)!.property) === 'array')) {
      throw new SchemaError(`${def.file}: providerShared needs a provider column holding one provider id`);
    }
    for (const rule of def.block.sharedWith ?? []) {
      if (rule.via === undefined) continue;
      const via = byName.get(rule.via);
      if (!via) throw new SchemaError(`${def.file}: sharedWith via unknown resource "${rule.via}"`);
      const field = via.columnByName.get(rule.field!);
      if (!field || baseType(field.property) !== 'array') throw new SchemaError(`${def.file}: sharedWith field "${rule.field}" must be a list of ${rule.via}`);
    }
  }
  resources.sort((a, b) => a.name.localeCompare(b.name));
  return { resources, byName, byTable, get: (name) => byName.get(name) };
}

/** Reads every schemas/<area>/<resource>.json under root. */
export function loadSchemaFiles(root: string): { schema: EntitySchema; file: string }[] {
  return walk(root)
    .filter((f) => f.endsWith('.json') && relative(root, f).includes('/'))
    .sort()
    .map((file) => {
      let schema: EntitySchema;
      try {
        schema = JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new SchemaError(`${relative(root, file)}: not valid JSON (${(e as Error).message})`);
      }
      return { schema, file: relative(root, file) };
    });
}

export function loadRegistry(root: string): Registry {
  return createRegistry(loadSchemaFiles(root), loadMetaSchema(root));
}
