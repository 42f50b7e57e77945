// File and image fields: the input uploads to POST /v1/files/ and keeps the file's id; images are
// shown through GET /v1/files/{id} fetched with the bearer token (an object URL of the blob). A
// field's x-intranet.files rule names its bucket and the extensions it takes: another is refused
// before any upload, with the rule's message under the field and as a toast.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, FormLabel, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useQuery } from '@tanstack/react-query';
import { useInput, useNotify } from 'react-admin';
import { IMAGE_TYPES, uploadProblem } from '../../domain/format.js';
import { uploadFile, v1Json, type Areas } from '../core/api.js';
import { saveStoredFile, useFileUrl } from '../core/fileUrl.js';

export { saveBlob, saveStoredFile, useFileUrl } from '../core/fileUrl.js';
import { FieldMessage, useShownError } from './FieldMessage.js';
import type { FileRule, ResourceConfig } from '../core/schemas.js';
import type { Validator } from './validation.js';

/** The refusal of a file whose extension the field does not take (x-intranet.files.<field>.message by default). */
export const FILE_FORMAT_REFUSED = 'Formato do arquivo não permitido!';

/** A field's upload rule with its defaults: the bucket named after the resource, any extension. */
export function fileRuleOf(config: Pick<ResourceConfig, 'resource' | 'files'>, field: string): Required<Pick<FileRule, 'bucket'>> & FileRule {
  const rule = config.files?.[field] ?? {};
  return { ...rule, bucket: rule.bucket ?? config.resource.replace(/[^A-Za-z0-9_-]/g, '_') };
}

/** Whether the file's name ends with one of the extensions (any case); no list takes any file. */
export function hasAcceptedExtension(name: string, accept: readonly string[] | undefined): boolean {
  if (!accept?.length) return true;
  const lower = name.toLowerCase();
  return accept.some((ext) => lower.endsWith(ext.toLowerCase()));
}

/**
 * The names the files were uploaded with (GET /v1/files/names), by id, for a screen that lists
 * stored files: only those the user may download are named. Empty while loading or on a failure
 * (the screen keeps its own label for them).
 */
export function useFileNames(ids: readonly string[], module: Areas): Record<string, string> {
  const { data } = useQuery({
    queryKey: ['v1/files/names', ids, module],
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const query = new URLSearchParams(ids.map((id) => ['id', id]));
      const { files } = await v1Json<{ files: { id: string; name: string }[] }>(`/v1/files/names?${query}`, { module });
      return Object.fromEntries(files.map((f) => [f.id.toLowerCase(), f.name]));
    },
  });
  return data ?? {};
}

export function FileImage({ id, module, alt, size = 48 }: { id: string; module: Areas; alt: string; size?: number }) {
  const { url, failed } = useFileUrl(id, module);
  if (failed) return <ImageIcon sx={{ color: 'text.disabled', fontSize: size }} aria-label={alt} />;
  if (!url) return <CircularProgress size={Math.min(size, 24)} />;
  return <Box component="img" src={url} alt={alt} sx={{ width: size, height: size, objectFit: 'contain', borderRadius: 1 }} />;
}


export interface FileInputProps {
  source: string;
  label: string;
  validate?: Validator[];
  /** PNG/JPEG only, shown as a picture. */
  image: boolean;
  /** Role area(s) of the call and storage bucket of the upload. */
  module: Areas;
  bucket: string;
  helperText?: string | false;
  /** The extensions taken ('.csv'); another is refused before uploading (x-intranet.files). */
  accept?: string[];
  /** The refusal of another extension (default FILE_FORMAT_REFUSED). */
  refusal?: string;
}

/** `actions`: more buttons beside the picker (a bespoke input's 'Baixar modelo'). */
export function FileInput({ source, label, validate, image, module, bucket, helperText, accept, refusal, actions }: FileInputProps & { actions?: ReactNode }) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The name of the file sent from this form (a stored file is known by its id only).
  const [sent, setSent] = useState<{ id: string; name: string } | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const inputId = `file-${source}`;

  const onPick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!hasAcceptedExtension(file.name, accept)) {
      const message = refusal ?? FILE_FORMAT_REFUSED;
      setProblem(message);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return;
    }
    const reason = uploadProblem(file, image ? 'image' : 'file');
    if (reason) {
      setProblem(reason);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const stored = await uploadFile(file, bucket, module);
      setSent({ id: stored.id, name: stored.name || file.name });
      field.onChange(stored.id);
      field.onBlur();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const shown = useShownError(fieldState);
  const error = problem ?? shown;
  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel htmlFor={inputId} required={isRequired} error={Boolean(error)} sx={{ display: 'block', mb: 1, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {value && image && <FileImage id={value} module={module} alt={label} size={72} />}
        {value && !image && sent?.id === value && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={`${inputId}-name`}>
            {sent.name}
          </Typography>
        )}
        {value && !image && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => void saveStoredFile(value, module)}>
            Baixar Arquivo
          </Button>
        )}
        <Button variant="outlined" size="small" component="label" htmlFor={inputId} startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />} disabled={busy}>
          {value ? (image ? 'Trocar imagem' : 'Trocar arquivo') : image ? 'Escolher imagem' : 'Escolher arquivo'}
        </Button>
        <input
          ref={picker}
          id={inputId}
          data-testid={inputId}
          type="file"
          hidden
          accept={image ? IMAGE_TYPES.join(',') : accept?.join(',')}
          onChange={onPick}
          aria-label={label}
        />
        {value && !isRequired && (
          <Button size="small" color="inherit" onClick={() => field.onChange(null)}>
            Remover
          </Button>
        )}
        {actions}
      </Stack>
      {image && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
          PNG ou JPEG, até 10 MB.
        </Typography>
      )}
      <FieldMessage error={error} helperText={helperText} />
    </Box>
  );
}

/** A list of files (auxiliary images, attachments): each checked and uploaded, shown, removable. */
export function FileArrayInput({ source, label, validate, image, module, bucket, helperText, max, accept, refusal }: FileInputProps & { max?: number }) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const inputId = `files-${source}`;
  const full = max !== undefined && ids.length >= max;

  const onPick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    if (files.some((f) => !hasAcceptedExtension(f.name, accept))) {
      const message = refusal ?? FILE_FORMAT_REFUSED;
      setProblem(message);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return;
    }
    const refused = files.map((f) => uploadProblem(f, image ? 'image' : 'file')).find(Boolean);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const added: string[] = [];
      for (const file of files.slice(0, max === undefined ? files.length : Math.max(0, max - ids.length))) added.push((await uploadFile(file, bucket, module)).id);
      field.onChange([...ids, ...added]);
      field.onBlur();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const shown = useShownError(fieldState);
  const error = problem ?? shown;
  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel htmlFor={inputId} required={isRequired} error={Boolean(error)} sx={{ display: 'block', mb: 1, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="list" aria-label={label}>
        {ids.map((id) => (
          <Stack key={id} role="listitem" spacing={0.5} sx={{ alignItems: 'center' }}>
            {image ? <FileImage id={id} module={module} alt={label} size={64} /> : (
              <Button size="small" startIcon={<DownloadIcon />} onClick={() => void saveStoredFile(id, module)}>
                Baixar Arquivo
              </Button>
            )}
            <Button size="small" color="inherit" onClick={() => field.onChange(ids.filter((x) => x !== id))}>
              Remover
            </Button>
          </Stack>
        ))}
        <Button variant="outlined" size="small" component="label" htmlFor={inputId} startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />} disabled={busy || full}>
          {image ? 'Adicionar imagens' : 'Adicionar arquivos'}
        </Button>
        <input id={inputId} data-testid={inputId} type="file" hidden multiple accept={image ? IMAGE_TYPES.join(',') : accept?.join(',')} onChange={onPick} aria-label={label} />
      </Stack>
      {image && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
          PNG ou JPEG, até 10 MB cada{max ? `; no máximo ${max}` : ''}.
        </Typography>
      )}
      <FieldMessage error={error} helperText={helperText} />
    </Box>
  );
}
