// /careers/role/{id} and /careers/role/{id}/{slug}: one open vacancy, public, with 'Candidatar-se'.
// A visitor is led to sign in (or register) and back here with ?candidatar=1; a signed-in user
// applies in one click, and on coming back with ?candidatar=1 the application is sent once by itself
// (the parameter then leaves the URL). Who has applied sees the step their application is at.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { useQuery } from '@tanstack/react-query';
import { ApiError, LOGIN_ROUTE, REGISTER_ROUTE, sanitizeHtml, useSession } from '../../src/admin/pages.js';
import { applicationSource, CAREERS_MSG } from '../../src/domain/careers.js';
import { withNext } from '../auth/forms.js';
import { PublicPage } from '../auth/PublicPage.js';
import { applyTo, failureText, isNotFound, useCareersApi, useMyApplications, type VacancyDetails } from './api.js';
import { dayOf, LIST_PATH, RetryAlert, StatusChip, VacancyDates, VacancyFacts } from './parts.js';
import { CAREERS_TEXTS as T } from './texts.js';

export const APPLY_PARAM = 'candidatar';

/** The role page's query without `candidatar` ('' or '?…'). */
function searchWithout(search: string, name: string) {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Where a visitor comes back to after signing in: this vacancy (its utm_source kept), applying. */
export function applyReturnPath(vaga: { path: string }, search: string) {
  const params = new URLSearchParams(searchWithout(search, APPLY_PARAM));
  params.set(APPLY_PARAM, '1');
  return `${vaga.path}?${params}`;
}

function Section({ title, html }: { title: string; html: string | null }) {
  const clean = sanitizeHtml(html);
  if (!clean.trim()) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ lineHeight: 1.7, '& p': { mt: 0 }, '& ul, & ol': { pl: 3 } }} dangerouslySetInnerHTML={{ __html: clean }} />
    </Box>
  );
}

function MyApplicationsLink() {
  return (
    <Button component={RouterLink} to="/applications/list" variant="outlined" size="small" sx={{ mt: 1 }}>
      {T.myApplications}
    </Button>
  );
}

function VisitorApply({ vaga }: { vaga: VacancyDetails }) {
  const { search } = useLocation();
  const next = applyReturnPath(vaga, search);
  return (
    <Stack spacing={1}>
      <Button component={RouterLink} to={withNext(LOGIN_ROUTE, next)} variant="contained" size="large">
        {T.apply}
      </Button>
      <Button component={RouterLink} to={withNext(REGISTER_ROUTE, next)} variant="outlined">
        {T.register}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {T.visitorHint}
      </Typography>
    </Stack>
  );
}

type Sent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'applied' } | { kind: 'already' } | { kind: 'error'; message: string };

function SignedInApply({ vaga }: { vaga: VacancyDetails }) {
  const location = useLocation();
  const navigate = useNavigate();
  const mine = useMyApplications();
  const [website, setWebsite] = useState('');
  const [sent, setSent] = useState<Sent>({ kind: 'idle' });
  const sending = useRef(false);
  const autoApplied = useRef(false);

  const apply = useCallback(
    async (honeypot: string) => {
      if (sending.current) return;
      sending.current = true;
      setSent({ kind: 'sending' });
      const origem = applicationSource(new URLSearchParams(location.search).get('utm_source'), document.referrer, window.location.hostname);
      try {
        await applyTo(vaga.id, { origem, website: honeypot });
        setSent({ kind: 'applied' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setSent({ kind: 'already' });
        else setSent({ kind: 'error', message: failureText(error) });
      } finally {
        sending.current = false;
      }
    },
    [vaga.id, location.search],
  );

  const earlier = mine.data?.find((a) => a.id_vaga === vaga.id);
  const wantsApply = new URLSearchParams(location.search).get(APPLY_PARAM) === '1';

  // Back from signing in with ?candidatar=1: apply once (not again on StrictMode's second run, nor
  // if the parameter comes back), once the applications tell whether it was done already.
  useEffect(() => {
    if (!wantsApply || mine.isPending) return;
    navigate({ pathname: location.pathname, search: searchWithout(location.search, APPLY_PARAM) }, { replace: true });
    if (autoApplied.current) return;
    autoApplied.current = true;
    if (!earlier) void apply(website);
  }, [wantsApply, mine.isPending, earlier, apply, website, navigate, location.pathname, location.search]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void apply(website);
  };

  let action;
  if (sent.kind === 'applied' || sent.kind === 'already') {
    action = (
      <Alert severity={sent.kind === 'applied' ? 'success' : 'info'} role="status">
        {sent.kind === 'applied' ? CAREERS_MSG.applied : CAREERS_MSG.alreadyApplied}
        <Box>
          <MyApplicationsLink />
        </Box>
      </Alert>
    );
  } else if (earlier) {
    action = (
      <Alert severity="info" icon={false}>
        <Typography sx={{ fontWeight: 600 }}>{T.appliedBefore}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <StatusChip status={earlier.status} />
          <Typography variant="body2">{T.since(dayOf(earlier.status_em))}</Typography>
        </Box>
        <MyApplicationsLink />
      </Alert>
    );
  } else {
    action = (
      <Box component="form" onSubmit={submit} aria-label={T.apply} sx={{ position: 'relative' }}>
        {sent.kind === 'error' && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {sent.message}
          </Alert>
        )}
        {/* The honeypot: out of sight and out of the tab order; only robots fill it in. */}
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 0, width: '1px', height: '1px', overflow: 'hidden' }}>
          <label>
            {T.honeypot}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
          </label>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={sent.kind === 'sending'}>
          {sent.kind === 'sending' ? <CircularProgress size={24} color="inherit" aria-label={T.applying} /> : T.apply}
        </Button>
      </Box>
    );
  }

  return (
    <Stack spacing={1.5}>
      {action}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Link component={RouterLink} to="/resume/list">
          {T.keepResume}
        </Link>
        {' · '}
        <Link component={RouterLink} to="/applicants/info">
          {T.myData}
        </Link>
      </Typography>
    </Stack>
  );
}

function ShareButton({ path }: { path: string }) {
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('');
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${path}`);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button startIcon={<ShareIcon />} onClick={() => void share()}>
        {T.share}
      </Button>
      <Typography variant="body2" role="status" sx={{ color: copied === 'failed' ? 'error.main' : 'success.main' }}>
        {copied === 'done' ? T.linkCopied : copied === 'failed' ? T.copyFailed : ''}
      </Typography>
    </Box>
  );
}

function Vacancy({ vaga }: { vaga: VacancyDetails }) {
  const session = useSession();
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', gap: 4, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1.5 }}>
            {vaga.titulo_vaga}
          </Typography>
          <VacancyFacts vaga={vaga} />
          <Box sx={{ mt: 1.5 }}>
            <VacancyDates vaga={vaga} />
          </Box>
          <Section title={T.description} html={vaga.descricao} />
          <Section title={T.requirements} html={vaga.requisitos} />
          <Section title={T.benefits} html={vaga.beneficios} />
        </Box>
        <Box component="aside" sx={{ width: { md: 300 }, flexShrink: 0 }}>
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, position: { md: 'sticky' }, top: { md: 88 } }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {T.facts}
            </Typography>
            <Typography variant="body2">
              {T.openingsLabel}: {vaga.vagas}
            </Typography>
            <Divider sx={{ my: 2 }} />
            {session ? <SignedInApply vaga={vaga} /> : <VisitorApply vaga={vaga} />}
          </Paper>
        </Box>
      </Box>
    </Paper>
  );
}

export default function RolePage() {
  const { id = '' } = useParams();
  const { apiBase, api } = useCareersApi();
  const query = useQuery({ queryKey: ['careers-public', 'vacancy', apiBase, id], queryFn: () => api.vacancy(id), retry: false });
  const vaga = query.data;
  const notFound = query.isError && isNotFound(query.error);

  return (
    <PublicPage title={vaga?.titulo_vaga ?? (notFound ? CAREERS_MSG.vacancyNotFound : T.listTitle)} width={1100}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={LIST_PATH} startIcon={<ArrowBackIcon />}>
          {T.backToList}
        </Button>
        {vaga && <ShareButton path={vaga.path} />}
      </Box>
      {vaga ? (
        <Vacancy vaga={vaga} />
      ) : notFound ? (
        <Paper variant="outlined" role="alert" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center' }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 600 }}>
            {CAREERS_MSG.vacancyNotFound}
          </Typography>
          <Button component={RouterLink} to={LIST_PATH} variant="contained" sx={{ mt: 2 }}>
            {T.allVacancies}
          </Button>
        </Paper>
      ) : query.isError ? (
        <RetryAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      )}
    </PublicPage>
  );
}
