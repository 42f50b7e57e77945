// An application opened from the pipeline or the keyword search, on the right: the candidate (GET
// /v1/careers/candidaturas/{id}/detalhes, drawn by PersonView: contact, LinkedIn, about, salary
// expectation, the PDF resume and the resume's education, experience and certificates) and, for who
// may update applications, the step and the recruiters' note (Salvar, or straight to the next step).
// Readers see both, read-only.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useUpdate } from 'react-admin';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/careers.js';
import { EMPTY_TEXT, formatDateTime } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { type Areas, type ResourceConfig, useResourceToasts, v1Json } from '../../src/admin/pages.js';
import { candidateName, isStatus, localDate, nextStatus, retryUnlessRefused, sourceLabel, type ApplicationRow } from './board.js';
import { Info, PanelHeader, PersonView, SidePanel, type PersonDetails } from './PersonView.js';
import { APPLICATIONS } from './routes.js';
import { NOTE_MAX, TEXTS } from './texts.js';

/** GET /v1/careers/candidaturas/{id}/detalhes (the careers contract). */
export interface ApplicationDetails extends PersonDetails {
  candidatura: { id: number; status: string; observacao: string | null; origem: string | null; created_at: string; status_em: string | null; id_vaga: number; titulo_vaga: string | null };
}

export type SaveApplication = (row: ApplicationRow, data: { status: ApplicationStatus; observacao: string | null }, onSaved?: () => void) => void;

export const areasOf = (config: ResourceConfig): Areas => [config.module, ...config.alsoModules];

/**
 * PUT /api/applications/{id} {status, observacao}, pessimistic (react-admin's cache follows the
 * answer); the schema's toast (messages.updated), else the server's refusal. `afterSave` runs after
 * each saved change (a page's own reads to refresh).
 */
export function useSaveApplication(config: ResourceConfig, afterSave?: (saved: ApplicationRow) => void): { save: SaveApplication; saving: boolean } {
  const [update, { isPending: saving }] = useUpdate();
  const writes = useResourceToasts(config);
  const save: SaveApplication = (row, data, onSaved) =>
    update(
      APPLICATIONS,
      { id: row.id, data, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          const record = { ...row, ...saved } as ApplicationRow;
          writes.done('updated', record);
          afterSave?.(record);
          onSaved?.();
        },
        onError: (error) => writes.failed('updated', error, row),
      },
    );
  return { save, saving };
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
  const status = isStatus(row.status) ? row.status : null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <PanelHeader titleId={TITLE_ID} title={candidateName(row)} onClose={onClose}>
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
      </PanelHeader>
      <StageForm key={`${row.id}:${row.status}`} row={row} canUpdate={canUpdate} saving={saving} onSave={onSave} onSaved={onClose} />
      <Divider />
      {details.isError ? (
        <Alert severity="error">{(details.error as Error | null)?.message || MSG.failure}</Alert>
      ) : details.data ? (
        <PersonView
          person={details.data}
          resumePath={`/v1/careers/candidaturas/${details.data.candidatura.id}/curriculo`}
          areas={areas}
          extra={<Info label={TEXTS.origin}>{sourceLabel(details.data.candidatura.origem) || EMPTY_TEXT}</Info>}
        />
      ) : (
        <CircularProgress aria-label={TEXTS.loading} />
      )}
    </Stack>
  );
}

const TITLE_ID = 'application-drawer-title';

export function ApplicationDrawer({ row, ...props }: { row: ApplicationRow | null; config: ResourceConfig; canUpdate: boolean; saving: boolean; onSave: SaveApplication; onClose: () => void }) {
  return (
    <SidePanel open={row !== null} onClose={props.onClose} titleId={TITLE_ID}>
      {row && <Detail key={row.id} row={row} {...props} />}
    </SidePanel>
  );
}
