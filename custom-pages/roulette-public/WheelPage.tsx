// /roleta/:slug — the public wheel (no sign-in): the campaign's look, name, description and period,
// the wheel, and the form (Nome, Telefone, CPF). The visitor identifies first: the server answers the
// wheel they will really play (the customers' or the non-customers'), which the page then shows with
// the Girar button; until then the wheel carries no prize names. The server picks the prize; the
// wheel turns to it, then the result card shows the prize, its message and the coupon, or, on a "no
// prize" slot, a consolation (no trophy, no coupon, no confetti). A wheel that is not open shows why;
// every page links to the audit, with the seed's published SHA-256.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Divider, Link, Paper, TextField, Tooltip, Typography } from '@mui/material';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SentimentSatisfiedAltIcon from '@mui/icons-material/SentimentSatisfiedAlt';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { sanitizeHtml } from '../../src/admin/pages.js';
import { applyMask, formatDate, MASKS } from '../../src/domain/format.js';
import { isCpf, isPhone, onlyDigits } from '../../src/domain/validators.js';
import { PublicApiError, usePublicData, type IdentifyAnswer, type PublicLook, type PublicPrize, type PublicRoulette, type RouletteApi, type SpinAnswer, type SpinRequest } from './publicApi.js';
import { WHEEL_TEXTS as T } from './texts.js';
import { readableOn, rotationFor, Wheel } from './Wheel.js';

/** How long the wheel turns before it stops on the prize. */
export const SPIN_MS = 5000;
/** Extra wait for the end of the turn, should the browser not report it (a tab in the background). */
const SPIN_GRACE_MS = 800;
/** The wheel before the visitor identifies: slices without prize names (which wheel is theirs is not known yet). */
const UNKNOWN_WHEEL: PublicPrize[] = Array.from({ length: 8 }, (_, i) => ({ id: -1 - i, nome: '', esgotado: false }));


type Field = 'nome' | 'telefone' | 'cpf';
type Values = Record<Field | 'site', string>;

const EMPTY_VALUES: Values = { nome: '', telefone: '', cpf: '', site: '' };

export const prefersReducedMotion = () => Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

/** The client-side checks of the form (the server checks the same). */
export function formProblems(values: Values): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (values.nome.trim().length < 2) problems.nome = T.nameRequired;
  if (!isPhone(values.telefone)) problems.telefone = T.phoneInvalid;
  if (!isCpf(values.cpf)) problems.cpf = T.cpfInvalid;
  return problems;
}

function celebrate(colors: string[]) {
  if (prefersReducedMotion()) return;
  void import('canvas-confetti')
    .then(({ default: confetti }) => {
      // No worker: the product's CSP refuses the blob: script canvas-confetti would start one from.
      const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
      const burst = (x: number, angle: number) => fire({ particleCount: 90, angle, spread: 70, startVelocity: 55, origin: { x, y: 0.75 }, colors, zIndex: 2000 });
      void burst(0.15, 60);
      void burst(0.85, 120);
    })
    .catch(() => undefined);
}

const readInfo = (api: RouletteApi, slug: string) => api.info(slug);

export default function WheelPage() {
  const { slug = '' } = useParams();
  const { api, load, retry } = usePublicData(slug, readInfo);

  const info = load.kind === 'ready' ? load.data : null;
  useEffect(() => {
    document.title = info?.nome ?? T.wheel;
  }, [info?.nome]);

  if (load.kind === 'loading')
    return (
      <Plain>
        <CircularProgress aria-label={T.loading} />
      </Plain>
    );
  if (load.kind === 'notFound')
    return (
      <Plain>
        <Paper sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center', maxWidth: 440 }}>
          <CasinoOutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
            {T.notFound}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{T.notFoundHint}</Typography>
        </Paper>
      </Plain>
    );
  if (load.kind === 'error')
    return (
      <Plain>
        <Paper sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, maxWidth: 440 }}>
          <Alert severity="error" role="alert">
            {load.message}
          </Alert>
          <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={retry}>
            {T.retry}
          </Button>
        </Paper>
      </Plain>
    );
  return <Campaign key={slug} slug={slug} info={load.data} api={api} />;
}

/** The neutral frame of the pages without a campaign (loading, not found, failure). */
function Plain({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: '100vh', bgcolor: '#f4f6fa', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>{children}</Box>;
}

function Campaign({ slug, info, api }: { slug: string; info: PublicRoulette; api: RouletteApi }) {
  const look = info.aparencia;
  const image = look.fundo ? api.url(look.fundo) : null;
  // Over a picture the page's own colour says nothing: white text with a shadow reads on most.
  const ink = image ? '#ffffff' : readableOn(look.base_background, '#ffffff', '#1a1a1a');
  const open = info.situacao === 'aberta';
  // Who the visitor is (their data and the wheel the server says they play), once identified.
  const [visitor, setVisitor] = useState<{ request: SpinRequest; answer: IdentifyAnswer } | null>(null);
  const [prizes, setPrizes] = useState<PublicPrize[]>(UNKNOWN_WHEEL);
  const [rotation, setRotation] = useState(0);
  const [duration, setDuration] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [outcome, setOutcome] = useState<SpinAnswer | null>(null);
  const pending = useRef<SpinAnswer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wheelRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = useCallback(() => {
    const answer = pending.current;
    if (!answer) return;
    pending.current = null;
    clearTimeout(timer.current);
    setSpinning(false);
    setOutcome(answer);
    if (answer.premio?.animacao && !answer.premio.sem_premio) celebrate([look.color_item, look.color_item_2, '#ffffff']);
  }, [look.color_item, look.color_item_2]);

  const spun = (answer: SpinAnswer) => {
    if (answer.premios.length) setPrizes(answer.premios);
    if (answer.indice === null || answer.indice < 0 || answer.indice >= answer.premios.length) {
      setOutcome(answer);
      return;
    }
    const still = prefersReducedMotion();
    pending.current = answer;
    setSpinning(true);
    setDuration(still ? 0 : SPIN_MS);
    setRotation((from) => rotationFor(answer.indice!, answer.premios.length, still ? 1 : 6, from));
    wheelRef.current?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'center' });
    timer.current = setTimeout(finish, still ? 0 : SPIN_MS + SPIN_GRACE_MS);
  };

  const identified = (request: SpinRequest, answer: IdentifyAnswer) => {
    setVisitor({ request, answer });
    setPrizes(answer.premios);
  };
  const changeData = () => {
    setVisitor(null);
    setPrizes(UNKNOWN_WHEEL);
  };

  const period = T.period(formatDate(info.data_inicio_campanha), formatDate(info.data_fim_campanha));

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: look.base_background,
        backgroundImage: image ? `url("${image.replace(/"/g, '%22')}")` : 'none',
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: { xs: 'scroll', md: 'fixed' },
      }}
    >
      <Container maxWidth="lg" component="main" sx={{ flex: 1, py: { xs: 2.5, md: 4 }, px: { xs: 2, sm: 3 } }}>
        <Box component="header" sx={{ textAlign: 'center', color: ink, mb: { xs: 2, md: 3 }, textShadow: image ? '0 2px 8px rgba(0,0,0,.7)' : 'none' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.55rem', sm: '2rem', md: '2.3rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {info.nome}
          </Typography>
          <Typography sx={{ mt: 0.5, opacity: 0.92 }}>
            {T.periodLabel}: {period}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 5 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 420px)' },
            alignItems: 'center',
          }}
        >
          <Box ref={wheelRef} sx={{ width: { xs: '100%', md: 'min(100%, max(340px, calc(100vh - 230px)))' }, mx: 'auto', pt: 1, minWidth: 0 }}>
            <Wheel
              prizes={prizes}
              colors={look}
              size={520}
              rotation={rotation}
              durationMs={duration}
              onSpinEnd={finish}
              label={visitor || outcome ? T.wheelOf(prizes.map((p) => p.nome)) : T.wheelUnknown}
            />
          </Box>
          <Paper elevation={6} sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
            {outcome ? (
              <Result answer={outcome} look={look} />
            ) : open && visitor ? (
              <SpinPanel slug={slug} api={api} visitor={visitor} look={look} spinning={spinning} onSpun={spun} onChange={changeData} />
            ) : open ? (
              <>
                <About info={info} />
                <IdentifyForm slug={slug} api={api} intervalHours={info.intervalo_votacao} look={look} onIdentified={identified} />
              </>
            ) : (
              <>
                <Closed info={info} />
                <About info={info} />
              </>
            )}
          </Paper>
        </Box>
      </Container>
      <AuditFooter slug={slug} hash={info.semente_hash} />
    </Box>
  );
}

/** The campaign's description and its rich text. */
function About({ info }: { info: PublicRoulette }) {
  const html = sanitizeHtml(info.aparencia.base_html_content);
  if (!info.descricao && !html) return null;
  return (
    <Box sx={{ mb: 2 }}>
      {info.descricao && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{info.descricao}</Typography>}
      {html && (
        <Box
          className="roulette-html"
          sx={{ mt: info.descricao ? 1.5 : 0, overflowWrap: 'anywhere', '& p': { my: 0.75 }, '& a': { color: 'primary.main' }, '& :first-of-type': { mt: 0 } }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Box>
  );
}

function Closed({ info }: { info: PublicRoulette }) {
  return (
    <Box sx={{ textAlign: 'center', mb: 2 }}>
      <EventBusyIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {T.closedTitle[info.situacao]}
      </Typography>
      <Typography role="status" sx={{ mt: 0.5 }}>
        {info.mensagem}
      </Typography>
    </Box>
  );
}

/** The look of the page's main button: the campaign's first colours. */
const mainButton = (look: PublicLook) => ({
  py: 1.5,
  fontSize: '1.1rem',
  fontWeight: 800,
  borderRadius: 99,
  bgcolor: look.color_item,
  color: look.color_text,
  '&:hover': { bgcolor: look.color_item, filter: 'brightness(0.92)' },
});

/** A refused public call: its field messages under the fields, anything else in an alert. */
function refusal(error: unknown): { fields: Partial<Record<Field, string>>; message: { text: string; severity: 'error' | 'warning' } | null } {
  if (!(error instanceof PublicApiError)) throw error;
  const fields: Partial<Record<Field, string>> = {};
  for (const field of ['nome', 'telefone', 'cpf'] as const) if (error.errors[field]) fields[field] = error.errors[field];
  return { fields, message: Object.keys(fields).length ? null : { text: error.message, severity: error.status === 429 ? 'warning' : 'error' } };
}

/** Step 1: who is playing (Nome, Telefone, CPF); the server answers the wheel that is theirs. */
function IdentifyForm({
  slug,
  api,
  intervalHours,
  look,
  onIdentified,
}: {
  slug: string;
  api: RouletteApi;
  intervalHours: number;
  look: PublicLook;
  onIdentified: (request: SpinRequest, answer: IdentifyAnswer) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY_VALUES);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'warning' } | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'site') setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = formProblems(values);
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const request: SpinRequest = { nome: values.nome.trim(), telefone: values.telefone, cpf: onlyDigits(values.cpf), site: values.site };
    try {
      onIdentified(request, await api.identify(slug, request));
    } catch (error) {
      const { fields, message: text } = refusal(error);
      setErrors(fields);
      setMessage(text);
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={T.formTitle} sx={{ position: 'relative' }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {T.formTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {T.formHint}
      </Typography>
      {message && (
        <Alert severity={message.severity} role="alert" sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
      <TextField
        label={T.name}
        name="nome"
        value={values.nome}
        onChange={(e) => change('nome', e.target.value.slice(0, 120))}
        error={Boolean(errors.nome)}
        helperText={errors.nome}
        fullWidth
        disabled={busy}
        autoComplete="name"
        sx={{ mb: 2 }}
      />
      <TextField
        label={T.phone}
        name="telefone"
        value={values.telefone}
        onChange={(e) => change('telefone', applyMask(MASKS.phone, e.target.value))}
        error={Boolean(errors.telefone)}
        helperText={errors.telefone}
        placeholder={T.phonePlaceholder}
        fullWidth
        disabled={busy}
        autoComplete="tel-national"
        type="tel"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ mb: 2 }}
      />
      <TextField
        label={T.cpf}
        name="cpf"
        value={values.cpf}
        onChange={(e) => change('cpf', applyMask(MASKS.cpf, e.target.value))}
        error={Boolean(errors.cpf)}
        helperText={errors.cpf}
        placeholder={T.cpfPlaceholder}
        fullWidth
        disabled={busy}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ mb: 1.5 }}
      />
      {/* The honeypot: out of sight and out of the tab order; only robots fill it in. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 0, width: '1px', height: '1px', overflow: 'hidden' }}>
        <label>
          Site
          <input type="text" name="site" tabIndex={-1} autoComplete="off" value={values.site} onChange={(e) => change('site', e.target.value)} />
        </label>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {T.consent}
      </Typography>
      {intervalHours > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {T.interval(intervalHours)}
        </Typography>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={mainButton(look)}>
        {busy ? <CircularProgress size={26} color="inherit" aria-label={T.identifying} /> : T.identify}
      </Button>
    </Box>
  );
}

/** Step 2: the visitor's own wheel is on screen; Girar spins it (the server decides again). */
function SpinPanel({
  slug,
  api,
  visitor,
  look,
  spinning,
  onSpun,
  onChange,
}: {
  slug: string;
  api: RouletteApi;
  visitor: { request: SpinRequest; answer: IdentifyAnswer };
  look: PublicLook;
  spinning: boolean;
  onSpun: (answer: SpinAnswer) => void;
  onChange: () => void;
}) {
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'warning' } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const spin = async () => {
    if (busy || spinning) return;
    setBusy(true);
    setMessage(null);
    try {
      onSpun(await api.spin(slug, visitor.request));
    } catch (error) {
      const { fields, message: text } = refusal(error);
      setMessage(text ?? { text: Object.values(fields)[0] ?? T.network, severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const locked = busy || spinning;
  const firstName = visitor.request.nome.split(' ')[0];
  return (
    <Box aria-label={T.spinTitle} role="region">
      <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ fontWeight: 700, outline: 'none', overflowWrap: 'anywhere' }}>
        {T.hello(firstName)}
      </Typography>
      <Typography sx={{ mt: 0.5, mb: 2 }}>{visitor.answer.cliente ? T.customerWheel : T.visitorWheel}</Typography>
      {message && (
        <Alert severity={message.severity} role="alert" sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
      <Button variant="contained" size="large" fullWidth disabled={locked} onClick={() => void spin()} sx={mainButton(look)}>
        {locked ? <CircularProgress size={26} color="inherit" aria-label={T.spinning} /> : T.spin}
      </Button>
      {spinning ? (
        <Typography role="status" sx={{ mt: 1, textAlign: 'center', fontWeight: 600 }}>
          {T.spinning}
        </Typography>
      ) : (
        <Button variant="text" fullWidth disabled={locked} onClick={onChange} sx={{ mt: 1 }}>
          {T.changeData}
        </Button>
      )}
    </Box>
  );
}

function Result({ answer, look }: { answer: SpinAnswer; look: PublicLook }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // No prize: a sold-out wheel, or a "no prize" slot ('Tente de novo'): a consolation, no trophy, no coupon.
  if (!answer.premio || answer.premio.sem_premio)
    return (
      <Box sx={{ textAlign: 'center' }} data-testid="consolation">
        <SentimentSatisfiedAltIcon sx={{ fontSize: 52, color: 'text.secondary' }} />
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ fontWeight: 700, outline: 'none' }}>
          {answer.premio ? T.consolationTitle : T.noPrizeTitle}
        </Typography>
        <Typography role="status" sx={{ mt: 1 }}>
          {answer.mensagem}
        </Typography>
        {answer.premio?.descricao && <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: 'text.secondary' }}>{answer.premio.descricao}</Typography>}
      </Box>
    );

  const copyCoupon = async () => {
    try {
      await navigator.clipboard.writeText(answer.cupom ?? '');
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Box sx={{ textAlign: 'center' }} role="status">
      <EmojiEventsIcon sx={{ fontSize: 56, color: '#f9a825' }} />
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ fontWeight: 800, outline: 'none' }}>
        {T.wonTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>{T.youWon}</Typography>
      <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', sm: '1.8rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}>{answer.premio.nome}</Typography>
      {answer.premio.descricao && <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{answer.premio.descricao}</Typography>}
      {answer.cupom && (
        <Box sx={{ mt: 2.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.coupon}
          </Typography>
          <Box
            sx={{
              mt: 0.5,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              p: 1.25,
              border: '2px dashed',
              borderColor: look.color_item,
              borderRadius: 2,
            }}
          >
            <Box component="code" data-testid="coupon" sx={{ fontSize: '1.25rem', fontWeight: 700, letterSpacing: 1, userSelect: 'all', overflowWrap: 'anywhere' }}>
              {answer.cupom}
            </Box>
            <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyCoupon()}>
              {copy === 'done' ? T.copied : T.copy}
            </Button>
          </Box>
          <Typography variant="body2" sx={{ color: copy === 'failed' ? 'error.main' : 'text.secondary', mt: 1 }}>
            {copy === 'failed' ? T.copyFailed : T.couponHint}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function AuditFooter({ slug, hash }: { slug: string; hash: string }) {
  return (
    <Box component="footer" sx={{ display: 'flex', justifyContent: 'center', px: 2, pb: 2 }}>
      <Box
        sx={{
          display: 'inline-flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          columnGap: 1,
          px: 2,
          py: 0.5,
          borderRadius: 99,
          bgcolor: 'rgba(255,255,255,.88)',
          color: 'text.primary',
          fontSize: '0.8125rem',
        }}
      >
        <VerifiedUserOutlinedIcon sx={{ fontSize: 16, color: 'success.main' }} />
        <Link component={RouterLink} to={`/roleta/${encodeURIComponent(slug)}/auditoria`} sx={{ fontWeight: 600 }}>
          {T.auditLink}
        </Link>
        {hash && (
          <Tooltip title={`${T.auditHash}: ${hash}`} describeChild>
            <Box component="code" tabIndex={0} sx={{ color: 'text.secondary', fontSize: '0.75rem', cursor: 'help' }}>
              SHA-256 {hash.slice(0, 12)}…
            </Box>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
