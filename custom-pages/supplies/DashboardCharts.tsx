// The supplies dashboard's charts (loaded on demand with @mui/x-charts, out of the page's first chunk):
// stock per product, stacked by place; the value each squad holds; the movements of 30 days per kind.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatBRL, formatNumber } from '../../src/domain/format.js';
import { SUPPLY_PLACE_LABELS, SUPPLY_PLACES } from '../../src/domain/supplies.js';
import { type SuppliesDashboard, TEXTS as T } from './texts.js';

const PLACE_COLORS: Record<string, string> = {
  almoxarifado: '#2e7d32',
  equipe: '#0288d1',
  cliente: '#1a56a6',
  manutencao: '#e07b00',
  baixado: '#9e9e9e',
  extraviado: '#c62828',
};

const count = (value: number | null) => (value === null ? '' : formatNumber(value));
const money = (value: number | null) => (value === null ? '' : formatBRL(value));

function Chart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Names repeated across providers carry the provider. */
type SquadBar = Pick<SuppliesDashboard['equipes'][number], 'nome' | 'id_empresa' | 'empresa' | 'valor'>;

const squadLabels = (rows: SquadBar[]) => {
  const several = new Set(rows.map((r) => r.id_empresa)).size > 1;
  return rows.map((r) => (several ? `${r.nome} (${r.empresa})` : r.nome));
};

/** The value each squad holds, as bars (also the /squads/values page's chart). */
export function SquadValueChart({ squads, title = T.squadValueChart }: { squads: SquadBar[]; title?: string }) {
  return (
    <Chart title={title}>
      <BarChart
        layout="horizontal"
        height={Math.max(160, 40 * squads.length + 60)}
        yAxis={[{ scaleType: 'band', data: squadLabels(squads), width: 170 }]}
        xAxis={[{ valueFormatter: (v: number | null) => (v === null ? '' : `R$ ${formatNumber(v)}`) }]}
        series={[{ data: squads.map((q) => q.valor), label: T.value, color: '#1a56a6', valueFormatter: money }]}
        hideLegend
      />
    </Chart>
  );
}

export default function DashboardCharts({ data }: { data: SuppliesDashboard }) {
  const products = data.produtos;
  // Only the places something is at: a legend of six places, four of them empty, says nothing.
  const places = SUPPLY_PLACES.filter((place) => products.some((p) => p.locais[place] > 0));
  const moves = data.movimentos.filter((m) => m.movimentos > 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {products.length > 0 && (
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <Chart title={T.stockByPlace}>
            <BarChart
              layout="horizontal"
              height={Math.max(200, 36 * products.length + 90)}
              yAxis={[{ scaleType: 'band', data: products.map((p) => p.produto), width: 190 }]}
              xAxis={[{ valueFormatter: count }]}
              series={places.map((place) => ({
                data: products.map((p) => p.locais[place]),
                label: SUPPLY_PLACE_LABELS[place],
                stack: 'total',
                color: PLACE_COLORS[place],
                valueFormatter: count,
              }))}
            />
          </Chart>
        </Box>
      )}
      {data.equipes.length > 0 && <SquadValueChart squads={data.equipes} />}
      {moves.length > 0 && (
        <Chart title={T.movements30}>
          <BarChart
            layout="horizontal"
            height={Math.max(160, 40 * moves.length + 60)}
            yAxis={[{ scaleType: 'band', data: moves.map((m) => m.tipo_label), width: 190 }]}
            xAxis={[{ tickMinStep: 1, valueFormatter: count }]}
            series={[{ data: moves.map((m) => m.movimentos), label: 'Movimentações', color: '#e07b00', valueFormatter: count }]}
            hideLegend
          />
        </Chart>
      )}
    </Box>
  );
}
