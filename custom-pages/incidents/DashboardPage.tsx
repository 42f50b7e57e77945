// /incidents/dashboards (Painel de incidentes): the incidents of a period (by their start; the last
// twelve months unless De and Até say otherwise) that the user may see (their own, those of the
// categories they manage, or all of their providers' for the incidentes readers), for every provider
// or one: totals by status and charts by category, impacted department and month (loaded on demand).
// The period and the provider live in the address (?de=&ate=&empresa=).
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { formatNumber } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { isIsoDate } from '../../src/domain/validators.js';
import { ApiError, DateTextField, TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import type { Group } from './DashboardCharts.js';
import { TEXTS as T } from './texts.js';

const DashboardCharts = lazy(() => import('./DashboardCharts.js'));

export interface IncidentDashboard {
  total: number;
  abertos: number;
  em_andamento: number;
  resolvidos: number;
  por_categoria: Group[];
  por_departamento: Group[];
  por_mes: { mes: string; total: number }[];
  empresas: { id: number; nome: string }[];
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
/** The first day of the month eleven months before today's: twelve whole months with this one. */
const yearAgo = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 12, 1));
  return d.toISOString().slice(0, 10);
};

/** Every month of the period (at most five years), with the months of no incident at zero. */
export function monthsOf(de: string, ate: string, counts: { mes: string; total: number }[]) {
  const byMonth = new Map(counts.map((c) => [c.mes, c.total]));
  const out: { mes: string; total: number }[] = [];
  let [y, m] = de.split('-').map(Number);
  const end = ate.slice(0, 7);
  while (out.length < 60) {
    const mes = `${y}-${String(m).padStart(2, '0')}`;
    if (mes > end) break;
    out.push({ mes, total: byMonth.get(mes) ?? 0 });
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out.length && out.length < 60 ? out : counts;
}

const fieldError = (error: unknown, field: string): string | undefined => {
  const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  return typeof errors?.[field] === 'string' ? (errors[field] as string) : undefined;
};

function Kpi({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="kpi-value">
          {formatNumber(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  useApiOrigin();
  const [params, setParams] = useSearchParams();
  const day = (name: string) => (isIsoDate(params.get(name) ?? '') ? String(params.get(name)) : '');
  const de = day('de') || yearAgo(today());
  const ate = day('ate') || today();
  const empresa = /^\d{1,9}$/.test(params.get('empresa') ?? '') ? String(params.get('empresa')) : '';
  const [typed, setTyped] = useState<{ de?: string | null; ate?: string | null }>({});

  const query = useQuery({
    queryKey: ['incidents', 'dashboard', de, ate, empresa],
    queryFn: () =>
      v1Json<IncidentDashboard>(`/v1/incidente/dashboard?${new URLSearchParams({ de, ate, ...(empresa ? { id_empresa: empresa } : {}) })}`, { module: 'incidentes' }),
  });

  const set = (name: 'de' | 'ate' | 'empresa', value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const dayBox = (name: 'de' | 'ate', shown: string) => ({
    value: typed[name] === undefined ? shown : typed[name],
    onChange: (next: string | null) => {
      setTyped((t) => ({ ...t, [name]: next }));
      if (next === null || isIsoDate(next)) set(name, next ?? '');
    },
  });
  const deError = fieldError(query.error, 'de');
  const ateError = fieldError(query.error, 'ate');
  const data = query.data;

  return (
    <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.dashboardTitle} back="/incidents/home" />
      <Paper variant="outlined" component="section" aria-label={T.filters} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ width: { xs: '100%', sm: 190 } }}>
            <DateTextField label={T.from} {...dayBox('de', de)} error={deError} helperText=" " size="small" fullWidth />
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 190 } }}>
            <DateTextField label={T.to} {...dayBox('ate', ate)} error={ateError} helperText=" " size="small" fullWidth />
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 260 } }}>
            <TextField
              select
              label={T.provider}
              value={empresa}
              onChange={(e) => set('empresa', e.target.value)}
              size="small"
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{T.allProviders}</option>
              {(data?.empresas ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.nome}
                </option>
              ))}
            </TextField>
          </Box>
        </Stack>
      </Paper>
      {query.isError ? (
        deError || ateError ? null : <Alert severity="error">{(query.error as Error)?.message || MSG.failure}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : (
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            <Kpi label={T.total} value={data.total} />
            <Kpi label={T.open} value={data.abertos} />
            <Kpi label={T.inProgress} value={data.em_andamento} />
            <Kpi label={T.resolved} value={data.resolvidos} />
          </Box>
          {data.total === 0 ? (
            <Alert severity="info">{T.none}</Alert>
          ) : (
            <Suspense fallback={<CircularProgress aria-label={T.loading} />}>
              <DashboardCharts byCategory={data.por_categoria} byDepartment={data.por_departamento} byMonth={monthsOf(de, ate, data.por_mes)} />
            </Suspense>
          )}
        </Stack>
      )}
    </Box>
  );
}
