// /supplies/dashboard (Painel de suprimentos): the figures of the caller's providers, or one of them
// (?empresa=, in the address), from GET v1/suprimentos/painel: units per place, pending and overdue
// removals, open repairs; charts (loaded on demand) of the stock per product and place, of what each
// squad holds and of the movements of 30 days; and the same in tables. 'Não há dados disponíveis.'
// when there is nothing to show.
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
import { SUPPLY_PLACE_LABELS, SUPPLY_PLACES } from '../../src/domain/supplies.js';
import { FigureCard, TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { type SuppliesDashboard, TEXTS as T } from './texts.js';

const DashboardCharts = lazy(() => import('./DashboardCharts.js'));

function Kpi({ label, value, detail, warn }: { label: string; value: number; detail?: string; warn?: boolean }) {
  return <FigureCard label={label} value={formatNumber(value)} detail={detail} warn={warn} testId="kpi-value" />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const Empty = () => <Typography sx={{ color: 'text.secondary', py: 1 }}>{T.noData}</Typography>;

/** Whether the figures have anything at all to show. */
export const hasData = (d: SuppliesDashboard) =>
  d.unidades.total > 0 || d.produtos.length > 0 || d.equipes.some((q) => q.valor > 0 || q.unidades + q.quantidade > 0) ||
  d.movimentos.some((m) => m.movimentos > 0) || d.retiradas.pendentes > 0 || d.manutencoes_abertas > 0;

function StockTable({ data }: { data: SuppliesDashboard }) {
  if (!data.produtos.length) return <Empty />;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.stockByPlace}>
        <TableHead>
          <TableRow>
            <TableCell>{T.product}</TableCell>
            {SUPPLY_PLACES.map((place) => (
              <TableCell key={place} align="right">
                {SUPPLY_PLACE_LABELS[place]}
              </TableCell>
            ))}
            <TableCell align="right">{T.total}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.produtos.map((p) => (
            <TableRow key={p.id_produto}>
              <TableCell>
                {p.produto}
                {p.controle === 'quantidade' ? ` (${p.unidade})` : ''}
              </TableCell>
              {SUPPLY_PLACES.map((place) => (
                <TableCell key={place} align="right">
                  {formatNumber(p.locais[place])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatNumber(p.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SquadTable({ data }: { data: SuppliesDashboard }) {
  if (!data.equipes.length) return <Empty />;
  const several = new Set(data.equipes.map((q) => q.id_empresa)).size > 1;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.squadHoldings}>
        <TableHead>
          <TableRow>
            <TableCell>{T.squad}</TableCell>
            {several && <TableCell>{T.provider}</TableCell>}
            <TableCell align="right">{T.units}</TableCell>
            <TableCell align="right">{T.quantity}</TableCell>
            <TableCell align="right">{T.value}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.equipes.map((q) => (
            <TableRow key={q.id}>
              <TableCell>{q.nome}</TableCell>
              {several && <TableCell>{q.empresa}</TableCell>}
              <TableCell align="right">{formatNumber(q.unidades)}</TableCell>
              <TableCell align="right">{formatNumber(q.quantidade)}</TableCell>
              <TableCell align="right">{formatBRL(q.valor)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={several ? 4 : 3}>{T.total}</TableCell>
            <TableCell align="right">{formatBRL(data.equipes.reduce((n, q) => n + q.valor, 0))}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function MovementTable({ data }: { data: SuppliesDashboard }) {
  const rows = data.movimentos.filter((m) => m.movimentos > 0);
  if (!rows.length) return <Empty />;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.movements30}>
        <TableHead>
          <TableRow>
            <TableCell>Tipo</TableCell>
            <TableCell align="right">Movimentações</TableCell>
            <TableCell align="right">{T.quantity}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.tipo}>
              <TableCell>{m.tipo_label}</TableCell>
              <TableCell align="right">{formatNumber(m.movimentos)}</TableCell>
              <TableCell align="right">{formatNumber(m.quantidade)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function Dashboard() {
  useApiOrigin();
  const [params, setParams] = useSearchParams();
  const empresa = /^\d{1,9}$/.test(params.get('empresa') ?? '') ? String(params.get('empresa')) : '';
  const query = useQuery({
    queryKey: ['supplies', 'dashboard', empresa],
    queryFn: () => v1Json<SuppliesDashboard>(`/v1/suprimentos/painel${empresa ? `?empresa=${empresa}` : ''}`, { module: 'suprimentos' }),
  });
  const data = query.data;
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
    <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.dashboardTitle} back="/supplies/home" />
      {data && data.empresas.length > 1 && (
        <Box sx={{ width: { xs: '100%', sm: 280 }, mb: 2 }}>
          <TextField
            select
            label={T.provider}
            value={empresa}
            onChange={(e) => setProvider(e.target.value)}
            size="small"
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{T.allProviders}</option>
            {data.empresas.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.nome}
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
      ) : !hasData(data) ? (
        <Alert severity="info">{T.noData}</Alert>
      ) : (
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }, gap: 1.5 }}>
            <Kpi label="Equipamentos" value={data.unidades.total} />
            <Kpi label="No almoxarifado" value={data.unidades.almoxarifado} />
            <Kpi label="Com as equipes" value={data.unidades.equipe} />
            <Kpi label="Nos clientes" value={data.unidades.cliente} />
            <Kpi label="Em manutenção" value={data.unidades.manutencao} detail={`${formatNumber(data.manutencoes_abertas)} reparos em aberto`} />
            <Kpi label="Baixados e extraviados" value={data.unidades.baixado + data.unidades.extraviado} detail={`${formatNumber(data.unidades.extraviado)} extraviados`} />
            <Kpi
              label={T.removals}
              value={data.retiradas.pendentes}
              detail={data.retiradas.atrasadas ? T.overdue(data.retiradas.atrasadas) : 'nenhuma atrasada'}
              warn={data.retiradas.atrasadas > 0}
            />
          </Box>
          <Suspense fallback={<CircularProgress aria-label={T.loading} />}>
            <DashboardCharts data={data} />
          </Suspense>
          <Section title={T.stockByPlace}>
            <StockTable data={data} />
          </Section>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <Section title={T.squadHoldings}>
              <SquadTable data={data} />
            </Section>
            <Section title={T.movements30}>
              <MovementTable data={data} />
            </Section>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
