// /roleta/:slug/auditoria — the public audit (no sign-in): how the draw can be checked, then every
// round of the campaign, the current one first (a reset closes a round and opens the next; none is
// ever removed): its seed's published SHA-256 and, once the round closed and its seed was revealed,
// everything recomputed in the visitor's browser (WebCrypto): the seed against its commitment, every
// spin's prize and every draw's winner, with the summary and the tables of spins and draws. Read only.
// No names, CPFs or coupons: the server sends none.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  FormControlLabel,
  Link,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { formatDateTime } from '../../src/domain/format.js';
import { AUDIENCE_OPTIONS, flagOf, PRIZE_OPTIONS } from '../../src/domain/roulette.js';
import { verifyRound, webCrypto, type AuditResult, type DrawCheck, type SpinCheck } from './audit.js';
import { usePublicData, type AuditData, type AuditRound, type RouletteApi } from './publicApi.js';
import { AUDIT_TEXTS as A, WHEEL_TEXTS as T } from './texts.js';

type Check = { kind: 'waiting' } | { kind: 'checking' } | { kind: 'done'; result: AuditResult } | { kind: 'unsupported' } | { kind: 'failed' };

const ROWS_PER_PAGE = [25, 50, 100];
/** Rows one line high; a narrow screen scrolls the table sideways instead. */
const NOWRAP = { '& th, & td': { whiteSpace: 'nowrap' } } as const;
/** The verdict column stays in sight while a narrow screen scrolls the table. */
const STICKY = { position: 'sticky', right: 0, bgcolor: 'background.paper', boxShadow: 'inset 1px 0 0 rgba(0,0,0,.08)' } as const;
/** A row that does not match, in the error's light tone (solid, for the sticky cell over the scrolled ones). */
const BAD_ROW = { '& td': { bgcolor: '#fdecea' } } as const;

const readAudit = (api: RouletteApi, slug: string) => api.audit(slug);

export default function AuditPage() {
  const { slug = '' } = useParams();
  const { api, load, retry } = usePublicData(slug, readAudit);

  const name = load.kind === 'ready' ? load.data.nome : '';
  useEffect(() => {
    document.title = name ? `${A.title} - ${name}` : A.title;
  }, [name]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f4f6fa' }}>
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Link component={RouterLink} to={`/roleta/${encodeURIComponent(slug)}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
          <ArrowBackIcon fontSize="small" />
          {A.back}
        </Link>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
          {A.title}
        </Typography>
        {name && (
          <Typography variant="h6" component="p" sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        )}
        {load.kind === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={A.loading} />
          </Box>
        )}
        {load.kind === 'notFound' && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {T.notFound}
          </Alert>
        )}
        {load.kind === 'error' && (
          <Alert
            severity="error"
            role="alert"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {T.retry}
              </Button>
            }
          >
            {load.message}
          </Alert>
        )}
        {load.kind === 'ready' && <Audit data={load.data} />}
      </Container>
    </Box>
  );
}

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, mb: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{subtitle}</Typography>}
      {children}
    </Paper>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const Hex = ({ children }: { children: string }) => (
  <Box component="code" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}>
    {children}
  </Box>
);

function Audit({ data }: { data: AuditData }) {
  const rounds = useMemo(() => [...data.rodadas].sort((a, b) => Number(b.rodada) - Number(a.rodada)), [data.rodadas]);
  return (
    <>
      <Section title={A.howTitle}>
        <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
          {A.how.map((text) => (
            <li key={text}>
              <Typography>{text}</Typography>
            </li>
          ))}
        </Box>
      </Section>
      {rounds.map((round) => (
        <Round key={round.rodada} campaign={data.id_campanha} round={round} current={Number(round.rodada) === Number(data.rodada)} />
      ))}
    </>
  );
}

function Round({ campaign, round, current }: { campaign: number; round: AuditRound; current: boolean }) {
  const [check, setCheck] = useState<Check>({ kind: 'waiting' });

  useEffect(() => {
    if (!round.semente) return;
    const crypto = webCrypto();
    if (!crypto) {
      setCheck({ kind: 'unsupported' });
      return;
    }
    let live = true;
    setCheck({ kind: 'checking' });
    verifyRound(campaign, round, crypto).then(
      (result) => live && setCheck({ kind: 'done', result }),
      () => live && setCheck({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [campaign, round]);

  const result = check.kind === 'done' ? check.result : null;
  const n = Number(round.rodada);
  const since = formatDateTime(round.iniciada_em);
  return (
    <Section title={A.round(n, current)} subtitle={round.semente_revelada_em ? A.roundClosed(since, formatDateTime(round.semente_revelada_em)) : A.roundOpen(since)}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{A.commitment}</Typography>
      <Hex>{round.semente_hash}</Hex>
      {round.semente ? (
        <Box sx={{ mt: 2 }}>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{A.seed}</Typography>
          <Hex>{round.semente}</Hex>
          {round.semente_revelada_em && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{A.revealedAt(formatDateTime(round.semente_revelada_em))}</Typography>}
        </Box>
      ) : (
        <Alert severity="info" sx={{ mt: 2 }}>
          {A.notRevealed}
        </Alert>
      )}
      {round.semente && <Summary check={check} label={A.summaryOf(n)} />}
      <Part title={`${A.spinsTitle} (${round.giros.length})`}>
        <SpinTable round={round} checks={result?.spins} />
      </Part>
      <Part title={`${A.drawsTitle} (${round.sorteios.length})`}>
        <DrawTable round={round} checks={result?.draws} />
      </Part>
    </Section>
  );
}

function SummaryLine({ ok, children }: { ok: boolean; children: string }) {
  return (
    <Alert severity={ok ? 'success' : 'error'} variant="filled" role="status" sx={{ mb: 1, fontWeight: 600 }}>
      {children}
    </Alert>
  );
}

function Summary({ check, label }: { check: Check; label: string }) {
  if (check.kind === 'unsupported' || check.kind === 'failed')
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2.5 }}>
        {A.noCrypto}
      </Alert>
    );
  if (check.kind !== 'done')
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2.5 }}>
        <CircularProgress size={22} />
        <Typography>{A.checking}</Typography>
      </Box>
    );
  const { seedOk, spins, draws } = check.result;
  const spinsOk = spins.filter((s) => s.ok).length;
  const drawsOk = draws.filter((d) => d.ok).length;
  return (
    <Box component="section" aria-label={label} sx={{ mt: 2.5 }}>
      <SummaryLine ok={seedOk}>{seedOk ? A.seedOk : A.seedBad}</SummaryLine>
      <SummaryLine ok={spinsOk === spins.length}>{A.spinsOk(spinsOk, spins.length)}</SummaryLine>
      <SummaryLine ok={drawsOk === draws.length}>{A.drawsOk(drawsOk, draws.length)}</SummaryLine>
    </Box>
  );
}

function Verdict({ ok, detail }: { ok: boolean; detail?: string }) {
  const chip = (
    <Chip
      size="small"
      color={ok ? 'success' : 'error'}
      variant={ok ? 'outlined' : 'filled'}
      icon={ok ? <CheckCircleIcon /> : <ErrorIcon />}
      label={ok ? A.matches : A.differs}
    />
  );
  return ok || !detail ? (
    chip
  ) : (
    <Tooltip title={detail} describeChild>
      <span tabIndex={0}>{chip}</span>
    </Tooltip>
  );
}

/** Paging and the "only mismatches" switch of a table. */
function usePaged<T>(rows: readonly T[], mismatch: (row: T) => boolean) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(ROWS_PER_PAGE[0]);
  const [onlyBad, setOnlyBad] = useState(false);
  const anyBad = rows.some(mismatch);
  const shown = onlyBad && anyBad ? rows.filter(mismatch) : rows;
  const last = Math.max(0, Math.ceil(shown.length / perPage) - 1);
  const current = Math.min(page, last);
  const visible = shown.slice(current * perPage, current * perPage + perPage);
  const controls = (
    <>
      {anyBad && (
        <FormControlLabel
          control={
            <Switch
              checked={onlyBad}
              onChange={(e) => {
                setOnlyBad(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={A.onlyMismatches}
        />
      )}
    </>
  );
  const pagination =
    shown.length > ROWS_PER_PAGE[0] ? (
      <TablePagination
        component="div"
        count={shown.length}
        page={current}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={perPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={A.rowsPerPage}
        labelDisplayedRows={A.displayedRows}
        // On a phone the page size choice would push the arrows out of sight.
        sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
      />
    ) : null;
  return { visible, controls, pagination };
}

const yesNo = (value: boolean) => (value ? A.yes : A.no);

function SpinTable({ round, checks }: { round: AuditRound; checks?: SpinCheck[] }) {
  const rows = useMemo(() => round.giros.map((spin, i) => ({ spin, check: checks?.[i] })), [round.giros, checks]);
  const names = useMemo(() => new Map(round.giros.filter((g) => g.id_premio !== null && g.premio).map((g) => [Number(g.id_premio), g.premio as string])), [round.giros]);
  const { visible, controls, pagination } = usePaged(rows, (r) => r.check?.ok === false);
  if (!rows.length) return <Typography sx={{ color: 'text.secondary' }}>{A.noSpins}</Typography>;
  const detail = (check: SpinCheck) =>
    check.expected === undefined ? A.cannotCompute : A.expectedPrize(check.expected === null ? A.noPrize : (names.get(check.expected) ?? A.prizeNumber(check.expected)));
  const c = A.spinCols;
  return (
    <>
      {controls}
      <TableContainer>
        <Table size="small" aria-label={A.spinsOf(Number(round.rodada))} sx={NOWRAP}>
          <TableHead>
            <TableRow>
              <TableCell>{c.seq}</TableCell>
              <TableCell>{c.date}</TableCell>
              <TableCell>{c.customer}</TableCell>
              <TableCell>{c.phone}</TableCell>
              <TableCell>{c.prize}</TableCell>
              {checks && <TableCell sx={STICKY}>{c.ok}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map(({ spin, check }) => (
              <TableRow key={spin.seq} sx={check?.ok === false ? BAD_ROW : undefined}>
                <TableCell>{spin.seq}</TableCell>
                <TableCell>{formatDateTime(spin.created_at)}</TableCell>
                <TableCell>{yesNo(spin.cliente)}</TableCell>
                <TableCell>{spin.telefone_final}</TableCell>
                <TableCell>{spin.premio ?? A.noPrize}</TableCell>
                {checks && <TableCell sx={STICKY}>{check && <Verdict ok={check.ok} detail={detail(check)} />}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </>
  );
}

const labelOf = (options: readonly { value: string; label: string }[], flag: boolean | null) => options.find((o) => flagOf(o.value) === flag)?.label ?? '';

function DrawTable({ round, checks }: { round: AuditRound; checks?: DrawCheck[] }) {
  const rows = useMemo(() => round.sorteios.map((draw, i) => ({ draw, check: checks?.[i] })), [round.sorteios, checks]);
  const { visible, controls, pagination } = usePaged(rows, (r) => r.check?.ok === false);
  if (!rows.length) return <Typography sx={{ color: 'text.secondary' }}>{A.noDraws}</Typography>;
  const c = A.drawCols;
  return (
    <>
      {controls}
      <TableContainer>
        <Table size="small" aria-label={A.drawsOf(Number(round.rodada))} sx={NOWRAP}>
          <TableHead>
            <TableRow>
              <TableCell>{c.seq}</TableCell>
              <TableCell>{c.date}</TableCell>
              <TableCell>{c.filters}</TableCell>
              <TableCell>{c.candidates}</TableCell>
              <TableCell>{c.index}</TableCell>
              <TableCell>{c.winner}</TableCell>
              {checks && <TableCell sx={STICKY}>{c.ok}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map(({ draw, check }) => (
              <TableRow key={draw.seq} sx={check?.ok === false ? BAD_ROW : undefined}>
                <TableCell>{draw.seq}</TableCell>
                <TableCell>{formatDateTime(draw.created_at)}</TableCell>
                <TableCell>{A.filters(labelOf(AUDIENCE_OPTIONS, draw.filtro_cliente), labelOf(PRIZE_OPTIONS, draw.filtro_premiado))}</TableCell>
                <TableCell>{draw.candidatos}</TableCell>
                <TableCell>{draw.indice}</TableCell>
                <TableCell>{draw.seq_participante}</TableCell>
                {checks && (
                  <TableCell sx={STICKY}>{check && <Verdict ok={check.ok} detail={A.expectedWinner(check.expectedIndex, check.expectedSeq, check.count)} />}</TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </>
  );
}
