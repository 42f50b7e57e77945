// The staff's view of a sponsorship request's attachments (the read-only `anexos`, a list of file
// ids): one button per file, named as it was sent (the files engine's names, GET /v1/files/names;
// 'Anexo N' only for a file the server does not name), each downloading it with the session
// (GET /v1/files/{id}, the role of the request's area) and saving it under its stored name. Drawn
// as the field's view (expanded rows, history) and, since the generated edit form draws no
// read-only field, as a notice under the edit form's sections.
import { useState, type MouseEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadNamed, FormCell, FormSection, type ResourceConfig, saveBlob, useApiOrigin, useFileNames, useToasts } from '../../src/admin/pages.js';
import { SPONSORSHIP_TEXTS as T } from './texts.js';

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : []);

export function AttachmentLinks({ config, value }: { config: ResourceConfig; field?: string; value: unknown }) {
  useApiOrigin();
  const toasts = useToasts();
  const ids = idsOf(value);
  const areas = [config.module, ...config.alsoModules];
  const stored = useFileNames(ids, areas);
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (event: MouseEvent, id: string, fallback: string) => {
    // In an expanded row the click is the button's, not the row's.
    event.stopPropagation();
    setBusy(id);
    try {
      const { blob, name } = await downloadNamed(`/v1/files/${encodeURIComponent(id)}`, fallback, areas);
      setNames((known) => ({ ...known, [id]: name }));
      saveBlob(blob, name);
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="span">
      {ids.map((id, i) => {
        const label = names[id] ?? stored[id.toLowerCase()] ?? T.attachment(i + 1);
        return (
          <Button
            key={id}
            size="small"
            variant="outlined"
            startIcon={busy === id ? <CircularProgress size={14} aria-label={T.downloading(label)} /> : <DownloadIcon />}
            disabled={busy === id}
            onClick={(event) => void download(event, id, label)}
            sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

/** The edit form's 'Anexos': the record's attachments (the form's `anexos` value) under its sections. */
export function AttachmentsNotice({ config, mode }: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  const value = useWatch({ name: 'anexos' }) as unknown;
  if (mode !== 'edit') return null;
  return (
    <FormSection title={config.properties.anexos?.title ?? T.attachmentsTitle}>
      <FormCell wide>
        {idsOf(value).length ? (
          <AttachmentLinks config={config} value={value} />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.noAttachmentsSent}
          </Typography>
        )}
      </FormCell>
    </FormSection>
  );
}
