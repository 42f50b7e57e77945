// /marketing/tracking-link/register and /marketing/tracking-link/edit/{id} (marketing document,
// sections 2, 4, 5 and 8, "Tracking link register and edit"). Generating the link is the save:
// Gerar Link creates the record (POST v1/vendas/tracking/url) and, after a change of the choices on
// the register, updates it (PUT v1/vendas/tracking/url), as Atualizar Link does on edit; either is
// disabled while the link shown matches the choices. Adicionar then returns to the previous page, only once a link exists ('É necessário
// gerar o link antes de salvar.'). The selects are the generator's (SchemaInput of the schema's
// fields: Provedor, then Campanha and Canal by the provider's flag — disabled until a provider is
// chosen, cleared when it changes — and the optional Destino); the edit shows the history panel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { Form, ResourceContextProvider, useGetOne } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { AccessDenied, configByResource, FORM_MAX_WIDTH, FormCell, formReferences, FormReferencesProvider, FormSection, HistoryPanel, isBlankId, type ResourceConfig, SchemaInput, TitleBar, useApiOrigin, useGoBack, useToasts, v1Json } from '../../src/admin/pages.js';
import { AREAS, LINKS, LIST_PATH, TEXTS } from './texts.js';

const FIELDS = ['id_empresa', 'id_campanha', 'id_canal', 'id_destino'] as const;
const REQUIRED = ['id_empresa', 'id_campanha', 'id_canal'] as const;

type Choices = Record<(typeof FIELDS)[number], unknown>;

/** The choices a link was generated for, compared as text ('' for none). */
const choiceKey = (values: Partial<Choices>) => FIELDS.map((f) => (isBlankId(values[f]) ? '' : String(values[f]))).join('|');

const idOrNull = (v: unknown) => (isBlankId(v) ? null : Number(v));

interface Saved {
  id: number;
  url: string;
}

/** Copies the link and says so for 3.5 s ('URL copiada com sucesso.'). */
function useCopy() {
  const toasts = useToasts();
  return async (text: string) => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(TEXTS.copied);
    } catch (error) {
      toasts.failure(error);
    }
  };
}

function LinkFields({ config, mode, initial }: { config: ResourceConfig; mode: 'create' | 'edit'; initial?: Record<string, any> }) {
  const { trigger, clearErrors } = useFormContext();
  const values = useWatch({ name: [...FIELDS] }) as unknown[];
  const current = choiceKey(Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])) as Choices);
  const [saved, setSaved] = useState<Saved | null>(initial ? { id: initial.id, url: initial.url } : null);
  const [generatedFor, setGeneratedFor] = useState<string | null>(initial ? choiceKey(initial as Choices) : null);
  const [busy, setBusy] = useState(false);
  const toasts = useToasts();
  const copy = useCopy();
  const goBack = useGoBack(LIST_PATH);
  const upToDate = Boolean(saved) && generatedFor === current;

  // Clearing the provider resets the required errors of the selects it disables.
  const provider = values[0];
  const hadProvider = useRef(!isBlankId(provider));
  useEffect(() => {
    if (isBlankId(provider) && hadProvider.current) clearErrors(['id_campanha', 'id_canal']);
    hadProvider.current = !isBlankId(provider);
  }, [provider, clearErrors]);

  const generate = async () => {
    if (!(await trigger([...REQUIRED]))) return;
    const [id_empresa, cmp, chn, dst] = values;
    const params = { cmp: Number(cmp), chn: Number(chn), dst: idOrNull(dst) };
    setBusy(true);
    try {
      const answer = saved
        ? await v1Json('/v1/vendas/tracking/url', { method: 'PUT', module: AREAS, body: JSON.stringify({ id: saved.id, object: { params, id_empresa: Number(id_empresa) } }) })
        : await v1Json('/v1/vendas/tracking/url', { method: 'POST', module: AREAS, body: JSON.stringify({ params, id_empresa: Number(id_empresa) }) });
      const row = (answer.insert_vendas_tracking_url ?? answer.update_vendas_tracking_url)?.returning?.[0];
      if (!row?.url) throw new Error(TEXTS.generateError);
      setSaved({ id: row.id, url: row.url });
      setGeneratedFor(current);
    } catch {
      // The spec: the server's refusals are not shown, only this text.
      toasts.failure({ message: TEXTS.generateError });
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    if (!saved) {
      toasts.failure({ message: TEXTS.needLink });
      return;
    }
    goBack();
  };

  const link = saved?.url ?? '';
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Alert severity="info">{TEXTS.formBanner}</Alert>
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {TEXTS.requiredNote}
      </Typography>
      <FormSection title={TEXTS.basicData} first>
        {FIELDS.map((field) => (
          <FormCell key={field}>
            <SchemaInput config={config} field={field} />
          </FormCell>
        ))}
      </FormSection>
      <FormSection title={TEXTS.shareLink}>
        <FormCell wide>
          <TextField
            label={TEXTS.link}
            value={link}
            fullWidth
            onClick={() => void copy(link)}
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={TEXTS.copyLink}>
                      <span>
                        <IconButton aria-label={TEXTS.copyLink} disabled={!link} onClick={() => void copy(link)} edge="end">
                          <CopyIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </FormCell>
      </FormSection>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void generate()} disabled={upToDate || busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {mode === 'edit' ? TEXTS.update : TEXTS.generate}
        </Button>
        <Button onClick={goBack}>{TEXTS.back}</Button>
        <Button variant="contained" onClick={add}>
          {TEXTS.add}
        </Button>
      </Stack>
    </Stack>
  );
}

function LinkFormPage({ mode, id }: { mode: 'create' | 'edit'; id?: string }) {
  useApiOrigin();
  const config = configByResource.get(LINKS);
  const references = useMemo(() => (config ? formReferences(config, (r) => configByResource.get(r)) : {}), [config]);
  const { data: record, isPending, error } = useGetOne(LINKS, { id }, { enabled: mode === 'edit' && Boolean(id) });
  const title = mode === 'create' ? TEXTS.registerTitle : TEXTS.editTitle;
  const goBack = useGoBack(LIST_PATH);
  if (!config) return <AccessDenied title={title} />;
  const loading = mode === 'edit' && isPending && !error;
  const defaults = record ? Object.fromEntries(FIELDS.map((f) => [f, record[f] ?? null])) : { id_destino: null };
  return (
    <ResourceContextProvider value={LINKS}>
      <Box sx={{ maxWidth: FORM_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar title={title} back={LIST_PATH} onBack={goBack} />
        {loading ? (
          <CircularProgress aria-label="Carregando" />
        ) : mode === 'edit' && !record ? (
          <Alert severity="error">{TEXTS.loadError}</Alert>
        ) : (
          <Form defaultValues={defaults} record={record} noValidate onSubmit={() => undefined}>
            <FormReferencesProvider value={references}>
              <LinkFields config={config} mode={mode} initial={record} />
            </FormReferencesProvider>
          </Form>
        )}
        {mode === 'edit' && id && record && <HistoryPanel config={config} id={id} />}
      </Box>
    </ResourceContextProvider>
  );
}

export default function LinkRegister() {
  return <LinkFormPage mode="create" />;
}

export function LinkEdit() {
  const { id } = useParams();
  return <LinkFormPage mode="edit" id={id} />;
}
