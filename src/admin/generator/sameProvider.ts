// The provider rules a generated form checks before sending, as the server does on every write:
// - x-intranet.references.<campo>.sameProvider: the chosen row must be of the record's provider (or
//   of none: a group-shared row serves every provider). The form knows the chosen row's provider
//   from the options its select loaded (react-admin's query cache of the referenced resource);
//   a row it has not loaded, or whose provider it cannot read there, is left to the server.
// - x-intranet.providerShared: an empty provider makes the row every provider's, which only the
//   superadmin writes; anyone else is asked for the provider.
import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages.js';
import { isSuperadmin } from '../../domain/roles.js';
import { useSession } from '../core/session.js';
import { configByResource } from './registry.js';
import type { ResourceConfig } from '../core/schemas.js';
import { missingValue } from './validation.js';

type Validator = (value: unknown, values?: Record<string, unknown>) => string | ReturnType<typeof missingValue> | undefined;

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A row of `resource` react-admin has loaded (an option of a select, the current value), by id. */
export function cachedRow(client: QueryClient, resource: string, id: unknown): Record<string, unknown> | undefined {
  const same = (row: unknown): row is Record<string, unknown> => Boolean(row) && typeof row === 'object' && String((row as { id?: unknown }).id) === String(id);
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: [resource] })) {
    if (same(data)) return data;
    const rows = Array.isArray(data) ? data : Array.isArray((data as { data?: unknown })?.data) ? (data as { data: unknown[] }).data : [];
    const found = rows.find(same);
    if (found) return found;
  }
  return undefined;
}

/** Whether a loaded row of `target` belongs to `provider` or to no provider; undefined when the form cannot tell. */
export function rowOfProvider(target: Pick<ResourceConfig, 'provider'>, row: Record<string, unknown>, provider: unknown): boolean | undefined {
  const column = target.provider;
  if (typeof column !== 'string' || !(column in row)) return undefined;
  const own = row[column];
  if (Array.isArray(own)) return own.some((p) => String(p) === String(provider));
  return blank(own) || String(own) === String(provider);
}

/**
 * The field's provider checks: sameProvider on a reference, and the record's provider of a
 * providerShared register for who is not the superadmin. react-admin passes the whole record.
 */
export function useProviderValidators(config: ResourceConfig, field: string): Validator[] {
  const client = useQueryClient();
  const roles = useSession()?.roles;
  return useMemo(() => {
    const out: Validator[] = [];
    const own = typeof config.provider === 'string' ? config.provider : null;
    const ref = config.references[field];
    if (own && ref?.sameProvider) {
      const title = config.properties[field]?.title ?? field;
      out.push((value, values) => {
        const provider = values?.[own];
        const ids = (Array.isArray(value) ? value : [value]).filter((v) => !blank(v));
        const target = configByResource.get(ref.resource);
        if (!ids.length || !target) return undefined;
        for (const id of ids) {
          const row = cachedRow(client, ref.resource, id);
          if (row && rowOfProvider(target, row, provider) === false) return MSG.sameProvider(title);
        }
        return undefined;
      });
    }
    if (own === field && config.providerShared && !isSuperadmin(roles ?? [])) {
      // As a missing value: the refused submit's toast is the required fields' one.
      out.push((value) => (blank(value) ? missingValue(MSG.sharedProviderNeeded) : undefined));
    }
    return out;
  }, [config, field, client, roles]);
}
