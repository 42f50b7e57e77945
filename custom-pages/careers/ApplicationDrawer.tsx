// An application opened from the pipeline, on the right: the candidate (GET
// /v1/careers/candidaturas/{id}/detalhes: contact, LinkedIn, about, salary expectation, the PDF resume
// and the resume's education, experience and certificates) and, for who may update applications, the
// step and the recruiters' note (Salvar, or straight to the next step). Readers see both, read-only.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Drawer, IconButton, Link, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, slugify, type ApplicationStatus } from '../../src/domain/careers.js';
import { EMPTY_TEXT, formatBRL, formatDateTime } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { downloadNamed, v1Json, type Areas } from '../../src/admin/generator/api.js';
import { PhoneValue } from '../../src/admin/generator/fields.js';
import { saveBlob } from '../../src/admin/generator/files.js';
import { useToasts } from '../../src/admin/generator/RowActions.js';
import type { ResourceConfig } from '../../src/admin/generator/schemas.js';
import { Entry, SECTIONS } from '../resume/ResumePage.js';
import { candidateName, isStatus, linkedinHref, localDate, nextStatus, retryUnlessRefused, sourceLabel, type ApplicationRow } from './board.js';
import { NOTE_MAX, TEXTS } from './texts.js';

type Entry = Record<string, any>;

/** GET /v1/careers/candidaturas/{id}/detalhes (the careers contract). */
export interface ApplicationDetails {
  candidatura: { id: number; status: string; observacao: string | null; origem: string | null; created_at: string; status_em: string | null; id_vaga: number; titulo_vaga: string | null };
  candidato: {
    id_usuario: number;
    nome: string | null;
    email: string | null;
    funcionario: boolean;
    telefone: string | null;
    cidade: string | null;
    uf: string | null;
    linkedin: string | null;
    apresentacao: string | null;
    pretensao_salarial: number | string | null;
    tem_curriculo: boolean;
  };
  curriculo: { formacao: Entry[]; experiencia: Entry[]; certificados: Entry[] };
}

export type SaveApplication = (row: ApplicationRow, data: { status: ApplicationStatus; observacao: string | null }, onSaved?: () => void) => void;

const DRAWER_WIDTH = 520;

/** The resume's parts in the answer, in the resume page's sections (titles and how an entry reads). */
const RESUME_PARTS: { key: keyof ApplicationDetails['curriculo']; section: (typeof SECTIONS)[number] }[] = [
  { key: 'formacao', section: SECTIONS.find((s) => s.kind === 'education')! },
  { key: 'experiencia', section: SECTIONS.find((s) => s.kind === 'experience')! },
  { key: 'certificados', section: SECTIONS.find((s) => s.kind === 'certificate')! },
];

const areasOf = (config: ResourceConfig): Areas => [config.module, ...config.alsoModules];

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

function ResumeDownload({ applicationId, name, areas }: { applicationId: number; name: string; areas: Areas }) {
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, name: fileName } = await downloadNamed(`/v1/careers/candidaturas/${applicationId}/curriculo`, `curriculo-${slugify(name) || applicationId}.pdf`, areas);
      saveBlob(blob, fileName);
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={busy} onClick={() => void download()}>
      {TEXTS.download}
    </Button>
  );
}

function Candidate({ details, areas }: { details: ApplicationDetails; areas: Areas }) {
  const { candidato, curriculo, candidatura } = details;
  const linkedin = linkedinHref(candidato.linkedin);
  const place = [candidato.cidade, candidato.uf].filter(Boolean).join(' - ');
  const salary = candidato.pretensao_salarial;
  return (
    <Stack spacing={2}>
      <Stack spacing={1.5} component="section" aria-label={TEXTS.contact}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {TEXTS.contact}
        </Typography>
        <Info label={TEXTS.email}>{candidato.email ? <Link href={`mailto:${candidato.email}`}>{candidato.email}</Link> : EMPTY_TEXT}</Info>
        <Info label={TEXTS.phone}>{candidato.telefone ? <PhoneValue text={candidato.telefone} value={candidato.telefone} /> : EMPTY_TEXT}</Info>
        <Info label={TEXTS.city}>{place || EMPTY_TEXT}</Info>
        <Info label={TEXTS.linkedin}>
          {linkedin ? (
            <Link href={linkedin} target="_blank" rel="noopener noreferrer">
              {candidato.linkedin}
            </Link>
          ) : (
            EMPTY_TEXT
          )}
        </Info>
        <Info label={TEXTS.salary}>{salary === null || salary === undefined || salary === '' ? EMPTY_TEXT : formatBRL(salary)}</Info>
        <Info label={TEXTS.origin}>{sourceLabel(candidatura.origem) || EMPTY_TEXT}</Info>
        <Info label={TEXTS.about}>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {candidato.apresentacao || EMPTY_TEXT}
          </Box>
        </Info>
        <Box>
          {candidato.tem_curriculo ? (
            <ResumeDownload applicationId={candidatura.id} name={candidato.nome || candidato.email || ''} areas={areas} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {TEXTS.noPdf}
            </Typography>
          )}
        </Box>
      </Stack>
      {RESUME_PARTS.map(({ key, section }) => {
        const entries = curriculo?.[key] ?? [];
        return (
          <Box key={key} component="section" aria-label={section.title}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {section.title}
            </Typography>
            {entries.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {EMPTY_TEXT}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {entries.map((entry, index) => (
                  <Entry key={index} section={section} row={{ id: index, ...entry }} editable={false} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** Etapa and Observação; Salvar and the next step for who may update (the note is never the candidate's to read). */
function StageForm({ row, canUpdate, saving, onSave, onSaved }: { row: ApplicationRow; canUpdate: boolean; saving: boolean; onSave: SaveApplication; onSaved: () => void }) {
  const [status, setStatus] = useState<string>(row.status);
  const [note, setNote] = useState(row.observacao ?? '');
  const tooLong = note.length > NOTE_MAX;
  const next = canUpdate ? nextStatus(row.status) : null;
  const body = (to: ApplicationStatus) => ({ status: to, observacao: note.trim() ? note : null });
  return (
    <Box
      component="form"
      aria-label={TEXTS.stage}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canUpdate && !tooLong && isStatus(status)) onSave(row, body(status), onSaved);
      }}
    >
      <Stack spacing={2}>
        <TextField id="application-stage" select label={TEXTS.stage} value={status} onChange={(e) => setStatus(e.target.value)} disabled={!canUpdate || saving} size="small" fullWidth>
          {APPLICATION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {APPLICATION_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={TEXTS.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          disabled={saving}
          error={tooLong}
          helperText={tooLong ? MSG.maxLength(NOTE_MAX) : `${TEXTS.noteHint} ${note.length}/${NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX, readOnly: !canUpdate } }}
        />
        {canUpdate && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {next && (
              <Button endIcon={<ArrowForwardIcon />} disabled={saving || tooLong} onClick={() => onSave(row, body(next), onSaved)}>
                {TEXTS.moveTo(APPLICATION_STATUS_LABELS[next])}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={saving || tooLong}>
              {TEXTS.save}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function Detail({ row, config, canUpdate, saving, onSave, onClose }: { row: ApplicationRow; config: ResourceConfig; canUpdate: boolean; saving: boolean; onSave: SaveApplication; onClose: () => void }) {
  const areas = areasOf(config);
  const details = useQuery({
    queryKey: ['careers', 'application-details', row.id],
    queryFn: () => v1Json<ApplicationDetails>(`/v1/careers/candidaturas/${row.id}/detalhes`, { module: areas }),
    retry: retryUnlessRefused,
  });
  const name = candidateName(row);
  const status = isStatus(row.status) ? row.status : null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="application-drawer-title" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {TEXTS.appliedOn(localDate(row.created_at))}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {status && <Chip size="small" color={APPLICATION_STATUS_COLORS[status]} label={APPLICATION_STATUS_LABELS[status]} />}
            {row.status_em && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {TEXTS.stageSince(formatDateTime(row.status_em))}
              </Typography>
            )}
            {details.data?.candidato.funcionario && <Chip size="small" variant="outlined" label={TEXTS.employee} />}
          </Stack>
        </Box>
        <Tooltip title={TEXTS.close}>
          <IconButton aria-label={TEXTS.close} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <StageForm key={`${row.id}:${row.status}`} row={row} canUpdate={canUpdate} saving={saving} onSave={onSave} onSaved={onClose} />
      <Divider />
      {details.isError ? (
        <Alert severity="error">{(details.error as Error | null)?.message || MSG.failure}</Alert>
      ) : details.data ? (
        <Candidate details={details.data} areas={areas} />
      ) : (
        <CircularProgress aria-label={TEXTS.loading} />
      )}
    </Stack>
  );
}

export function ApplicationDrawer({ row, ...props }: { row: ApplicationRow | null; config: ResourceConfig; canUpdate: boolean; saving: boolean; onSave: SaveApplication; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={row !== null}
      onClose={props.onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH } }, role: 'dialog', 'aria-labelledby': 'application-drawer-title' } }}
    >
      {row && <Detail key={row.id} row={row} {...props} />}
    </Drawer>
  );
}
