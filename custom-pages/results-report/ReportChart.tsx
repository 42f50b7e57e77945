// The chart above a report table (loaded on demand with @mui/x-charts, out of the page's first
// chunk): invested money against revenue per period, and leads against sales.
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMetric } from '../../src/domain/campaignMetrics.js';
import type { Period } from './api.js';

/** The axes' ticks, short: 'R$ 15 mil', '1,2 mil' (a full amount does not fit beside the bars). */
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const moneyAxis = [{ width: 64, valueFormatter: (v: number | null) => (v === null ? '' : `R$ ${compact.format(v)}`) }];
const countAxis = [{ width: 48, valueFormatter: (v: number | null) => (v === null ? '' : compact.format(v)) }];

export default function ReportChart({ periods, title }: { periods: Period[]; title: string }) {
  const labels = periods.map((p) => p.rotulo);
  const money = (value: number | null) => formatMetric('faturamento', value);
  const count = (value: number | null) => formatMetric('total_leads', value);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }} role="img" aria-label={`Gráficos: ${title}`}>
      <BarChart
        height={220}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={moneyAxis}
        series={[
          { data: periods.map((p) => p.valor_investido), label: 'Valor investido', valueFormatter: money },
          { data: periods.map((p) => p.faturamento), label: 'Faturamento', valueFormatter: money },
        ]}
      />
      <BarChart
        height={220}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={countAxis}
        series={[
          { data: periods.map((p) => p.total_leads), label: 'Leads', valueFormatter: count },
          { data: periods.map((p) => p.total_vendas), label: 'Vendas', valueFormatter: count },
        ]}
      />
    </Box>
  );
}
