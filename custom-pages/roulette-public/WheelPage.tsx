// /roleta/:slug — the public wheel (no sign-in): the campaign's look, name, description and period,
// the wheel, and the form (Nome, Telefone, CPF) that spins it. The server picks the prize; the wheel
// turns to it, then the result card shows the prize, its message and the coupon. A wheel that is not
// open shows why; every page links to the audit, with the seed's published SHA-256.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Divider, Link, Paper, TextField, Tooltip, Typography } from '@mui/material';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { sanitizeHtml } from '../../src/admin/generator/sanitize.js';
import { applyMask, formatDate, MASKS } from '../../src/domain/format.js';
import { isCpf, isPhone, onlyDigits } from '../../src/domain/validators.js';
import { PublicApiError, usePublicData, type PublicLook, type PublicPrize, type PublicRoulette, type RouletteApi, type SpinAnswer } from './publicApi.js';
import { WHEEL_TEXTS as T } from './texts.js';
import { readableOn, rotationFor, Wheel } from './Wheel.js';

/** How long the wheel turns before it stops on the prize. */
export const SPIN_MS = 5000;
/** Extra wait for the end of the turn, should the browser not report it (a tab in the background). */
const SPIN_GRACE_MS = 800;


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
  const decorative = info.premios.cliente.length ? info.premios.cliente : info.premios.nao_cliente;
  const [prizes, setPrizes] = useState<PublicPrize[]>(decorative);
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
    if (answer.premio?.animacao) celebrate([look.color_item, look.color_item_2, '#ffffff']);
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
          <Box ref={wheelRef} sx={{ width: { xs: '100%', md: 'min(100%, calc(100vh - 230px))' }, minWidth: { md: 340 }, mx: 'auto', pt: 1 }}>
            <Wheel
              prizes={prizes}
              colors={look}
              size={520}
              rotation={rotation}
              durationMs={duration}
              onSpinEnd={finish}
              label={T.wheelOf(prizes.map((p) => p.nome))}
            />
          </Box>
          <Paper elevation={6} sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
            {outcome ? (
              <Result answer={outcome} look={look} />
            ) : open ? (
              <>
                <About info={info} />
                <SpinForm slug={slug} api={api} intervalHours={info.intervalo_votacao} look={look} spinning={spinning} onSpun={spun} />
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

function SpinForm({
  slug,
  api,
  intervalHours,
  look,
  spinning,
  onSpun,
}: {
  slug: string;
  api: RouletteApi;
  intervalHours: number;
  look: PublicLook;
  spinning: boolean;
  onSpun: (answer: SpinAnswer) => void;
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
    if (busy || spinning) return;
    const problems = formProblems(values);
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const answer = await api.spin(slug, { nome: values.nome.trim(), telefone: values.telefone, cpf: onlyDigits(values.cpf), site: values.site });
      onSpun(answer);
    } catch (error) {
      if (!(error instanceof PublicApiError)) throw error;
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const field of ['nome', 'telefone', 'cpf'] as const) if (error.errors[field]) fieldErrors[field] = error.errors[field];
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) setMessage({ text: error.message, severity: error.status === 429 ? 'warning' : 'error' });
    } finally {
      setBusy(false);
    }
  };

  const locked = busy || spinning;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={T.formTitle} sx={{ position: 'relative' }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {T.formTitle}
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
        disabled={locked}
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
        disabled={locked}
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
        disabled={locked}
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
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={locked}
        sx={{
          py: 1.5,
          fontSize: '1.1rem',
          fontWeight: 800,
          borderRadius: 99,
          bgcolor: look.color_item,
          color: look.color_text,
          '&:hover': { bgcolor: look.color_item, filter: 'brightness(0.92)' },
        }}
      >
        {locked ? <CircularProgress size={26} color="inherit" aria-label={T.spinning} /> : T.spin}
      </Button>
      {spinning && (
        <Typography role="status" sx={{ mt: 1, textAlign: 'center', fontWeight: 600 }}>
          {T.spinning}
        </Typography>
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

  if (!answer.premio)
    return (
      <Box sx={{ textAlign: 'center' }}>
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ fontWeight: 700, outline: 'none' }}>
          {T.noPrizeTitle}
        </Typography>
        <Typography role="status" sx={{ mt: 1 }}>
          {answer.mensagem}
        </Typography>
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
