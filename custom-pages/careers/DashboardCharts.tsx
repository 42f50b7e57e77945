// The careers dashboard's charts (loaded on demand with @mui/x-charts, out of the page's first chunk):
// applications per week, per step (in the pipeline's order and colours) and per source.
import { Box, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/careers.js';
import { formatDate, formatNumber } from '../../src/domain/format.js';
import { sourceLabel } from './board.js';
import { DASHBOARD_TEXTS as T } from './texts.js';

export interface DashboardChartsProps {
  perWeek: { semana: string; total: number }[];
  perStep: Record<ApplicationStatus, number>;
  sources: { origem: string | null; total: number }[];
}

const count = (value: number | null) => (value === null ? '' : formatNumber(value));
const weekLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

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

export default function DashboardCharts({ perWeek, perStep, sources }: DashboardChartsProps) {
  const theme = useTheme();
  const stepColor = (status: ApplicationStatus) => {
    const color = APPLICATION_STATUS_COLORS[status];
    return color === 'default' ? theme.palette.grey[500] : theme.palette[color].main;
  };
  const steps = APPLICATION_STATUSES.map((s) => APPLICATION_STATUS_LABELS[s]);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Chart title={T.perWeek}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: perWeek.map((w) => w.semana), valueFormatter: (day: string, context) => (context.location === 'tick' ? weekLabel(day) : `${T.weekOf} ${formatDate(day)}`) }]}
            series={[{ data: perWeek.map((w) => w.total), label: T.series, valueFormatter: count }]}
            hideLegend
          />
        </Chart>
      </Box>
      <Chart title={T.perStep}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: steps, colorMap: { type: 'ordinal', values: steps, colors: APPLICATION_STATUSES.map(stepColor) } }]}
          series={[{ data: APPLICATION_STATUSES.map((s) => perStep[s] ?? 0), label: T.series, valueFormatter: count }]}
          hideLegend
        />
      </Chart>
      <Chart title={T.sources}>
        <PieChart
          height={260}
          series={[
            {
              data: sources.map((s, i) => ({ id: i, value: s.total, label: sourceLabel(s.origem) || T.noSource })),
              innerRadius: 40,
              valueFormatter: (item) => count(item.value),
            },
          ]}
        />
      </Chart>
    </Box>
  );
}
