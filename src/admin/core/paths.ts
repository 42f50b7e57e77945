// Field paths through references ('id_setor.id_departamento.id_empresa': a position's provider, read
// through its sector and that sector's department), as list columns name them (x-intranet.list.columns),
// and the path from a record to its provider (x-intranet.provider, followed through `via`), which
// tells repeated option labels apart ('Campo (Bitcom)'). Pure: no React.
import type { Reference, ResourceConfig } from './schemas.js';

type Lookup = (resource: string) => ResourceConfig | undefined;

export interface PathStep {
  config: ResourceConfig;
  field: string;
  /** The field's reference, when it is one (every step but the last is). */
  reference?: Reference;
}

/** The steps of a field path from `config`, or null when it is not one (the server checks schemas at load). */
export function fieldPath(config: ResourceConfig, path: string, lookup: Lookup): PathStep[] | null {
  const steps: PathStep[] = [];
  let current: ResourceConfig | undefined = config;
  const fields = path.split('.');
  for (const [i, field] of fields.entries()) {
    if (!current?.properties[field]) return null;
    const reference: Reference | undefined = current.references[field];
    steps.push({ config: current, field, reference });
    if (i < fields.length - 1) current = reference && lookup(reference.resource);
  }
  return steps;
}

/** A column's header: its field's title, for a path the title of the field it ends on ('Provedor'). */
export function columnTitle(config: ResourceConfig, column: string, lookup: Lookup): string {
  const steps = column.includes('.') ? fieldPath(config, column, lookup) : null;
  const last = steps?.[steps.length - 1];
  return (last ? last.config.properties[last.field]?.title : config.properties[column]?.title) ?? column;
}

/**
 * The path from a record of `config` to its provider's id (a sector: 'id_departamento.id_empresa'),
 * from x-intranet.provider; null for the providers themselves, data shared by every provider, or a
 * provider column that is not a reference (nothing to name it by).
 */
export function providerPath(config: ResourceConfig, lookup: Lookup): string | null {
  const fields: string[] = [];
  let current: ResourceConfig | undefined = config;
  while (current && fields.length < 8) {
    const rule: ResourceConfig['provider'] = current.provider;
    if (!rule || rule === 'id') return null;
    if (typeof rule === 'string') return current.references[rule] ? [...fields, rule].join('.') : null;
    fields.push(rule.column);
    current = lookup(rule.via);
  }
  return null;
}

export type RecordLike = Record<string, unknown> & { id: unknown };
/** Records of a resource by id (react-admin's getMany). */
export type FetchMany = (resource: string, ids: unknown[]) => Promise<RecordLike[]>;
/** How a plain value at the end of a path is written. */
export type TextOf = (config: ResourceConfig, field: string, value: unknown) => string;

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The text at the end of `path` for each record, keyed by the record's id: the referenced records
 * are read one level at a time (one getMany a level), and a reference at the end is written by its
 * label (several by their labels, joined). Records whose path breaks (an empty reference) are left out.
 */
export async function pathTexts(config: ResourceConfig, path: string, records: RecordLike[], fetchMany: FetchMany, lookup: Lookup, textOf: TextOf): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const steps = fieldPath(config, path, lookup);
  if (!steps) return out;
  const read = async (resource: string, values: unknown[]) => {
    const ids = [...new Set(values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => !blank(v)).map(String))];
    const found = ids.length ? await fetchMany(resource, ids) : [];
    return new Map(found.map((r) => [String(r.id), r]));
  };
  let level: (RecordLike | undefined)[] = records;
  for (const step of steps.slice(0, -1)) {
    const byId = await read(step.reference!.resource, level.map((r) => r?.[step.field]));
    level = level.map((r) => (r && !blank(r[step.field]) ? byId.get(String(r[step.field])) : undefined));
  }
  const last = steps[steps.length - 1];
  const labels = last.reference ? await read(last.reference.resource, level.map((r) => r?.[last.field])) : null;
  records.forEach((record, i) => {
    const value = level[i]?.[last.field];
    if (!level[i] || blank(value)) return;
    if (!labels || !last.reference) return void out.set(String(record.id), textOf(last.config, last.field, value));
    const label = last.reference.label;
    const ids = Array.isArray(value) ? value : [value];
    out.set(String(record.id), ids.map((id) => String(labels.get(String(id))?.[label] ?? id)).join(', '));
  });
  return out;
}
