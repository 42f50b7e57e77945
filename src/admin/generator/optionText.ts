// How the options of a reference select are written. Records of different providers often share a
// name (each provider has its 'Campo' sector and its 'Departamento Pessoal'): where the options'
// labels repeat, those options also name their provider, read through the referenced resource's
// x-intranet.provider ('Campo (Bitcom)'). Labels that do not repeat stay as they are.
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useChoicesContext, useDataProvider, type RaRecord } from 'react-admin';
import { EMPTY_TEXT } from '../../domain/format.js';
import { pathTexts, providerPath, type FetchMany, type RecordLike } from '../core/paths.js';
import { configByResource } from './registry.js';
import type { Reference } from '../core/schemas.js';

const lookup = (resource: string) => configByResource.get(resource);

/** The options whose label some other option also has. */
export function repeatedLabels<T extends Record<string, unknown>>(records: readonly T[], label: string): T[] {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(String(r[label] ?? ''), (counts.get(String(r[label] ?? '')) ?? 0) + 1);
  return records.filter((r) => (counts.get(String(r[label] ?? '')) ?? 0) > 1);
}

/** optionText of an autocomplete inside a ReferenceInput (reads its choices). */
export function useOptionText(reference: Reference) {
  const { allChoices } = useChoicesContext();
  const dataProvider = useDataProvider();
  const target = lookup(reference.resource);
  const path = target ? providerPath(target, lookup) : null;
  const repeated = useMemo(() => (path ? repeatedLabels((allChoices ?? []) as RaRecord[], reference.label) : []), [allChoices, path, reference.label]);
  const ids = useMemo(() => repeated.map((r) => String(r.id)).sort(), [repeated]);
  const { data: providers } = useQuery({
    queryKey: ['option-providers', reference.resource, ids],
    enabled: Boolean(target && path && ids.length),
    queryFn: () => {
      const fetchMany: FetchMany = async (resource, manyIds) => (await dataProvider.getMany(resource, { ids: manyIds as RaRecord['id'][] })).data as RecordLike[];
      return pathTexts(target!, path!, repeated as RecordLike[], fetchMany, lookup, (_c, _f, v) => String(v));
    },
    staleTime: 30_000,
  });
  return useCallback(
    (record: RaRecord | undefined) => {
      if (!record) return '';
      const label = String(record[reference.label] ?? '');
      const provider = providers?.get(String(record.id));
      return provider && provider !== EMPTY_TEXT ? `${label} (${provider})` : label;
    },
    [providers, reference.label],
  );
}
