// Dependent selects (foundation document, section 4): a reference whose `dependsOn` names another
// field of the form has its options filtered by that field's value, and is cleared when it changes.
// When `dependsOn` names a field the record does not have (a position has a sector, not a department
// or a provider), the form shows it anyway as a context select that is not saved: its reference is
// the one the referenced resource declares for that field (sectors.id_departamento -> departments,
// itself depending on id_empresa -> providers). So wherever provider, department, sector and
// position appear together they form one chain. Pure: no React.
import type { Reference, ResourceConfig } from './schemas.js';

export interface SelectSpec {
  field: string;
  reference: Reference;
  label: string;
  /** Shown to filter the options of another select; never saved. */
  context: boolean;
}

type Lookup = (resource: string) => ResourceConfig | undefined;

/**
 * The context selects a reference field needs before it, outermost first (provider, department
 * for a position's sector). Empty when its `dependsOn` is a field of the record itself.
 */
export function contextChain(config: ResourceConfig, field: string, lookup: Lookup): SelectSpec[] {
  const chain: SelectSpec[] = [];
  const seen = new Set<string>([field]);
  let ref = config.references[field];
  while (ref?.dependsOn && !(ref.dependsOn in config.properties) && !seen.has(ref.dependsOn)) {
    const parentField = ref.dependsOn;
    const target = lookup(ref.resource);
    const parentRef = target?.references[parentField];
    if (!target || !parentRef) break;
    seen.add(parentField);
    chain.unshift({ field: parentField, reference: parentRef, label: target.properties[parentField]?.title ?? parentField, context: true });
    ref = parentRef;
  }
  return chain;
}

/** Every context field of the form (to leave out of what is saved). */
export function contextFields(config: ResourceConfig, lookup: Lookup): string[] {
  const out = new Set<string>();
  for (const field of Object.keys(config.references)) for (const spec of contextChain(config, field, lookup)) out.add(spec.field);
  return [...out];
}

export const isBlankId = (v: unknown) => v === null || v === undefined || v === '';
export const sameId = (a: unknown, b: unknown) => !isBlankId(a) && !isBlankId(b) && String(a) === String(b);

/** The options filter of a dependent select: {filterField: parent} when the parent has a value. */
export function dependentFilter(reference: Reference, parent: unknown): Record<string, unknown> | undefined {
  if (!reference.dependsOn || isBlankId(parent)) return undefined;
  return { [reference.filterField ?? reference.dependsOn]: parent };
}

/**
 * What to do once the chosen option's record is known: fill an empty parent from it (choosing a
 * sector first fills its department), clear the option when it does not belong to the parent
 * (an invalid department clears sector and position), or nothing.
 */
export function reconcile(reference: Reference, parent: unknown, chosen: Record<string, unknown> | undefined): { fillParent?: unknown; clear?: true } {
  if (!reference.dependsOn || !chosen) return {};
  const own = chosen[reference.filterField ?? reference.dependsOn];
  if (isBlankId(parent)) return isBlankId(own) ? {} : { fillParent: own };
  return sameId(own, parent) ? {} : { clear: true };
}
