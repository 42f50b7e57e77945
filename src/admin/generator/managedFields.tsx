// Fields only the record's managers fill (x-intranet.managedFields: an incident's Situação and
// Solução), a condition the generated form evaluates: a manager holds the field's right in the
// resource's areas, or is named for the record by a sharedWith rule with write (the gestores of the
// category chosen in the form, read again when it changes). The others' form does not draw those
// fields nor send them; the server refuses them the same writes (src/server/resources/service.ts).
import { useEffect, useState } from 'react';
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { userAllows } from '../../domain/roles.js';
import { isBlankId } from './dependent.js';
import type { ResourceConfig, SharedWithRule } from '../core/schemas.js';

type ManagedConfig = Pick<ResourceConfig, 'module' | 'alsoModules' | 'managedFields' | 'sharedWith'>;

/** The managed fields whose right someone holding `roles` lacks in every area (before the record's sharedWith). */
export function unmanagedFieldsOf(config: ManagedConfig, roles: readonly string[]): Set<string> {
  const areas = [config.module, ...(config.alsoModules ?? [])];
  return new Set(Object.entries(config.managedFields ?? {}).filter(([, right]) => !areas.some((area) => userAllows(roles, right, area))).map(([field]) => field));
}

/** The sharedWith rules that let the users they name update the record. */
export const writingRules = (config: ManagedConfig) => (config.sharedWith ?? []).filter((rule) => rule.write);

/** Whether a rule names the user for a record whose rule column holds `value` (`named`: the referenced record's list). */
export function namedBy(rule: SharedWithRule, value: unknown, referenced: Record<string, unknown> | undefined, userId: number | undefined): boolean {
  if (userId === undefined || userId === null || isBlankId(value)) return false;
  if (!rule.via) return Number(value) === userId;
  const list = referenced?.[rule.field ?? ''];
  return Array.isArray(list) && list.some((id) => Number(id) === userId);
}

function RuleProbe({ rule, index, userId, onNamed }: { rule: SharedWithRule; index: number; userId: number | undefined; onNamed: (index: number, named: boolean) => void }) {
  const value = useWatch({ name: rule.column }) as unknown;
  const { data } = useGetOne(rule.via ?? '', { id: value }, { enabled: Boolean(rule.via) && !isBlankId(value) && userId !== undefined });
  const named = namedBy(rule, value, data, userId);
  useEffect(() => onNamed(index, named), [onNamed, index, named]);
  return null;
}

/**
 * Inside the form: tells `onChange` whether the signed-in user is named for the record, as its values
 * stand, by one of the resource's writing sharedWith rules.
 */
export function SharedWithProbe({ config, userId, onChange }: { config: ManagedConfig; userId: number | undefined; onChange: (named: boolean) => void }) {
  const rules = writingRules(config);
  const [named, setNamed] = useState<boolean[]>(() => rules.map(() => false));
  const [onNamed] = useState(() => (index: number, value: boolean) => setNamed((prev) => (prev[index] === value ? prev : prev.map((v, i) => (i === index ? value : v)))));
  const any = named.some(Boolean);
  useEffect(() => onChange(any), [onChange, any]);
  return (
    <>
      {rules.map((rule, index) => (
        <RuleProbe key={`${rule.column}:${index}`} rule={rule} index={index} userId={userId} onNamed={onNamed} />
      ))}
    </>
  );
}
