// OpenAPI pieces derived from the entity schemas. They document the routes; the records themselves
// are validated by the resource service (schemas/validation.ts) so the messages are pt-BR.
import { rightsIn } from '../../domain/roles.js';
import { apiWriteRefusal, type ResourceDef } from '../schemas/registry.js';

const errorBody = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

// Our formats in OpenAPI terms: a file is the uuid of an uploaded file ('file' means an upload
// widget to OpenAPI tools), and rich text is a string.
const OPENAPI_FORMAT: Record<string, string | undefined> = { file: 'uuid', html: undefined };

/** One property as OpenAPI 3.0 reads it (nullable instead of a type list; formats translated). */
function openApiProperty(property: Record<string, unknown>): Record<string, unknown> {
  const { title, type, format, items, ...rest } = property as { title?: string; type: string | string[]; format?: string; items?: Record<string, unknown> };
  const out: Record<string, unknown> = { ...rest };
  if (title) out.description = title;
  if (Array.isArray(type)) {
    out.type = type.find((t) => t !== 'null');
    if (type.includes('null')) out.nullable = true;
  } else out.type = type;
  if (format) {
    const mapped = format in OPENAPI_FORMAT ? OPENAPI_FORMAT[format] : format;
    if (mapped) out.format = mapped;
  }
  if (items) out.items = openApiProperty(items);
  if (Array.isArray(out.enum)) out.enum = (out.enum as unknown[]).filter((v) => v !== null);
  return out;
}

function recordSchema(def: ResourceDef, mode: 'read' | 'write') {
  const properties: Record<string, unknown> = {};
  for (const col of def.columns) {
    if (mode === 'write' && col.readOnly) continue;
    properties[col.name] = openApiProperty(col.property);
  }
  // OpenAPI 3.0 forbids an empty `required` (strict validators refuse the document): none when no field is.
  const required = def.schema.required.filter((f) => !def.columnByName.get(f)?.readOnly);
  return {
    type: 'object',
    title: def.schema.title,
    properties,
    ...(mode === 'write' ? { ...(required.length ? { required } : {}), additionalProperties: false } : {}),
  };
}

const passThrough = () => () => true;
const stringify = () => (data: unknown) => JSON.stringify(data);

export function openApiRoute(def: ResourceDef) {
  const tags = [def.block.labels.plural];
  const idParam = { type: 'object', properties: { id: { type: 'string', description: 'id do registro' } }, required: ['id'] };
  const read = recordSchema(def, 'read');
  const write = recordSchema(def, 'write');
  // An update sends only the fields it changes: the create's body without its required list.
  const { required: _required, ...partial } = write as typeof write & { required?: string[] };
  const common = { tags, security: [{ bearerAuth: [] }] };
  // A write the generic API does not offer (an internal table, the outbox) is not documented: its route only answers 405.
  const hidden = (operation: 'create' | 'update' | 'delete') => (apiWriteRefusal(def, operation) ? { hide: true } : {});
  const fail = { 400: { description: 'Dados inválidos', ...errorBody }, 404: { description: 'Não encontrado', ...errorBody } };
  const route = (schema: Record<string, unknown>, operation: 'list' | 'get' | 'create' | 'update' | 'delete', history = false) => {
    // A schema's public operations are open to callers without a token (the auth guard, auth/access.ts);
    // every route needs its operation's right (the route's access check, auth/access.ts).
    const open = !history && rightsIn(def.block.access[operation]).includes('public');
    return {
      schema: { ...common, ...schema, ...(open ? { security: [] } : {}) },
      config: { public: open, access: { resource: def.name, operation } },
      validatorCompiler: passThrough,
      serializerCompiler: stringify,
    };
  };
  return {
    list: route({
      summary: `Lista ${def.block.labels.plural}`,
      description:
        'Protocolo ra-data-simple-rest. Total no cabeçalho Content-Range (estimado em tabelas grandes, com X-Total-Estimated: true).',
      querystring: {
        type: 'object',
        properties: {
          sort: { type: 'string', description: `JSON ["campo","ASC"|"DESC"]; padrão ["${def.block.list.sort.field}","${def.block.list.sort.order}"]` },
          range: { type: 'string', description: 'JSON [início, fim] inclusivo; fim < início = todos. Padrão [0,19]' },
          filter: {
            type: 'string',
            description: `JSON: q (busca em ${def.block.search.join(', ') || '—'}), campo=valor, campo=[valores], campo_gte/_lte/_gt/_lt/_neq (em listas: campo = contém algum, campo_neq = não contém nenhum)`,
          },
        },
      },
      response: { 200: { type: 'array', items: read }, ...fail },
    }, 'list'),
    get: route({ summary: `Um(a) ${def.block.labels.singular}`, params: idParam, response: { 200: read, ...fail } }, 'get'),
    create: route({ summary: `Cria ${def.block.labels.singular}`, body: write, response: { 201: read, ...fail }, ...hidden('create') }, 'create'),
    update: route({ summary: `Altera ${def.block.labels.singular}`, params: idParam, body: partial, response: { 200: read, ...fail }, ...hidden('update') }, 'update'),
    delete: route({ summary: `Exclui ${def.block.labels.singular} (responde o registro excluído)`, params: idParam, response: { 200: read, ...fail }, ...hidden('delete') }, 'delete'),
    history: route({
      summary: `Histórico de ${def.block.labels.singular}`,
      description: 'Entradas de auditoria, mais recentes primeiro, no máximo 100.',
      params: idParam,
      querystring: { type: 'object', properties: { limit: { type: 'integer' }, offset: { type: 'integer' } } },
      response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...fail },
    }, 'get', true),
  };
}
