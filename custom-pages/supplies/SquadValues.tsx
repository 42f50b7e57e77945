// /squads/values (Valores das equipes): per squad of the caller's providers, the equipment it holds
// (per product: tracked units and counted quantities) and its value (quantity × the product's value),
// with each squad's total and the grand total (GET v1/suprimentos/equipes/valores); a bar chart of the
// value per squad (loaded on demand). With several providers, a provider filter (?empresa=).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatBRL, formatNumber } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { type SquadValues as SquadValuesData, TEXTS as T } from './texts.js';

const SquadValueChart = lazy(() => import('./DashboardCharts.js').then((m) => ({ default: m.SquadValueChart })));

type Squad = SquadValuesData['equipes'][number];

const quantityText = (quantidade: number, unidade: string) => `${formatNumber(quantidade)} ${unidade}`;

function SquadTable({ squad, showProvider }: { squad: Squad; showProvider: boolean }) {
  const title = showProvider ? `${squad.nome} · ${squad.empresa}` : squad.nome;
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
        {!squad.ativo && ' (inativa)'}
      </Typography>
      {squad.itens.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nenhum equipamento com a equipe.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{T.product}</TableCell>
                <TableCell align="right">{T.quantity}</TableCell>
                <TableCell align="right">{T.unitValue}</TableCell>
                <TableCell align="right">{T.value}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {squad.itens.map((item) => (
                <TableRow key={item.id_produto}>
                  <TableCell>{item.produto}</TableCell>
                  <TableCell align="right">{quantityText(item.quantidade, item.unidade)}</TableCell>
                  <TableCell align="right">{formatBRL(item.valor_unitario)}</TableCell>
                  <TableCell align="right">{formatBRL(item.valor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                  {T.total}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="squad-total">
                  {formatBRL(squad.valor)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

export default function SquadValues() {
  useApiOrigin();
  const [params, setParams] = useSearchParams();
  const empresa = /^\d{1,9}$/.test(params.get('empresa') ?? '') ? Number(params.get('empresa')) : null;
  // Every provider's squads at once: the filter narrows them here, and keeps its options.
  const query = useQuery({
    queryKey: ['supplies', 'squad-values'],
    queryFn: () => v1Json<SquadValuesData>('/v1/suprimentos/equipes/valores', { module: 'suprimentos' }),
  });
  const data = query.data;
  const providers = data ? [...new Map(data.equipes.map((q) => [q.id_empresa, q.empresa])).entries()].sort((a, b) => a[1].localeCompare(b[1])) : [];
  const squads = data ? data.equipes.filter((q) => empresa === null || q.id_empresa === empresa) : [];
  const total = squads.reduce((n, q) => n + q.valor, 0);
  // Tracked units only: a counted quantity (meters of cable) does not add up with them.
  const units = squads.reduce((n, q) => n + q.itens.reduce((m, i) => m + i.unidades, 0), 0);
  const setProvider = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('empresa', value);
        else next.delete('empresa');
        return next;
      },
      { replace: true },
    );
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.squadValuesTitle} back="/supplies/home" />
      {providers.length > 1 && (
        <Box sx={{ width: { xs: '100%', sm: 280 }, mb: 2 }}>
          <TextField
            select
            label={T.provider}
            value={empresa === null ? '' : String(empresa)}
            onChange={(e) => setProvider(e.target.value)}
            size="small"
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{T.allProviders}</option>
            {providers.map(([id, nome]) => (
              <option key={id} value={String(id)}>
                {nome}
              </option>
            ))}
          </TextField>
        </Box>
      )}
      {query.isError ? (
        <Alert severity="error">{(query.error as Error)?.message || MSG.failure}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : squads.length === 0 ? (
        <Alert severity="info">{T.noData}</Alert>
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" component="section" aria-label={T.total} sx={{ p: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Valor total em poder das equipes
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="squads-total">
              {formatBRL(total)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatNumber(squads.length)} equipe{squads.length === 1 ? '' : 's'}
              {units > 0 && ` · ${formatNumber(units)} equipamento${units === 1 ? '' : 's'} com patrimônio ou serial`}
            </Typography>
          </Paper>
          {squads.some((q) => q.valor > 0) && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Suspense fallback={<CircularProgress aria-label={T.loading} />}>
                <SquadValueChart squads={squads} />
              </Suspense>
            </Paper>
          )}
          {squads.map((squad) => (
            <SquadTable key={squad.id} squad={squad} showProvider={providers.length > 1} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
