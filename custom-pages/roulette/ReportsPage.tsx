// /marketing/roulette/reports/{id} (Relatórios): the filters Cliente (Clientes, Não Clientes, Todos)
// and Erro (Com Erro, Sem Erro); Gerar relatório is enabled once both are chosen, then the filters lock
// and the participants show in the generated list of schemas/roleta/roulette-entries.json (Nome,
// Telefone, CPF, Cupom, Código, Prêmio, Grupo, Data, Entrega; the expanded row has the error and who
// delivered when), read with the campaign and the filters as a permanent view, with its search, paging
// and CSV export; a manager marks a prize delivered or undoes it on its row (the schema's call
// actions, audited in the entry's history). Above the table, the round's participations counted apart:
// prizes won (delivered, to deliver), "no prize" slots and spins that found no prize left;
// Alterar filtro unlocks them and hides the table. The participants are the current round's; after a
// reset, Rodada reads a past round's.
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import { FilterSelect } from './FilterSelect.js';
import { AUDIENCE_OPTIONS, ERROR_OPTIONS, flagOf, roundOptions } from '../../src/domain/roulette.js';
import { AccessDenied, aliasConfig, configByResource, ResourceListScreen as ResourceList, TitleBar, useGoBack, v1Json } from '../../src/admin/pages.js';
import { AREA, BASE_PATH, CAMPAIGNS, ENTRIES, LIST_PATH, TITLES } from './routes.js';

export const REPORT_TEXTS = {
  round: 'Rodada',
  customer: 'Cliente',
  error: 'Erro',
  generate: 'Gerar relatório',
  change: 'Alterar filtro',
  summary: 'Resumo das participações',
  counts: {
    participantes: 'Participações',
    premiados: 'Prêmios ganhos',
    entregues: 'Entregues',
    a_entregar: 'A entregar',
    sem_premio: 'Sem prêmio',
    esgotados: 'Sem estoque (erro)',
  },
} as const;

type Counts = Record<keyof typeof REPORT_TEXTS.counts, number>;

/** The round's participations counted apart (GET /v1/roulette/{id}/resumo): prizes won, no prize, no stock. */
function Summary({ id, round, audience }: { id: string; round: string; audience: string }) {
  const cliente = flagOf(audience);
  const query = new URLSearchParams({ rodada: round, ...(cliente === null ? {} : { cliente: String(cliente) }) });
  const counts = useQuery({
    queryKey: ['roulette-summary', id, round, audience],
    queryFn: () => v1Json<{ resumo: Counts }>(`/v1/roulette/${encodeURIComponent(id)}/resumo?${query}`, { module: AREA }).then((r) => r.resumo),
  });
  if (!counts.data) return null;
  return (
    <Stack component="ul" aria-label={REPORT_TEXTS.summary} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 2, listStyle: 'none' }}>
      {(Object.keys(REPORT_TEXTS.counts) as (keyof Counts)[]).map((key) => (
        <Box component="li" key={key}>
          <Chip variant="outlined" label={`${REPORT_TEXTS.counts[key]}: ${counts.data[key].toLocaleString('pt-BR')}`} />
        </Box>
      ))}
    </Stack>
  );
}

function Filters({ id, rounds, round, audience, error, locked, onRound, onAudience, onError, onGenerate, onChange }: {
  id: string;
  /** The campaign's current round (Rodada shows once there was a reset). */
  rounds: number;
  round: string;
  audience: string;
  error: string;
  locked: boolean;
  onRound: (v: string) => void;
  onAudience: (v: string) => void;
  onError: (v: string) => void;
  onGenerate: () => void;
  onChange: () => void;
}) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          {rounds > 1 && <FilterSelect id="report-round" label={REPORT_TEXTS.round} value={round} options={roundOptions(rounds)} disabled={locked} onChange={onRound} />}
          <FilterSelect id="report-customer" label={REPORT_TEXTS.customer} value={audience} options={AUDIENCE_OPTIONS} disabled={locked} onChange={onAudience} />
          <FilterSelect id="report-error" label={REPORT_TEXTS.error} value={error} options={ERROR_OPTIONS} disabled={locked} onChange={onError} />
          {locked ? (
            <Button variant="outlined" onClick={onChange}>
              {REPORT_TEXTS.change}
            </Button>
          ) : (
            <Button variant="contained" disabled={!audience || !error} onClick={onGenerate}>
              {REPORT_TEXTS.generate}
            </Button>
          )}
        </Stack>
        {locked && <Summary id={id} round={round} audience={audience} />}
      </CardContent>
    </Card>
  );
}

export default function ReportsPage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(LIST_PATH);
  const [audience, setAudience] = useState('');
  const [error, setError] = useState('');
  const [chosenRound, setChosenRound] = useState('');
  const [locked, setLocked] = useState(false);
  const campaign = useGetOne(CAMPAIGNS, { id });
  const rounds = Number(campaign.data?.rodada ?? 1);
  const round = chosenRound || String(rounds);
  const entries = configByResource.get(ENTRIES);
  const title = campaign.data?.nome ? `${TITLES.reports} · ${campaign.data.nome}` : TITLES.reports;
  const view = useMemo(() => {
    if (!entries || !locked) return null;
    const cliente = flagOf(audience);
    const filter: Record<string, unknown> = { id_campanha: Number(id), rodada: Number(round), erro: flagOf(error) };
    if (cliente !== null) filter.cliente = cliente;
    // A path of its own per campaign and filter: the list keeps its page and sort per view.
    return aliasConfig(entries, { path: `${BASE_PATH}/reports/${id}/${round}/${audience}/${error}`, title, back: LIST_PATH, filter, hideAdd: true });
  }, [entries, locked, round, audience, error, id, title]);
  if (!entries) return <AccessDenied title={TITLES.reports} />;
  const filters = (
    <Filters
      id={id}
      rounds={rounds}
      round={round}
      audience={audience}
      error={error}
      locked={locked}
      onRound={setChosenRound}
      onAudience={setAudience}
      onError={setError}
      onGenerate={() => campaign.data && setLocked(true)}
      onChange={() => {
        setLocked(false);
        setChosenRound('');
        setAudience('');
        setError('');
      }}
    />
  );
  if (view) return <ResourceList key={view.path} config={view} banner={filters} />;
  return (
    <Box>
      <TitleBar title={title} back={LIST_PATH} onBack={goBack} />
      {campaign.error ? <Alert severity="error">{(campaign.error as Error).message}</Alert> : null}
      {filters}
    </Box>
  );
}
