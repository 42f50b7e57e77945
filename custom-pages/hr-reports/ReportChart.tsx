// An HR report's chart (loaded on demand with @mui/x-charts, out of the page's first chunk): bars
// (vertical, or horizontal for long labels), a pie, or the age pyramid: men to the left and women
// to the right of one axis, the bands from the youngest at the bottom.
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatNumber } from '../../src/domain/format.js';
import type { Chart } from './api.js';

const count = (value: number | null) => (value === null ? '' : formatNumber(Math.abs(value)));

function Body({ chart }: { chart: Chart }) {
  if (chart.tipo === 'pizza')
    return (
      <PieChart
        height={280}
        series={[{ data: chart.fatias.map((f, i) => ({ id: i, label: f.rotulo, value: f.valor })), valueFormatter: (v) => count(v.value), innerRadius: 40, paddingAngle: 1 }]}
      />
    );
  if (chart.tipo === 'piramide') {
    const [men, women] = chart.series;
    const height = Math.max(240, chart.categorias.length * 34 + 80);
    return (
      <BarChart
        height={height}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: chart.categorias, width: 70, reverse: true }]}
        xAxis={[{ valueFormatter: (v: number | null) => count(v), tickMinStep: 1 }]}
        series={[
          { data: (men?.dados ?? []).map((v) => -v), label: men?.rotulo ?? 'Masculino', stack: 'piramide', valueFormatter: count, color: '#1976d2' },
          { data: women?.dados ?? [], label: women?.rotulo ?? 'Feminino', stack: 'piramide', valueFormatter: count, color: '#d81b60' },
        ]}
      />
    );
  }
  if (chart.horizontal) {
    const height = Math.max(200, chart.categorias.length * 30 + 60);
    return (
      <BarChart
        height={height}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: chart.categorias, width: 200 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={chart.series.map((s) => ({ data: s.dados, label: s.rotulo, valueFormatter: count }))}
        hideLegend={chart.series.length < 2}
      />
    );
  }
  return (
    <BarChart
      height={280}
      xAxis={[{ scaleType: 'band', data: chart.categorias }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={chart.series.map((s) => ({ data: s.dados, label: s.rotulo, valueFormatter: count }))}
      hideLegend={chart.series.length < 2}
    />
  );
}

export default function ReportChart({ chart }: { chart: Chart }) {
  return (
    <Box role="img" aria-label={chart.titulo} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {chart.titulo}
      </Typography>
      <Body chart={chart} />
    </Box>
  );
}
