// Pieces the careers pages share: a vacancy's facts (provider, place, department, work model and
// contract), its dates, an application's status chip, and a failed load's message.
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import {
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  CONTRACT_TYPE_LABELS,
  WORK_MODEL_LABELS,
  type ApplicationStatus,
  type ContractType,
  type WorkModel,
} from '../../src/domain/careers.js';
import { formatDate } from '../../src/domain/format.js';
import { failureText, type PublicVacancy } from './api.js';
import { CAREERS_TEXTS as T } from './texts.js';

/** The list of every provider's open vacancies. */
export const LIST_PATH = '/careers/list';

export const workModelLabel = (m: string) => WORK_MODEL_LABELS[m as WorkModel] ?? m;
export const contractLabel = (c: string) => CONTRACT_TYPE_LABELS[c as ContractType] ?? c;
export const statusLabel = (s: string) => APPLICATION_STATUS_LABELS[s as ApplicationStatus] ?? s;

/** The day of a timestamp in the browser's time zone (DD/MM/YYYY). */
export const dayOf = (timestamp: string) => formatDate(new Date(timestamp));

export const placeOf = (v: { cidade: string; uf: string }) => `${v.cidade}/${v.uf}`;

/** Provider, city/UF and department, then the work model and contract chips. */
export function VacancyFacts({ vaga }: { vaga: PublicVacancy }) {
  const items = [
    { icon: ApartmentIcon, text: vaga.empresa.nome, label: T.provider },
    { icon: PlaceIcon, text: placeOf(vaga), label: T.city },
    ...(vaga.departamento ? [{ icon: GroupsIcon, text: vaga.departamento, label: T.department }] : []),
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
      {items.map(({ icon: Icon, text, label }) => (
        <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
          <Icon fontSize="small" aria-label={label} />
          <Typography variant="body2">{text}</Typography>
        </Box>
      ))}
      <Chip size="small" variant="outlined" color="primary" label={workModelLabel(vaga.modelo_trabalho)} />
      <Chip size="small" variant="outlined" label={contractLabel(vaga.tipo_contrato)} />
    </Stack>
  );
}

/** 'Publicada em …' and, when it closes, 'Inscrições até …'. */
export function VacancyDates({ vaga }: { vaga: PublicVacancy }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {T.published(formatDate(vaga.data_inicio))}
      {vaga.data_encerramento && ` · ${T.closes(formatDate(vaga.data_encerramento))}`}
    </Typography>
  );
}

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" color={APPLICATION_STATUS_COLORS[status as ApplicationStatus] ?? 'default'} label={statusLabel(status)} />;
}

/** A failed load: the server's text and 'Tentar novamente'. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {T.retry}
        </Button>
      }
    >
      {failureText(error)}
    </Alert>
  );
}
