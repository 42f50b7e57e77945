// Dependent selects (foundation document, section 4): a reference whose `dependsOn` names another
// field of the form has its options filtered by that field's value, and is cleared when it changes.
// When `dependsOn` names a field the record does not have (a position has a sector, not a department
// or a provider), the form shows it anyway as a context select that is not saved: its reference is
// the one the referenced resource declares for that field (sectors.id_departamento -> departments,
// itself depending on id_empresa -> providers). So wherever provider, department, sector and
// position appear together they form one chain. A reference's `contextFields` binds a field of
// that chain to a field of the record ({ "id_empresa": "id_empresas" }: a user's position chain
// starts at the user's providers), which may hold several ids: the options then belong to any of
// them. A reference with `providerFlag` (a lead import's campaign and channel) offers instead the
// active options carrying the chosen provider's flag (providerFlagFilter). Pure: no React.
import { flagOfProvider } from '../../domain/salesFlags.js';
import type { Reference, ResourceConfig } from '../core/schemas.js';

export interface SelectSpec {
  field: string;
  reference: Reference;
  label: string;
  /** Shown to filter the options of another select; never saved. */
  context: boolean;
}

type Lookup = (resource: string) => ResourceConfig | undefined;

const NONE: Record<string, string> = {};

const boundCache = new WeakMap<Reference, WeakMap<object, Reference>>();

/** A chain reference whose parent is bound to a record field: it depends on that field instead (one object per pair, so React sees it unchanged). */
function bind(ref: Reference, bound: Record<string, string>): Reference {
  const to = ref.dependsOn ? bound[ref.dependsOn] : undefined;
  if (!to) return ref;
  const byBound = boundCache.get(ref) ?? boundCache.set(ref, new WeakMap()).get(ref)!;
  return byBound.get(bound) ?? byBound.set(bound, { ...ref, dependsOn: to, filterField: ref.filterField ?? ref.dependsOn }).get(bound)!;
}

/** The reference of a record field as its select uses it (its chain bindings applied). */
export function fieldReference(config: ResourceConfig, field: string): Reference | undefined {
  const ref = config.references[field];
  return ref && bind(ref, ref.contextFields ?? NONE);
}

/**
 * The context selects a reference field needs before it, outermost first (provider, department
 * for a position's sector). Empty when its `dependsOn` is a field of the record itself.
 */
export function contextChain(config: ResourceConfig, field: string, lookup: Lookup): SelectSpec[] {
  const chain: SelectSpec[] = [];
  const seen = new Set<string>([field]);
  const bound = config.references[field]?.contextFields ?? NONE;
  let ref = fieldReference(config, field);
  while (ref?.dependsOn && !(ref.dependsOn in config.properties) && !seen.has(ref.dependsOn)) {
    const parentField = ref.dependsOn;
    const target = lookup(ref.resource);
    const parentRef = target?.references[parentField];
    if (!target || !parentRef) break;
    seen.add(parentField);
    const reference = bind(parentRef, bound);
    chain.unshift({ field: parentField, reference, label: target.properties[parentField]?.title ?? parentField, context: true });
    ref = reference;
  }
  return chain;
}

/** Every context field of the form (to leave out of what is saved). */
export function contextFields(config: ResourceConfig, lookup: Lookup): string[] {
  const out = new Set<string>();
  for (const field of Object.keys(config.references)) for (const spec of contextChain(config, field, lookup)) out.add(spec.field);
  return [...out];
}

/** The reference of every select of a form, record fields and context selects alike. */
export function formReferences(config: ResourceConfig, lookup: Lookup): Record<string, Reference> {
  const out: Record<string, Reference> = {};
  for (const field of Object.keys(config.references)) {
    out[field] = fieldReference(config, field)!;
    for (const spec of contextChain(config, field, lookup)) out[spec.field] ??= spec.reference;
  }
  return out;
}

export const isBlankId = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
export const sameId = (a: unknown, b: unknown) => {
  if (isBlankId(a) || isBlankId(b)) return false;
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(ids(a)) === JSON.stringify(ids(b));
  return String(a) === String(b);
};
const ids = (v: unknown) => (Array.isArray(v) ? v : [v]).map(String).sort();

/** The options filter of a dependent select: {filterField: parent} when the parent has a value. */
export function dependentFilter(reference: Reference, parent: unknown): Record<string, unknown> | undefined {
  if (!reference.dependsOn || isBlankId(parent)) return undefined;
  return { [reference.filterField ?? reference.dependsOn]: parent };
}

/**
 * The options filter of a campaign or channel a provider uses (each carries one flag per provider of
 * the group: bitcom, razao, vetorial), the provider known by its name (Bitcom, RazãoInfo, Vetorial;
 * accent- and case-insensitive, as the marketing document's filters match it): the active ones
 * whose flag for that provider is on — only active ones when the provider has no flag or none is
 * chosen yet. `fields` are the options' resource's fields (a flag or 'ativo' it lacks is not asked).
 */
export function providerFlagFilter(providerName: unknown, fields: readonly string[]): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (fields.includes('ativo')) filter.ativo = true;
  const flag = typeof providerName === 'string' ? flagOfProvider(providerName) : null;
  if (flag && fields.includes(flag)) filter[flag] = true;
  return filter;
}

/** One step up a chain: the parent field, the column of the options matched against it, and the parent's own reference. */
export interface ChainLevel {
  parent: string;
  filterField: string;
  parentReference?: Reference;
}

/** The chain above a select, nearest parent first (sector, department, provider for a position). */
export function chainAbove(reference: Reference, references: Record<string, Reference>): ChainLevel[] {
  const levels: ChainLevel[] = [];
  const seen = new Set<string>();
  let ref: Reference | undefined = reference;
  while (ref?.dependsOn && !seen.has(ref.dependsOn)) {
    seen.add(ref.dependsOn);
    const parentReference: Reference | undefined = references[ref.dependsOn];
    levels.push({ parent: ref.dependsOn, filterField: ref.filterField ?? ref.dependsOn, parentReference });
    ref = parentReference;
  }
  return levels;
}

/**
 * What to do once the chosen option's record is known: fill an empty parent from it (choosing a
 * sector first fills its department), clear the option when it does not belong to the parent
 * (an invalid department clears sector and position), or nothing. A parent holding several ids
 * (a user's providers) is never filled; the option must belong to one of them.
 */
export function reconcile(reference: Reference, parent: unknown, chosen: Record<string, unknown> | undefined): { fillParent?: unknown; clear?: true } {
  if (!reference.dependsOn || !chosen) return {};
  const own = chosen[reference.filterField ?? reference.dependsOn];
  if (Array.isArray(parent)) return parent.length === 0 || isBlankId(own) || parent.some((p) => sameId(p, own)) ? {} : { clear: true };
  if (isBlankId(parent)) return isBlankId(own) ? {} : { fillParent: own };
  return sameId(own, parent) ? {} : { clear: true };
}
