// /patrocinios and /patrocinios/{provedor} (a provider's slug or id): the public sponsorship request
// form (issue 17). With a provider in the address it is chosen and named in the heading; without,
// the visitor picks one from GET /v1/public/patrocinios/provedores. The browser checks what it can
// (required fields, e-mail, phone, CPF/CNPJ check digits, the date not in the past, the schema's
// limits, the attachments' type, size and number) before the multipart POST; the server's field
// errors show under their fields and its message on top. Sent, the thank-you page shows the protocol.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { DateTextField, formatCountInput, FormCell, FormSection, parseCountInput, RequiredBanner, useApiBase } from '../../src/admin/pages.js';
import { formatMoneyInput, parseMoneyInput } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { CITY_MSG, searchKey, STATE_CODES } from '../../src/domain/municipalities.js';
import { ACCEPTED_ATTACHMENTS, ATTACHMENT_EXTENSIONS, MAX_ATTACHMENTS, SPONSORSHIP_MSG } from '../../src/domain/sponsorship.js';
import { PublicPage } from '../auth/PublicPage.js';
import { providerOf, sponsorshipApi, SponsorshipApiError, type PublicProvider } from './api.js';
import { addAttachments, EMPTY_VALUES, FIELDS, formProblems, isRequired, maskDocument, maskPhone, missesRequired, requestBody, type Field, type Problems, type Values } from './form.js';
import { SUCCESS_PATH, type SuccessState } from './paths.js';
import { SPONSORSHIP_TEXTS as T } from './texts.js';

const PAGE_WIDTH = 860;
const ACCEPT = [...ATTACHMENT_EXTENSIONS, ...ACCEPTED_ATTACHMENTS].join(',');
/** The schema's longest texts get more rows. */
const LONG_TEXT_ROWS = 4;

const inputId = (field: string) => `sponsorship-${field}`;

type Load = { kind: 'loading' } | { kind: 'ready'; providers: PublicProvider[] } | { kind: 'error'; message: string };

function useProviders(apiBase: string) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    sponsorshipApi(apiBase)
      .providers()
      .then(
        (providers) => live && setLoad({ kind: 'ready', providers }),
        (error: unknown) => live && setLoad({ kind: 'error', message: error instanceof SponsorshipApiError ? error.message : T.loadError }),
      );
    return () => {
      live = false;
    };
  }, [apiBase, attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

/** The chosen state's municipality names (loaded apart), or null while loading or when they could not be. */
function useCities(uf: string) {
  const [cities, setCities] = useState<{ uf: string; names: string[] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!uf) return;
    let live = true;
    import('./cities.js').then(
      ({ citiesOf }) => live && setCities({ uf, names: citiesOf(uf) }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [uf]);
  return { names: cities?.uf === uf ? cities.names : null, failed };
}

export default function RequestPage() {
  const { provedor } = useParams();
  const apiBase = useApiBase();
  const { load, retry } = useProviders(apiBase);
  const fixed = load.kind === 'ready' ? providerOf(load.providers, provedor) : undefined;
  const heading = T.heading(fixed?.nome);

  return (
    <PublicPage title={fixed ? `${T.pageTitle} - ${fixed.nome}` : T.pageTitle} width={PAGE_WIDTH}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
          {heading}
        </Typography>
        <Typography sx={{ mb: 1 }}>{T.intro}</Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{T.introAnswer}</Typography>
        {load.kind === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={T.loading} />
          </Box>
        ) : load.kind === 'error' ? (
          <>
            <Alert severity="error" role="alert">
              {load.message}
            </Alert>
            <Button variant="contained" sx={{ mt: 2 }} onClick={retry}>
              {T.retry}
            </Button>
          </>
        ) : (
          <RequestForm key={fixed?.id ?? ''} providers={load.providers} fixed={fixed} unknownProvider={Boolean(provedor) && !fixed} heading={heading} apiBase={apiBase} />
        )}
      </Paper>
    </PublicPage>
  );
}

interface RequestFormProps {
  providers: PublicProvider[];
  /** The provider the address names: chosen, no select. */
  fixed?: PublicProvider;
  /** The address names a provider that is not among the active ones. */
  unknownProvider: boolean;
  heading: string;
  apiBase: string;
}

function RequestForm({ providers, fixed, unknownProvider, heading, apiBase }: RequestFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY_VALUES, id_empresa: fixed ? String(fixed.id) : '' }));
  const [errors, setErrors] = useState<Problems>({});
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [website, setWebsite] = useState('');
  const [message, setMessage] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const { names: cities, failed: citiesFailed } = useCities(values.uf);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'uf' && value !== v.uf ? { cidade: '' } : {}) }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const showTop = (text: ReactNode) => {
    setMessage(text);
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = formProblems(values);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      showTop(missesRequired(problems) ? MSG.requiredForm : SPONSORSHIP_MSG.sendError);
      const first = FIELDS.find((f) => problems[f]);
      if (first) document.getElementById(inputId(first))?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const sent = await sponsorshipApi(apiBase).send(requestBody(values, files, website));
      const state: SuccessState = { protocolo: sent.protocolo, email: sent.email };
      navigate(SUCCESS_PATH, { state });
    } catch (error) {
      const failure = error instanceof SponsorshipApiError ? error : new SponsorshipApiError(0, SPONSORSHIP_MSG.sendError);
      setErrors(failure.errors);
      // Errors of fields the form does not draw (the provider of the address, ...) join the message.
      const drawn = new Set<string>([...FIELDS.filter((f) => f !== 'id_empresa' || !fixed), 'anexos']);
      const others = Object.entries(failure.errors).filter(([field, text]) => text && !drawn.has(field));
      showTop(
        others.length ? (
          <>
            {failure.message}
            {others.map(([field, text]) => (
              <Box key={field}>{text}</Box>
            ))}
          </>
        ) : (
          failure.message
        ),
      );
      setBusy(false);
    }
  };

  /** The props every text box shares: its id, label, value, error and required mark. */
  const text = (field: Field, help?: string): TextFieldProps => ({
    id: inputId(field),
    name: field,
    label: T.fields[field],
    value: values[field],
    onChange: (e) => set(field, e.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? help ?? ' ',
    required: isRequired(field),
    fullWidth: true,
    size: 'small',
    margin: 'dense',
  });

  const choose = (chosen: File[]) => {
    const next = addAttachments(files, chosen, T.refusedFile);
    setFiles(next.files);
    setRefused(next.refused);
    setErrors((e) => (e.anexos ? { ...e, anexos: undefined } : e));
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={heading} sx={{ position: 'relative' }}>
      <div ref={top} />
      {unknownProvider && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {SPONSORSHIP_MSG.providerNotFound}
        </Alert>
      )}
      {message && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <Box sx={{ mb: 1 }}>
        <RequiredBanner />
      </Box>

      <FormSection title={T.sections.organisation} first>
        {!fixed && (
          <FormCell wide>
            <TextField {...text('id_empresa')} select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
              <option value="">{T.chooseProvider}</option>
              {providers.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.nome}
                </option>
              ))}
            </TextField>
          </FormCell>
        )}
        <FormCell>
          <TextField {...text('organizacao', T.organisationHelp)} slotProps={{ htmlInput: { maxLength: 200 } }} autoComplete="organization" />
        </FormCell>
        <FormCell>
          <TextField {...text('responsavel')} slotProps={{ htmlInput: { maxLength: 200 } }} autoComplete="name" />
        </FormCell>
        <FormCell>
          <TextField {...text('email')} type="email" autoComplete="email" slotProps={{ htmlInput: { maxLength: 200 } }} />
        </FormCell>
        <FormCell>
          <TextField
            {...text('telefone')}
            onChange={(e) => set('telefone', maskPhone(e.target.value))}
            placeholder="(00) 00000-0000"
            autoComplete="tel-national"
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
        </FormCell>
        <FormCell>
          <TextField {...text('documento')} onChange={(e) => set('documento', maskDocument(e.target.value))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </FormCell>
      </FormSection>

      <FormSection title={T.sections.event}>
        <FormCell>
          <TextField {...text('evento')} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </FormCell>
        <FormCell>
          <DateTextField
            id={inputId('data_evento')}
            name="data_evento"
            label={T.fields.data_evento}
            value={values.data_evento || null}
            onChange={(v) => set('data_evento', v ?? '')}
            error={errors.data_evento}
            helperText=" "
            required
            fullWidth
            size="small"
            margin="dense"
          />
        </FormCell>
        <FormCell wide>
          <TextField {...text('descricao_evento', T.eventHelp)} multiline minRows={LONG_TEXT_ROWS} slotProps={{ htmlInput: { maxLength: 4000 } }} />
        </FormCell>
        <FormCell>
          <TextField {...text('uf')} select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            <option value="">{T.chooseState}</option>
            {STATE_CODES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </TextField>
        </FormCell>
        <FormCell>
          {citiesFailed ? (
            // The list could not be loaded: the city typed (the server checks it against the same list).
            <TextField {...text('cidade', CITY_MSG.loadError)} slotProps={{ htmlInput: { maxLength: 120 } }} />
          ) : (
            <CityInput uf={values.uf} cities={cities} value={values.cidade} onChange={(c) => set('cidade', c)} props={text('cidade', values.uf ? undefined : T.cityFirst)} />
          )}
        </FormCell>
        <FormCell>
          <TextField
            {...text('publico_estimado', T.audienceHelp)}
            onChange={(e) => {
              const n = parseCountInput(e.target.value);
              set('publico_estimado', n === null ? '' : formatCountInput(n));
            }}
            placeholder="0"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
        </FormCell>
      </FormSection>

      <FormSection title={T.sections.request}>
        <FormCell wide>
          <TextField {...text('pedido', T.requestHelp)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </FormCell>
        <FormCell>
          <TextField
            {...text('valor_solicitado')}
            onChange={(e) => {
              const n = parseMoneyInput(e.target.value);
              set('valor_solicitado', n === null ? '' : formatMoneyInput(Math.abs(n)));
            }}
            placeholder="0,00"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16 }, input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } }}
          />
        </FormCell>
        <FormCell wide>
          <TextField {...text('contrapartidas', T.counterpartsHelp)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </FormCell>
      </FormSection>

      <FormSection title={T.sections.attachments}>
        <FormCell wide>
          <Attachments files={files} refused={errors.anexos ? [...refused, errors.anexos] : refused} onChoose={choose} onRemove={(file) => setFiles((all) => all.filter((f) => f !== file))} />
        </FormCell>
      </FormSection>

      {/* The honeypot: out of sight and out of the tab order; only robots fill it in. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 0, width: '1px', height: '1px', overflow: 'hidden' }}>
        <label>
          {T.honeypot}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
        </label>
      </Box>

      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, mb: 2 }}>
        {T.consent}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ minWidth: 240 }}>
        {busy ? <CircularProgress size={24} color="inherit" aria-label={T.sending} /> : T.submit}
      </Button>
    </Box>
  );
}

/** The city: one of the chosen state's municipalities, searched without accents. */
function CityInput({ uf, cities, value, onChange, props }: { uf: string; cities: string[] | null; value: string; onChange: (city: string) => void; props: TextFieldProps }) {
  const keyed = useMemo(() => (cities ?? []).map((name) => ({ name, key: searchKey(name) })), [cities]);
  return (
    <Autocomplete
      id={String(props.id)}
      options={cities ?? []}
      value={value || null}
      onChange={(_event, city) => onChange(city ?? '')}
      disabled={!uf}
      loading={Boolean(uf) && cities === null}
      loadingText={T.citiesLoading}
      noOptionsText={T.noCity}
      filterOptions={(_options, { inputValue }) => {
        const words = searchKey(inputValue).split(' ').filter(Boolean);
        return keyed.filter((c) => words.every((w) => c.key.includes(w))).map((c) => c.name);
      }}
      renderInput={(params) => (
        <TextField {...params} label={props.label} name="cidade" required={props.required} error={props.error} helperText={props.helperText} size="small" margin="dense" />
      )}
    />
  );
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The chosen attachments with their remove buttons, the button adding more, and the refusals. */
function Attachments({ files, refused, onChoose, onRemove }: { files: File[]; refused: string[]; onChoose: (files: File[]) => void; onRemove: (file: File) => void }) {
  return (
    <Box sx={{ pb: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {T.attachmentsHelp}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={files.length >= MAX_ATTACHMENTS} id={inputId('anexos')}>
        {T.addAttachments}
        <input
          type="file"
          hidden
          multiple
          accept={ACCEPT}
          onChange={(e) => {
            onChoose(Array.from(e.target.files ?? []));
            // The same file may be chosen again after being removed.
            e.target.value = '';
          }}
        />
      </Button>
      {files.length > 0 ? (
        <List dense aria-label={T.sections.attachments} sx={{ mt: 1 }}>
          {files.map((file, i) => (
            <ListItem
              key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
              secondaryAction={
                <IconButton edge="end" aria-label={T.removeAttachment(file.name)} title={T.removeAttachment(file.name)} onClick={() => onRemove(file)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DescriptionIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={file.name} secondary={sizeOf(file.size)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {T.noAttachments}
        </Typography>
      )}
      {refused.map((text) => (
        <FormHelperText key={text} error role="alert">
          {text}
        </FormHelperText>
      ))}
    </Box>
  );
}
