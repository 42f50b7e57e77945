// /applications/list ('Minhas candidaturas'): the signed-in user's applications, newest first, each
// with its vacancy, provider, city, date, step ('desde' when it got there) and the pipeline's steps.
// ApplicationList is also the compact card of /applicants/info.
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, CircularProgress, Link, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/careers.js';
import { TitleBar } from '../../src/admin/pages.js';
import { useMyApplications, type MyApplication } from './api.js';
import { dayOf, LIST_PATH, placeOf, RetryAlert, StatusChip, statusLabel } from './parts.js';
import { CAREERS_TEXTS as T } from './texts.js';

/** The pipeline's steps up to its end: approved, or rejected in place of it. */
const PIPELINE = APPLICATION_STATUSES.filter((s) => s !== 'reprovado');

function Steps({ status }: { status: ApplicationStatus }) {
  const rejected = status === 'reprovado';
  const steps = rejected ? [...PIPELINE.slice(0, -1), 'reprovado' as const] : PIPELINE;
  const active = rejected ? steps.length - 1 : Math.max(0, steps.indexOf(status));
  return (
    <Stepper activeStep={active} alternativeLabel aria-label={T.pipeline} sx={{ mt: 2, '& .MuiStepLabel-label': { fontSize: 12, mt: 0.5 } }}>
      {steps.map((step, i) => (
        <Step key={step} completed={i < active || (i === active && step === 'aprovado')}>
          <StepLabel error={step === 'reprovado'}>{statusLabel(step)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

function ApplicationItem({ application: a, compact }: { application: MyApplication; compact: boolean }) {
  return (
    <Paper component="li" variant="outlined" aria-label={a.titulo_vaga} sx={{ p: compact ? 1.5 : 2, borderRadius: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="div" sx={{ fontWeight: 600 }}>
            {a.vaga_aberta ? (
              <Link component={RouterLink} to={a.path} underline="hover">
                {a.titulo_vaga}
              </Link>
            ) : (
              a.titulo_vaga
            )}
            {!a.vaga_aberta && <Chip size="small" variant="outlined" label={T.closed} sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {a.empresa.nome} · {placeOf(a)} · {T.appliedOn} {dayOf(a.created_at)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <StatusChip status={a.status} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.since(dayOf(a.status_em))}
          </Typography>
        </Box>
      </Box>
      {!compact && <Steps status={a.status} />}
    </Paper>
  );
}

/** The applications (at most `max` of them, compact: without the steps). */
export function ApplicationList({ compact = false, max }: { compact?: boolean; max?: number }) {
  const { data, error, isPending, refetch } = useMyApplications();
  if (error) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  if (isPending) return <CircularProgress aria-label={T.loading} />;
  if (data.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: compact ? 1 : 4 }}>
        <Typography sx={{ mb: 2 }}>{T.noApplications}</Typography>
        <Button component={RouterLink} to={LIST_PATH} variant="contained">
          {T.openVacancies}
        </Button>
      </Box>
    );
  const shown = max === undefined ? data : data.slice(0, max);
  return (
    <Stack component="ul" spacing={compact ? 1 : 2} aria-label={T.myApplications} sx={{ p: 0, m: 0 }}>
      {shown.map((a) => (
        <ApplicationItem key={a.id} application={a} compact={compact} />
      ))}
    </Stack>
  );
}

export default function ApplicationsPage() {
  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar
        title={T.myApplications}
        extra={
          <Button component={RouterLink} to={LIST_PATH} variant="outlined">
            {T.openVacancies}
          </Button>
        }
      />
      <ApplicationList />
    </Box>
  );
}
