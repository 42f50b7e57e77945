// The event form's warning (a formNotice of the generated form of schemas/marketing/events.json):
// when the chosen city and period meet another active event of the same city, an Alert names it and
// its dates; it never stops the submit. Read half a second after the last change.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@mui/material';
import { startAfterEnd } from '../../src/domain/dateRange.js';
import { type ResourceConfig, SELECT_DEBOUNCE_MS, useApiOrigin } from '../../src/admin/pages.js';
import { overlapsWith } from './overlaps.js';
import { overlapNotice } from './texts.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function OverlapNotice(_props: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  useApiOrigin();
  const [cidade, inicio, fim, status, id] = useWatch({ name: ['cidade', 'data_inicio', 'data_fim', 'status', 'id'] }) as unknown[];
  const key = useSettled(JSON.stringify([cidade, inicio, fim, status, id]), SELECT_DEBOUNCE_MS);
  const [c, i, f, s, own] = JSON.parse(key) as [unknown, unknown, unknown, unknown, unknown];
  const ready =
    (typeof c === 'number' || (typeof c === 'string' && /^\d+$/.test(c))) &&
    typeof i === 'string' && DAY.test(i) &&
    typeof f === 'string' && DAY.test(f) &&
    !startAfterEnd(i, f) &&
    // An inactive event meets nobody.
    s !== false;
  const { data } = useQuery({
    queryKey: ['event-overlaps', c, i, f, own],
    enabled: ready,
    queryFn: () => overlapsWith({ cidade: c as number, inicio: i as string, fim: f as string, id: own as number | undefined }),
    staleTime: 5_000,
  });
  if (!ready || !data?.length) return null;
  return (
    <Alert severity="warning" sx={{ width: '100%', mt: 1 }}>
      {overlapNotice(data)}
    </Alert>
  );
}

export default OverlapNotice;
