// The charts of a link's statistics (loaded on demand with @mui/x-charts, out of the page's first
// chunk): people, bots and unique visitors per day, and the people's devices.
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatNumber } from '../../src/domain/format.js';
import { DEVICE_LABELS, TEXTS } from './texts.js';

export interface Day {
  data: string;
  humanos: number;
  bots: number;
  unicos: number;
}

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const count = (value: number | null) => (value === null ? '' : formatNumber(value));

export default function StatsCharts({ days, devices }: { days: Day[]; devices: { nome: string | null; cliques: number }[] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2 }}>
      <Box role="img" aria-label={TEXTS.clicksPerDay}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {TEXTS.clicksPerDay}
        </Typography>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: days.map((d) => dayLabel(d.data)) }]}
          series={[
            { data: days.map((d) => d.humanos), label: TEXTS.humans, valueFormatter: count, stack: 'total' },
            { data: days.map((d) => d.bots), label: TEXTS.bots, valueFormatter: count, stack: 'total' },
            { data: days.map((d) => d.unicos), label: TEXTS.unique, valueFormatter: count },
          ]}
        />
      </Box>
      <Box role="img" aria-label={TEXTS.devices}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {TEXTS.devices}
        </Typography>
        <PieChart
          height={260}
          series={[
            {
              data: devices.map((d, i) => ({ id: i, value: d.cliques, label: DEVICE_LABELS[d.nome ?? ''] ?? d.nome ?? '—' })),
              innerRadius: 40,
              valueFormatter: (item) => count(item.value),
            },
          ]}
        />
      </Box>
    </Box>
  );
}
