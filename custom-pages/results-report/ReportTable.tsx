// One table of the campaign results report: rows are the metrics (REPORT_METRICS, by METRIC_LABELS),
// columns the periods (their rotulo), each value as formatMetric writes it ('000' where it cannot be
// computed) with an arrow comparing it with the period before (the first column with `anterior`),
// green when the change is good news (isBetter: a fall for the costs). A chart above (loaded on
// demand), CSV and XLSX exports of the values shown, and 'Não há dados disponíveis.' without data.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DownloadIcon from '@mui/icons-material/Download';
import { formatMetric, isBetter, METRIC_LABELS, metricTrend, REPORT_METRICS, type MetricName } from '../../src/domain/campaignMetrics.js';
import type { Period } from './api.js';
import { exportCsv, exportXlsx, type Sheet } from './exports.js';
import { METRIC_HEADER, NO_DATA, TREND_TEXT } from './texts.js';

const ReportChart = lazy(() => import('./ReportChart.js'));

/** The figures a period has when no result falls in it. */
const FIGURES: MetricName[] = ['valor_investido', 'total_impressoes', 'total_cliques', 'conversas_iniciadas', 'total_leads', 'total_vendas', 'faturamento'];

/** A table has data when one of its periods has a figure that is not zero. */
export const hasData = (periods: Period[] | undefined) => Boolean(periods?.some((p) => FIGURES.some((f) => Number(p[f] ?? 0) !== 0)));

/** The rows of a metrics-by-period table as text (the table's own cells, for the exports). */
export function sheetRows(periods: Period[]): string[][] {
  return [[METRIC_HEADER, ...periods.map((p) => p.rotulo)], ...REPORT_METRICS.map((m) => [METRIC_LABELS[m], ...periods.map((p) => formatMetric(m, p[m]))])];
}

export function Trend({ metric, current, previous }: { metric: MetricName; current: number | null; previous: number | null | undefined }) {
  const trend = metricTrend(metric, current, previous ?? null);
  if (trend !== 'up' && trend !== 'down') return null;
  const Icon = trend === 'up' ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Icon
      fontSize="inherit"
      role="img"
      aria-hidden={false}
      aria-label={TREND_TEXT[trend]}
      data-trend={trend}
      sx={{ ml: 0.5, verticalAlign: 'middle', color: isBetter(metric, trend) ? 'success.main' : 'error.main' }}
    />
  );
}

export function ExportButtons({ sheet }: { sheet: () => Sheet }) {
  const [busy, setBusy] = useState(false);
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => exportCsv(sheet())}>
        CSV
      </Button>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void exportXlsx(sheet()).finally(() => setBusy(false));
        }}
      >
        XLSX
      </Button>
    </Stack>
  );
}

/** A titled block: its heading, its export buttons, and its content (or the loading / empty state). */
export function ReportBlock({ title, loading, empty, sheet, children, chart }: { title: string; loading: boolean; empty: boolean; sheet: () => Sheet; children: ReactNode; chart?: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {!loading && !empty && <ExportButtons sheet={sheet} />}
      </Stack>
      {loading ? (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <CircularProgress size={28} aria-label="Carregando" />
        </Box>
      ) : empty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {NO_DATA}
        </Typography>
      ) : (
        <>
          {chart}
          {children}
        </>
      )}
    </Paper>
  );
}

/** The metrics (rows) by period (columns) of one report answer. */
export function MetricsTable({ title, periods, previous }: { title: string; periods: Period[]; previous: Period | null }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {METRIC_HEADER}
            </TableCell>
            {periods.map((p) => (
              <TableCell key={p.chave} component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                {p.rotulo}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {REPORT_METRICS.map((metric) => (
            <TableRow key={metric}>
              <TableCell component="th" scope="row">
                {METRIC_LABELS[metric]}
              </TableCell>
              {periods.map((p, i) => {
                const before = i === 0 ? previous : periods[i - 1];
                return (
                  <TableCell key={p.chave} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMetric(metric, p[metric])}
                    <Trend metric={metric} current={p[metric]} previous={before ? before[metric] : null} />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A report answer as a block: chart, exports and the metrics table. */
export function PeriodsReport({ title, periods, previous, loading }: { title: string; periods: Period[] | undefined; previous: Period | null | undefined; loading: boolean }) {
  const list = periods ?? [];
  return (
    <ReportBlock
      title={title}
      loading={loading}
      empty={!hasData(list)}
      sheet={() => ({ name: title, rows: sheetRows(list) })}
      chart={
        <Suspense fallback={<Box sx={{ height: 220 }} />}>
          <ReportChart periods={list} title={title} />
        </Suspense>
      }
    >
      <MetricsTable title={title} periods={list} previous={previous ?? null} />
    </ReportBlock>
  );
}
