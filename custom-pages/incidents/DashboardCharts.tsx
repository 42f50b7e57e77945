// The incident dashboard's charts (loaded on demand with @mui/x-charts, out of the page's first
// chunk): incidents by category, by impacted department and by month.
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../src/domain/format.js';
import { TEXTS as T } from './texts.js';

export interface Group {
  id: number;
  nome: string;
  empresa: string;
  total: number;
}

export interface DashboardChartsProps {
  byCategory: Group[];
  byDepartment: Group[];
  byMonth: { mes: string; total: number }[];
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const monthLabel = (mes: string) => `${MONTHS[Number(mes.slice(5, 7)) - 1]}/${mes.slice(2, 4)}`;
const count = (value: number | null) => (value === null ? '' : formatNumber(value));

/** Names repeated across providers carry the provider. */
const labels = (rows: Group[]) => {
  const several = new Set(rows.map((r) => r.empresa)).size > 1;
  return rows.map((r) => (several ? `${r.nome} (${r.empresa})` : r.nome));
};

function Chart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box role="img" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Ranking({ title, rows, color }: { title: string; rows: Group[]; color: string }) {
  return (
    <Chart title={title}>
      <BarChart
        layout="horizontal"
        height={Math.max(160, 44 * rows.length + 60)}
        yAxis={[{ scaleType: 'band', data: labels(rows), width: 170 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.total), label: T.count, color, valueFormatter: count }]}
        hideLegend
      />
    </Chart>
  );
}

export default function DashboardCharts({ byCategory, byDepartment, byMonth }: DashboardChartsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Chart title={T.byMonth}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: byMonth.map((m) => monthLabel(m.mes)) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[{ data: byMonth.map((m) => m.total), label: T.count, color: '#1a56a6', valueFormatter: count }]}
            hideLegend
          />
        </Chart>
      </Box>
      <Ranking title={T.byCategory} rows={byCategory} color="#e07b00" />
      <Ranking title={T.byDepartment} rows={byDepartment} color="#2e7d32" />
    </Box>
  );
}
