// /dashboards/careers (Painel do Trabalhe Conosco): the careers figures of a period (GET
// /v1/careers/dashboard: the last 90 days unless De and Até say otherwise) for the providers the user
// sees, or one of them: open vacancies and positions, the period's applications, the days from a
// vacancy's start to its first approval (mean and median), applications per week, step and source
// (charts loaded on demand) and the vacancies with most applications, each leading to its pipeline.
// The period and the provider live in the address (?de=&ate=&empresa=), so the view can be shared.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/careers.js';
import { formatDate, formatNumber } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { isIsoDate } from '../../src/domain/validators.js';
import { ApiError, DateTextField, TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { retryUnlessRefused } from './board.js';
import { PROVIDERS, TALENT_AREAS, TITLES } from './routes.js';
import { dashboardQuery, dayParam } from './talent.js';
import { DASHBOARD_TEXTS as T, TEXTS } from './texts.js';

const DashboardCharts = lazy(() => import('./DashboardCharts.js'));

/** GET /v1/careers/dashboard. */
export interface Dashboard {
  periodo: { de: string; ate: string };
  vagas: { abertas: number; rascunhos: number; encerradas: number; posicoes_abertas: number };
  candidaturas: { total: number; por_etapa: Record<ApplicationStatus, number> };
  por_vaga: ({ id: number; titulo_vaga: string; empresa: string; total: number } & Partial<Record<ApplicationStatus, number>>)[];
  por_semana: { semana: string; total: number }[];
  origens: { origem: string | null; total: number }[];
  tempo_preenchimento: { vagas: number; media_dias: number | null; mediana_dias: number | null };
}

interface Provider {
  id: number;
  nome: string;
}

const errorText = (error: unknown) => (error as { message?: string } | null)?.message || MSG.failure;
/** The server's message about one field of the period (errors.de, errors.ate). */
const fieldError = (error: unknown, field: string): string | undefined => {
  const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  const message = errors?.[field];
  return typeof message === 'string' ? message : undefined;
};
const days = (value: number | null) => (value === null || value === undefined ? T.none : T.days(formatNumber(value)));

function Kpi({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="kpi-value">
          {value}
        </Typography>
        {note && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function TopVacancies({ rows }: { rows: Dashboard['por_vaga'] }) {
  return (
    <Box component="section" aria-label={T.topVacancies}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {T.topVacancies}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={T.topVacancies}>
          <TableHead>
            <TableRow>
              <TableCell>{T.vacancy}</TableCell>
              <TableCell>{T.provider}</TableCell>
              <TableCell align="right">{T.total}</TableCell>
              {APPLICATION_STATUSES.map((s) => (
                <TableCell key={s} align="right">
                  {APPLICATION_STATUS_LABELS[s]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/careers/admin/applicants/${row.id}`}>
                    {row.titulo_vaga}
                  </Link>
                </TableCell>
                <TableCell>{row.empresa}</TableCell>
                <TableCell align="right">{formatNumber(row.total)}</TableCell>
                {APPLICATION_STATUSES.map((s) => (
                  <TableCell key={s} align="right">
                    {formatNumber(row[s] ?? 0)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { vagas, candidaturas, tempo_preenchimento: fill } = data;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 1.5 }}>
        <Kpi label={T.openVacancies} value={formatNumber(vagas.abertas)} note={T.vacancyStates(vagas.rascunhos, vagas.encerradas)} />
        <Kpi label={T.openPositions} value={formatNumber(vagas.posicoes_abertas)} />
        <Kpi label={T.applications} value={formatNumber(candidaturas.total)} />
        <Kpi label={T.meanDays} value={days(fill.media_dias)} note={T.filled(fill.vagas)} />
        <Kpi label={T.medianDays} value={days(fill.mediana_dias)} />
      </Box>
      {candidaturas.total === 0 ? (
        <Alert severity="info">{T.noApplications}</Alert>
      ) : (
        <>
          <Suspense fallback={<CircularProgress aria-label={TEXTS.loading} />}>
            <DashboardCharts perWeek={data.por_semana} perStep={candidaturas.por_etapa} sources={data.origens} />
          </Suspense>
          {data.por_vaga.length > 0 && <TopVacancies rows={data.por_vaga} />}
        </>
      )}
    </Stack>
  );
}

/**
 * A day of the period: the box keeps what is typed (half a date included); the address gets a whole
 * date, or loses the day when the box is emptied (the server's default then applies).
 */
function useDayBox(param: string, shown: string | undefined, onDay: (day: string) => void) {
  // undefined: not typed in yet (the address's day, else the period the server answered).
  const [typed, setTyped] = useState<string | null | undefined>(undefined);
  const value = typed === undefined ? param || shown || null : typed;
  const change = (next: string | null) => {
    setTyped(next);
    if (next === null || isIsoDate(next)) onDay(next ?? '');
  };
  return { value, change };
}

function Field({ children, width }: { children: ReactNode; width: number }) {
  return <Box sx={{ width: { xs: '100%', sm: width } }}>{children}</Box>;
}

export default function DashboardPage() {
  useApiOrigin();
  const [params, setParams] = useSearchParams();
  const de = dayParam(params.get('de'));
  const ate = dayParam(params.get('ate'));
  const empresa = /^\d{1,9}$/.test(params.get('empresa') ?? '') ? String(params.get('empresa')) : '';

  const providers = useGetList<Provider>(PROVIDERS, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nome', order: 'ASC' } }, { retry: retryUnlessRefused });
  const query = useQuery({
    queryKey: ['careers', 'dashboard', de, ate, empresa],
    queryFn: () => v1Json<Dashboard>(`/v1/careers/dashboard${dashboardQuery({ de, ate, empresa })}`, { module: TALENT_AREAS }),
    retry: retryUnlessRefused,
  });
  // The period last answered, shown in the boxes while the address names none.
  const [period, setPeriod] = useState<Dashboard['periodo'] | undefined>(undefined);
  if (query.data && query.data.periodo !== period) setPeriod(query.data.periodo);

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
  const from = useDayBox(de, period?.de, (day) => set('de', day));
  const to = useDayBox(ate, period?.ate, (day) => set('ate', day));

  const deError = fieldError(query.error, 'de');
  const ateError = fieldError(query.error, 'ate');
  const providerList = providers.data ?? [];

  return (
    <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={TITLES.dashboard} />
      <Paper variant="outlined" component="section" aria-label={T.filters} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Field width={190}>
            <DateTextField label={T.from} value={from.value} onChange={from.change} error={deError} helperText=" " size="small" fullWidth />
          </Field>
          <Field width={190}>
            <DateTextField label={T.to} value={to.value} onChange={to.change} error={ateError} helperText=" " size="small" fullWidth />
          </Field>
          <Field width={260}>
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
              {empresa && !providerList.some((p) => String(p.id) === empresa) && <option value={empresa}>{empresa}</option>}
              {providerList.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.nome}
                </option>
              ))}
            </TextField>
          </Field>
          {query.data && (
            <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center', pb: 2.5 }}>
              {T.period(formatDate(query.data.periodo.de), formatDate(query.data.periodo.ate))}
            </Typography>
          )}
        </Stack>
      </Paper>
      {query.isError ? (
        deError || ateError ? null : <Alert severity="error">{errorText(query.error)}</Alert>
      ) : !query.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={TEXTS.loading} />
        </Box>
      ) : (
        <Figures data={query.data} />
      )}
    </Box>
  );
}
