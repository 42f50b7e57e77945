// /marketing/roulette/raffle/{id} (Sortear Participantes): the filters Público and Prêmio, Sortear
// (Sortear Novamente once a winner exists) enabled only when both are chosen; the server draws a
// participant among the matching ones not drawn before (POST v1/roulette/draw), the winner shows with
// the confetti, and the winners table lists every draw of the round (GET v1/roulette/draw/{id}).
// After a reset, Rodada shows a past round's winners (?rodada=), read only: draws happen in the
// current round. Below, the audit: the published SHA-256 of the current round's seed and, for
// managers, its reveal, which closes the campaign so anyone can check every spin and draw on the
// public audit page.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CasinoIcon from '@mui/icons-material/Casino';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useGetOne } from 'react-admin';
import { FilterSelect } from './FilterSelect.js';
import { formatDateTime } from '../../src/domain/format.js';
import { AUDIENCE_OPTIONS, flagOf, PRIZE_OPTIONS, roundOptions } from '../../src/domain/roulette.js';
import { configByResource, IntranetDialog, TitleBar, useApiOrigin, useGoBack, useRights, useToasts, v1Json } from '../../src/admin/pages.js';
import { AREA, CAMPAIGNS, LIST_PATH, TITLES } from './routes.js';

export interface Draw {
  id: number;
  rodada: number;
  seq: number;
  nome: string;
  telefone: string;
  cliente: boolean;
  candidatos: number;
  created_at: string;
}

export const RAFFLE_TEXTS = {
  audience: 'Público',
  prize: 'Prêmio',
  round: 'Rodada',
  pastRound: 'Esta rodada foi encerrada por um reset: os sorteios dela ficam só para consulta. Novos sorteios acontecem na rodada atual.',
  noDraws: 'Nenhum sorteio nesta rodada.',
  draw: 'Sortear',
  again: 'Sortear Novamente',
  winner: 'Participante sorteado',
  winners: 'Sorteados',
  among: (n: number) => `Sorteado entre ${n.toLocaleString('pt-BR')} participante${n === 1 ? '' : 's'}.`,
  customer: 'Cliente',
  yes: 'Sim',
  no: 'Não',
  date: 'Data/Hora',
  name: 'Nome',
  phone: 'Telefone',
  audit: 'Sorteio auditável',
  commitment: 'Compromisso publicado (SHA-256 da semente)',
  auditHint:
    'Cada giro e cada sorteio vem da semente secreta da rodada, cujo SHA-256 (abaixo, o da rodada atual) foi publicado antes de ela abrir. Quando a rodada se encerra, ao encerrar a campanha ou num reset, a semente é revelada e qualquer pessoa confere todos os prêmios e ganhadores na página de auditoria, rodada por rodada.',
  reveal: 'Encerrar e revelar semente',
  revealTitle: 'Encerrar a campanha e revelar a semente?',
  revealText: 'Depois disso ninguém mais gira a roleta nem sorteia nesta campanha. Essa ação é IRREVERSÍVEL.',
  revealed: 'Semente revelada. A campanha está encerrada.',
  openAudit: 'Abrir a página de auditoria',
  seed: 'Semente',
} as const;

export default function RafflePage() {
  useApiOrigin();
  const { id = '' } = useParams();
  const goBack = useGoBack(LIST_PATH);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [audience, setAudience] = useState('');
  const [prize, setPrize] = useState('');
  const [chosenRound, setChosenRound] = useState('');
  const [busy, setBusy] = useState(false);
  const [winner, setWinner] = useState<Draw | null>(null);
  const [confirming, setConfirming] = useState(false);
  const config = configByResource.get(CAMPAIGNS)!;
  const canReveal = useRights(config).delete;
  const campaign = useGetOne(CAMPAIGNS, { id });
  const current = Number(campaign.data?.rodada ?? 1);
  const round = chosenRound || String(current);
  const past = Number(round) !== current;
  const draws = useQuery({
    queryKey: ['roulette-draws', id, round],
    enabled: Boolean(campaign.data),
    queryFn: () =>
      v1Json<{ roleta_sorteio: Draw[] }>(`/v1/roulette/draw/${encodeURIComponent(id)}?rodada=${encodeURIComponent(round)}`, { module: AREA }).then((r) => r.roleta_sorteio),
  });
  const list = draws.data ?? [];
  const revealed = Boolean(campaign.data?.semente_revelada_em);
  const closed = revealed || past;

  const draw = async () => {
    setBusy(true);
    try {
      const answer = await v1Json<{ insert_roleta_sorteio_one: Draw }>('/v1/roulette/draw', {
        method: 'POST',
        module: AREA,
        body: JSON.stringify({ id_campanha: Number(id), cliente: flagOf(audience), premiado: flagOf(prize) }),
      });
      setWinner(answer.insert_roleta_sorteio_one);
      await queryClient.invalidateQueries({ queryKey: ['roulette-draws', id] });
      if (!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
        const confetti = (await import('canvas-confetti')).default;
        // Drawn on the page's thread: the default instance starts a worker from a blob: script, which
        // the product's Content-Security-Policy refuses (a page error in the browser).
        const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
        void fire({ particleCount: 120, spread: 80, origin: { y: 0.4 }, zIndex: 2000 });
      }
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };

  const reveal = async () => {
    setBusy(true);
    try {
      await v1Json(`/v1/roulette/${encodeURIComponent(id)}/revelar`, { method: 'POST', module: AREA });
      setConfirming(false);
      toasts.success(RAFFLE_TEXTS.revealed);
      await campaign.refetch();
    } catch (error) {
      setConfirming(false);
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };

  const title = campaign.data?.nome ? `${TITLES.raffle} · ${campaign.data.nome}` : TITLES.raffle;
  return (
    <Box sx={{ maxWidth: 982 }}>
      <TitleBar title={title} back={LIST_PATH} onBack={goBack} />
      {campaign.error ? <Alert severity="error">{(campaign.error as Error).message}</Alert> : null}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {current > 1 && (
              <FilterSelect
                id="raffle-round"
                label={RAFFLE_TEXTS.round}
                value={round}
                options={roundOptions(current)}
                onChange={(value) => {
                  setChosenRound(value);
                  setWinner(null);
                }}
              />
            )}
            <FilterSelect id="raffle-audience" label={RAFFLE_TEXTS.audience} value={audience} options={AUDIENCE_OPTIONS} disabled={closed} onChange={setAudience} />
            <FilterSelect id="raffle-prize" label={RAFFLE_TEXTS.prize} value={prize} options={PRIZE_OPTIONS} disabled={closed} onChange={setPrize} />
            <Button
              variant="contained"
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CasinoIcon />}
              disabled={!audience || !prize || busy || closed}
              onClick={() => void draw()}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {list.length ? RAFFLE_TEXTS.again : RAFFLE_TEXTS.draw}
            </Button>
          </Stack>
          {past && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {RAFFLE_TEXTS.pastRound}
            </Alert>
          )}
          {winner && (
            <Alert severity="success" icon={<CasinoIcon />} sx={{ mt: 2 }} role="status" aria-label={RAFFLE_TEXTS.winner}>
              <Typography variant="subtitle2">{RAFFLE_TEXTS.winner}</Typography>
              <Typography variant="h6" component="p">
                {winner.nome}
              </Typography>
              <Typography variant="body2">
                {winner.telefone} · {RAFFLE_TEXTS.customer}: {winner.cliente ? RAFFLE_TEXTS.yes : RAFFLE_TEXTS.no}
              </Typography>
              <Typography variant="caption">{RAFFLE_TEXTS.among(winner.candidatos)}</Typography>
            </Alert>
          )}
        </CardContent>
      </Card>

      {past && draws.isSuccess && !list.length && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{RAFFLE_TEXTS.noDraws}</Typography>
      )}
      {list.length > 0 && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {RAFFLE_TEXTS.winners}
            </Typography>
            <Table size="small" aria-label={RAFFLE_TEXTS.winners}>
              <TableHead>
                <TableRow>
                  <TableCell>{RAFFLE_TEXTS.date}</TableCell>
                  <TableCell>{RAFFLE_TEXTS.name}</TableCell>
                  <TableCell>{RAFFLE_TEXTS.phone}</TableCell>
                  <TableCell>{RAFFLE_TEXTS.customer}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>{formatDateTime(d.created_at)}</TableCell>
                    <TableCell>{d.nome}</TableCell>
                    <TableCell>{d.telefone}</TableCell>
                    <TableCell>{d.cliente ? RAFFLE_TEXTS.yes : RAFFLE_TEXTS.no}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}

      {campaign.data && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {RAFFLE_TEXTS.audit}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
              {RAFFLE_TEXTS.auditHint}
            </Typography>
            <Typography variant="body2">
              {RAFFLE_TEXTS.commitment}:{' '}
              <Box component="code" sx={{ wordBreak: 'break-all' }}>
                {campaign.data.semente_hash}
              </Box>
            </Typography>
            {revealed && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {RAFFLE_TEXTS.seed}:{' '}
                <Box component="code" sx={{ wordBreak: 'break-all' }}>
                  {campaign.data.semente}
                </Box>
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
              <Link href={campaign.data.url_auditoria} target="_blank" rel="noopener noreferrer">
                {RAFFLE_TEXTS.openAudit}
              </Link>
              {canReveal && !revealed && (
                <Button color="warning" variant="outlined" onClick={() => setConfirming(true)} disabled={busy}>
                  {RAFFLE_TEXTS.reveal}
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      <IntranetDialog
        open={confirming}
        icon={<WarningIcon color="warning" />}
        title={RAFFLE_TEXTS.revealTitle}
        text={RAFFLE_TEXTS.revealText}
        primaryButtonLabel={RAFFLE_TEXTS.reveal}
        primaryColor="warning"
        loading={busy}
        onConfirm={() => void reveal()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
