// /careers/admin/applicants/{id} (the vacancies' row action 'Candidatos'): the pipeline of one
// vacancy's applications. One column per step (src/domain/careers.ts, in its order) with its count,
// each candidate a card (name, city, the day they applied, where they came from); a search by name or
// e-mail on the loaded rows; a card opens the application on the right (ApplicationDrawer) where a
// recruiter moves it to another step with a note the candidate never sees. Moves are pessimistic: the
// card changes column when the server has saved it (react-admin's cache of the list follows the answer).
// Palavras-chave leads to the keyword search over these applicants' resumes (KeywordsPage.tsx).
import { useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, CircularProgress, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useGetList, useGetOne } from 'react-admin';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/careers.js';
import { MSG } from '../../src/domain/messages.js';
import { AccessDenied, configByResource, type ResourceConfig, TitleBar, useApiOrigin, useGoBack, useRights } from '../../src/admin/pages.js';
import { candidateName, groupByStatus, localDate, matchesSearch, nextStatus, retryUnlessRefused, sourceLabel, type ApplicationRow } from './board.js';
import { ApplicationDrawer, useSaveApplication } from './ApplicationDrawer.js';
import { APPLICATIONS, TITLES, VACANCIES, VACANCIES_LIST } from './routes.js';
import { keywordsPath } from './talent.js';
import { TEXTS } from './texts.js';

/** Every application of a vacancy in one read (the contract's range [0,499]), newest first. */
export const APPLICATIONS_PER_VACANCY = 500;

const errorText = (error: unknown) => (error as { message?: string } | null)?.message || MSG.failure;

function CandidateCard({ row, onOpen, onMove, busy }: { row: ApplicationRow; onOpen: () => void; onMove?: (status: ApplicationStatus) => void; busy: boolean }) {
  const next = onMove ? nextStatus(row.status) : null;
  const name = candidateName(row);
  const origin = sourceLabel(row.origem);
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} aria-label={name}>
      <CardActionArea onClick={onOpen}>
        <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          {row.candidato_cidade && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {row.candidato_cidade}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {TEXTS.appliedOn(localDate(row.created_at))}
          </Typography>
          {origin && <Chip size="small" variant="outlined" label={origin} title={TEXTS.origin} sx={{ mt: 0.5 }} />}
        </CardContent>
      </CardActionArea>
      {next && onMove && (
        <CardActions sx={{ pt: 0, px: 1.5, pb: 1 }}>
          <Button size="small" endIcon={<ArrowForwardIcon />} disabled={busy} onClick={() => onMove(next)}>
            {TEXTS.moveTo(APPLICATION_STATUS_LABELS[next])}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

function Column({ status, rows, children }: { status: ApplicationStatus; rows: ApplicationRow[]; children: React.ReactNode }) {
  const label = APPLICATION_STATUS_LABELS[status];
  return (
    <Paper component="section" variant="outlined" aria-label={label} sx={{ p: 1, bgcolor: 'background.default', minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, px: 0.5 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {label}
        </Typography>
        <Chip size="small" color={APPLICATION_STATUS_COLORS[status]} label={rows.length} aria-label={`${rows.length} em ${label}`} />
      </Stack>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
        {children}
      </Stack>
    </Paper>
  );
}

function Pipeline({ config, vacancyId }: { config: ResourceConfig; vacancyId: number }) {
  useApiOrigin();
  const goBack = useGoBack(VACANCIES_LIST);
  const rights = useRights(config);
  const vacancy = useGetOne(VACANCIES, { id: vacancyId }, { retry: retryUnlessRefused });
  const list = useGetList<ApplicationRow>(APPLICATIONS, {
    filter: { id_vaga: vacancyId },
    pagination: { page: 1, perPage: APPLICATIONS_PER_VACANCY },
    sort: { field: 'created_at', order: 'DESC' },
  }, { retry: retryUnlessRefused });
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const { save, saving } = useSaveApplication(config);

  const rows = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => rows.filter((row) => matchesSearch(row, query)), [rows, query]);
  const columns = useMemo(() => groupByStatus(shown), [shown]);
  const open = rows.find((row) => row.id === openId) ?? null;

  const move = rights.update ? (row: ApplicationRow) => (status: ApplicationStatus) => save(row, { status, observacao: row.observacao ?? null }) : null;

  const title = vacancy.data?.titulo_vaga ? `${TITLES.applicants} · ${String(vacancy.data.titulo_vaga)}` : TITLES.applicants;
  const error = list.error ?? vacancy.error;
  return (
    <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar
        title={title}
        back={VACANCIES_LIST}
        onBack={goBack}
        extra={
          <Button component={RouterLink} to={keywordsPath(vacancyId, vacancy.data?.titulo_vaga as string | undefined)} variant="outlined" startIcon={<ManageSearchIcon />}>
            {TEXTS.keywords}
          </Button>
        }
      />
      {error ? (
        <Alert severity="error">{errorText(error)}</Alert>
      ) : list.isPending ? (
        <CircularProgress aria-label={TEXTS.loading} />
      ) : rows.length === 0 ? (
        <Alert severity="info">{TEXTS.empty}</Alert>
      ) : (
        <>
          <TextField
            label={TEXTS.search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            size="small"
            type="search"
            sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          {shown.length === 0 && (
            <Typography sx={{ mb: 2, color: 'text.secondary' }}>{MSG.noResult}</Typography>
          )}
          <Box
            role="group"
            aria-label={TEXTS.board}
            sx={{ display: 'grid', gridTemplateColumns: `repeat(${APPLICATION_STATUSES.length}, minmax(210px, 1fr))`, gap: 1.5, overflowX: 'auto', pb: 1 }}
          >
            {APPLICATION_STATUSES.map((status) => (
              <Column key={status} status={status} rows={columns[status]}>
                {columns[status].map((row) => (
                  <CandidateCard key={row.id} row={row} busy={saving} onOpen={() => setOpenId(row.id)} onMove={move?.(row)} />
                ))}
              </Column>
            ))}
          </Box>
        </>
      )}
      <ApplicationDrawer row={open} config={config} canUpdate={rights.update} saving={saving} onSave={save} onClose={() => setOpenId(null)} />
    </Box>
  );
}

export default function ApplicantsPage() {
  const { id = '' } = useParams();
  const config = configByResource.get(APPLICATIONS);
  if (!config) return <AccessDenied title={TITLES.applicants} back={VACANCIES_LIST} />;
  // Not a vacancy's id: the vacancies' list.
  if (!/^\d{1,15}$/.test(id)) return <Navigate to={VACANCIES_LIST} replace />;
  return <Pipeline key={id} config={config} vacancyId={Number(id)} />;
}
