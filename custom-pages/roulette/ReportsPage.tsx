// /marketing/roulette/reports/{id} (Relatórios): the filters Cliente (Clientes, Não Clientes, Todos)
// and Erro (Com Erro, Sem Erro); Gerar relatório is enabled once both are chosen, then the filters lock
// and the participants show in the generated list of schemas/roleta/roulette-entries.json (Nome,
// Telefone, CPF, Cupom, Código; the expanded row has the date, prize, customer and error), read
// with the campaign and the filters as a permanent view, with its search, paging and CSV export;
// Alterar filtro unlocks them and hides the table.
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack } from '@mui/material';
import { useGetOne } from 'react-admin';
import { FilterSelect } from './FilterSelect.js';
import { AUDIENCE_OPTIONS, ERROR_OPTIONS, flagOf } from '../../src/domain/roulette.js';
import ResourceList from '../../src/admin/generator/ResourceList.js';
import { configByResource } from '../../src/admin/generator/registry.js';
import { aliasConfig } from '../../src/admin/generator/schemas.js';
import { AccessDenied } from '../../src/admin/shell/AccessDenied.js';
import { useGoBack } from '../../src/admin/shell/navigation.js';
import { TitleBar } from '../../src/admin/shell/TitleBar.js';
import { BASE_PATH, CAMPAIGNS, ENTRIES, LIST_PATH, TITLES } from './routes.js';

export const REPORT_TEXTS = {
  customer: 'Cliente',
  error: 'Erro',
  generate: 'Gerar relatório',
  change: 'Alterar filtro',
} as const;

function Filters({ audience, error, locked, onAudience, onError, onGenerate, onChange }: {
  audience: string;
  error: string;
  locked: boolean;
  onAudience: (v: string) => void;
  onError: (v: string) => void;
  onGenerate: () => void;
  onChange: () => void;
}) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
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
      </CardContent>
    </Card>
  );
}

export default function ReportsPage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(LIST_PATH);
  const [audience, setAudience] = useState('');
  const [error, setError] = useState('');
  const [locked, setLocked] = useState(false);
  const campaign = useGetOne(CAMPAIGNS, { id });
  const entries = configByResource.get(ENTRIES);
  const title = campaign.data?.nome ? `${TITLES.reports} · ${campaign.data.nome}` : TITLES.reports;
  const view = useMemo(() => {
    if (!entries || !locked) return null;
    const cliente = flagOf(audience);
    const filter: Record<string, unknown> = { id_campanha: Number(id), erro: flagOf(error) };
    if (cliente !== null) filter.cliente = cliente;
    // A path of its own per campaign and filter: the list keeps its page and sort per view.
    return aliasConfig(entries, { path: `${BASE_PATH}/reports/${id}/${audience}/${error}`, title, back: LIST_PATH, filter, hideAdd: true });
  }, [entries, locked, audience, error, id, title]);
  if (!entries) return <AccessDenied title={TITLES.reports} />;
  const filters = (
    <Filters
      audience={audience}
      error={error}
      locked={locked}
      onAudience={setAudience}
      onError={setError}
      onGenerate={() => setLocked(true)}
      onChange={() => {
        setLocked(false);
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
