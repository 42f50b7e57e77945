// Record validation from the entity schema with ajv, answering react-admin's server-side
// validation body: { message, errors: { field: 'pt-BR text' } }.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import sanitizeHtml from 'sanitize-html';
import { FORMAT_CHECKS } from '../../domain/validators.js';
import { isMoney } from '../../domain/format.js';
import { dateRangeErrors, type DateRange } from '../../domain/dateRange.js';
import { MSG } from '../../domain/messages.js';
import { RICH_TEXT_HREF, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_LINK_TARGET, RICH_TEXT_TAGS } from '../../domain/richText.js';
import { baseType, type PropertySchema, type ResourceDef } from './registry.js';

export const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false });
for (const [name, check] of Object.entries(FORMAT_CHECKS)) ajv.addFormat(name, { type: 'string', validate: check });
// Money (format money, a numeric column): reais with at most two decimal places.
ajv.addFormat('money', { type: 'number', validate: isMoney });
// Counts (format count, an integer column): a plain integer; the thousands dots are the screens' only.
ajv.addFormat('count', { type: 'number', validate: (n: number) => Number.isInteger(n) });

export type FieldErrors = Record<string, string>;

export class ValidationError extends Error {
  statusCode = 400;
  constructor(public errors: FieldErrors, message?: string) {
    super(message ?? (Object.values(errors).includes(MSG.required) ? MSG.requiredForm : MSG.failure));
  }
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: MSG.email,
  uri: MSG.url,
  url: MSG.url,
  cnpj: MSG.cnpj,
  cpf: MSG.cpf,
  cep: MSG.cep,
  phone: MSG.phone,
  password: MSG.password,
  code6: MSG.code6,
  color: MSG.color,
  date: MSG.date,
  'month-day': MSG.date,
  'date-time': MSG.dateTime,
  time: MSG.invalid,
  uuid: MSG.invalid,
  file: MSG.fileRequired,
};

function typeMessage(expected: string) {
  if (expected.includes('integer')) return MSG.integer;
  if (expected.includes('number')) return MSG.number;
  if (expected.includes('boolean')) return MSG.boolean;
  if (expected.includes('array')) return MSG.list;
  if (expected.includes('string')) return MSG.text;
  return MSG.invalid;
}

/**
 * One pt-BR message per field, the most useful first (required beats type beats the rest). `own`: the
 * fields' `x-errorMessages`, a message per keyword replacing the generic one (exclusive bounds use
 * minimum/maximum's).
 */
export function toFieldErrors(
  errors: ErrorObject[],
  data: Record<string, unknown>,
  required: string[],
  own: Record<string, Record<string, string> | undefined> = {},
): FieldErrors {
  const out: FieldErrors = {};
  const rank: Record<string, number> = {};
  let keyword = '';
  const put = (field: string, message: string, weight: number) => {
    if (!field) field = '_';
    if (rank[field] === undefined || weight > rank[field]) {
      out[field] = (message === MSG.required ? own[field]?.required : own[field]?.[keyword]) ?? message;
      rank[field] = weight;
    }
  };
  for (const e of errors) {
    keyword = e.keyword.replace(/^exclusiveM(in|ax)imum$/, (_m, x: string) => `m${x}imum`);
    const field = e.instancePath.split('/')[1] ?? '';
    const value = field ? data[field] : undefined;
    const isRequired = required.includes(field);
    const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    switch (e.keyword) {
      case 'required':
        put((e.params as { missingProperty: string }).missingProperty, MSG.required, 9);
        break;
      case 'additionalProperties':
        put((e.params as { additionalProperty: string }).additionalProperty, MSG.unknownField, 8);
        break;
      case 'type':
        put(field, isRequired && empty ? MSG.required : typeMessage(String((e.params as { type: unknown }).type)), 7);
        break;
      case 'minLength':
        put(field, isRequired && empty ? MSG.required : MSG.minLength((e.params as { limit: number }).limit), 6);
        break;
      case 'format':
        put(field, isRequired && empty ? MSG.required : FORMAT_MESSAGES[(e.params as { format: string }).format] ?? MSG.invalid, 5);
        break;
      case 'maxLength':
        put(field, MSG.maxLength((e.params as { limit: number }).limit), 4);
        break;
      case 'minimum':
      case 'exclusiveMinimum':
        put(field, MSG.minimum((e.params as { limit: number }).limit), 4);
        break;
      case 'maximum':
      case 'exclusiveMaximum':
        put(field, MSG.maximum((e.params as { limit: number }).limit), 4);
        break;
      case 'minItems':
        put(field, MSG.minItems((e.params as { limit: number }).limit), 4);
        break;
      case 'maxItems':
        put(field, MSG.maxItems((e.params as { limit: number }).limit), 4);
        break;
      case 'enum':
      case 'const':
        put(field, isRequired && empty ? MSG.required : MSG.option, 3);
        break;
      default:
        put(field, MSG.invalid, 1);
    }
  }
  return out;
}

/** The range of a PostgreSQL integer (int4), the type every integer column is created with. */
export const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** An integer schema bounded by int4 as well as by its own limits, so that the database never refuses the number. */
function withInt4Bounds<T extends { minimum?: number; maximum?: number }>(p: T): T {
  return { ...p, minimum: Math.max(p.minimum ?? INT4.minimum, INT4.minimum), maximum: Math.min(p.maximum ?? INT4.maximum, INT4.maximum) };
}

/**
 * Nullable fields also accept null: clearing an optional input sends null. Integers (and lists of
 * integers) are bounded by the int4 column they are stored in.
 */
function writeSchemaOf(def: ResourceDef) {
  const properties: Record<string, Partial<PropertySchema>> = {};
  for (const col of def.columns) {
    if (col.readOnly) continue;
    let { readOnly: _r, default: _d, title: _t, description: _s, ...p } = col.property as PropertySchema & { title?: string };
    if (col.sqlTypes[0] === 'int4') p = withInt4Bounds(p);
    if (col.sqlTypes[0] === '_int4' && p.items) p = { ...p, items: withInt4Bounds(p.items as { minimum?: number; maximum?: number }) as PropertySchema['items'] };
    if (col.nullable) {
      const types = Array.isArray(p.type) ? p.type : [p.type];
      if (!types.includes('null')) p.type = [...types, 'null'];
      if (p.enum && !p.enum.includes(null)) p.enum = [...p.enum, null];
    }
    properties[col.name] = p;
  }
  return {
    type: 'object',
    properties,
    required: def.schema.required.filter((f) => !def.columnByName.get(f)?.readOnly),
    additionalProperties: false,
  };
}

const compiled = new WeakMap<ResourceDef, ValidateFunction>();
function validatorOf(def: ResourceDef) {
  let v = compiled.get(def);
  if (!v) {
    v = ajv.compile(writeSchemaOf(def));
    compiled.set(def, v);
  }
  return v;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a record for writing and returns the values to store: unknown fields are refused, read-only
 * fields (id, created_at, ...) are ignored, defaults fill missing fields on create, rich text is sanitised.
 */
export function validateRecord(def: ResourceDef, body: unknown, mode: 'create' | 'update', existing?: Record<string, unknown>) {
  if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
  const unknown: FieldErrors = {};
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const col = def.columnByName.get(key);
    if (!col) unknown[key] = MSG.unknownField;
    else if (!col.readOnly) input[key] = value;
  }
  let record: Record<string, unknown>;
  if (mode === 'update') {
    record = {};
    for (const name of def.writable) if (existing && existing[name] !== undefined) record[name] = existing[name];
    Object.assign(record, input);
  } else {
    record = {};
    for (const col of def.columns) {
      if (!col.readOnly && col.property.default !== undefined) record[col.name] = col.property.default;
    }
    Object.assign(record, input);
  }
  // Rich text is sanitised first, so that what is checked is what is stored: a required text that is
  // nothing once cleaned ('<img src="javascript:...">') is refused as empty, on create as on update.
  for (const col of def.columns) {
    if (col.property.format === 'html' && typeof record[col.name] === 'string') {
      record[col.name] = sanitizeRichText(record[col.name] as string);
    }
  }
  // Strings are trimmed; an empty optional string is stored as null.
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      const col = def.columnByName.get(key)!;
      const trimmed = col.property.format === 'password' ? value : value.trim();
      record[key] = trimmed === '' && col.nullable ? null : trimmed;
    }
  }
  const validate = validatorOf(def);
  const ok = validate(record);
  const errors = ok ? {} : toFieldErrors(validate.errors ?? [], record, def.schema.required, errorMessagesOf(def));
  // PostgreSQL text (and jsonb) cannot hold a NUL character.
  for (const [key, value] of Object.entries(record)) if (!errors[key] && hasNul(value)) errors[key] = MSG.invalid;
  Object.assign(errors, dateRangeErrors((def.block as { dateRanges?: DateRange[] }).dateRanges, record), unknown);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // Only what the request sent (plus defaults on create) is written.
  const values: Record<string, unknown> = {};
  const keys = mode === 'update' ? Object.keys(input) : Object.keys(record);
  for (const key of keys) values[key] = record[key];
  return values;
}

/** Each field's `x-errorMessages` (its own text per failed keyword). */
export function errorMessagesOf(def: ResourceDef): Record<string, Record<string, string> | undefined> {
  const out: Record<string, Record<string, string> | undefined> = {};
  for (const col of def.columns) {
    const own = (col.property as { 'x-errorMessages'?: Record<string, string> })['x-errorMessages'];
    if (own) out[col.name] = own;
  }
  return out;
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (isPlainObject(value)) return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

/** Rich text reduced to the editor's allow-list (src/domain/richText.ts, the browser's too). */
export function sanitizeRichText(html: string) {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        return { tagName, attribs: RICH_TEXT_HREF.test(href) ? { href, ...RICH_TEXT_LINK_TARGET } : {} };
      },
    },
  });
}

/** Checks and converts one filter value (query strings carry JSON) to the field's type. */
export function coerceFilterValue(def: ResourceDef, field: string, value: unknown): unknown {
  const col = def.columnByName.get(field)!;
  const t = baseType(col.property);
  const bad = () => new ValidationError({ [field]: typeMessage(t) }, MSG.badQuery('filter'));
  if (value === null) return null;
  if (t === 'integer') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad();
    if (n > INT4.maximum) throw new ValidationError({ [field]: MSG.maximum(INT4.maximum) }, MSG.badQuery('filter'));
    if (n < INT4.minimum) throw new ValidationError({ [field]: MSG.minimum(INT4.minimum) }, MSG.badQuery('filter'));
    return n;
  }
  if (t === 'number') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw bad();
    return n;
  }
  if (t === 'boolean') {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw bad();
  }
  if (t === 'string') {
    if (typeof value !== 'string' && typeof value !== 'number') throw bad();
    const s = String(value);
    if (s.includes('\u0000')) throw new ValidationError({ [field]: MSG.invalid }, MSG.badQuery('filter'));
    const f = col.property.format;
    if (f && ['date', 'date-time', 'uuid', 'file', 'time', 'month-day'].includes(f) && !FORMAT_CHECKS[f](s)) {
      throw new ValidationError({ [field]: FORMAT_MESSAGES[f] ?? MSG.invalid }, MSG.badQuery('filter'));
    }
    return s;
  }
  throw bad();
}
