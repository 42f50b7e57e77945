// Campaign results and the results report (marketing spec, sections 3 "Report metrics", 5 and 9):
// the figures a result row or a report period holds, the metrics computed from them, and how each
// is shown. One pure module for the server (report calls) and the screens (tables, arrows).
import { formatBRL } from './format.js';

/** The summed figures of one or more result rows: entered ones plus the funnel's leads, sales and revenue. */
export interface ResultTotals {
  valor_investido: number;
  total_impressoes: number;
  total_cliques: number;
  total_leads: number;
  total_vendas: number;
  faturamento: number;
  conversas_iniciadas: number;
}

export type MetricName =
  | 'valor_investido'
  | 'total_impressoes'
  | 'total_cliques'
  | 'total_leads'
  | 'total_vendas'
  | 'faturamento'
  | 'conversas_iniciadas'
  | 'ticket_medio'
  | 'custo_por_clique'
  | 'custo_por_leads'
  | 'custo_por_venda'
  | 'roas'
  | 'ctr'
  | 'txc1'
  | 'txc2';

/** The totals plus the ratios; a ratio whose divisor is 0 is null (shown as '000'). */
export interface ResultMetrics extends ResultTotals {
  ticket_medio: number | null;
  custo_por_clique: number | null;
  custo_por_leads: number | null;
  custo_por_venda: number | null;
  roas: number | null;
  ctr: number | null;
  txc1: number | null;
  txc2: number | null;
}

/** The most a count or the investment of one result may be (section 5). */
export const RESULT_LIMIT = 1_000_000;

/** Shown for a metric that cannot be computed (a division by zero) — section 9 "Zero placeholders show as 000". */
export const METRIC_PLACEHOLDER = '000';

export const MONEY_FORMAT_ERROR = 'valor com formato inválido';
export const MONEY_NUMBER_ERROR = 'não é um número válido';

const TOTAL_NAMES = [
  'valor_investido',
  'total_impressoes',
  'total_cliques',
  'total_leads',
  'total_vendas',
  'faturamento',
  'conversas_iniciadas',
] as const satisfies readonly (keyof ResultTotals)[];

export const EMPTY_TOTALS: Readonly<ResultTotals> = Object.freeze({
  valor_investido: 0,
  total_impressoes: 0,
  total_cliques: 0,
  total_leads: 0,
  total_vendas: 0,
  faturamento: 0,
  conversas_iniciadas: 0,
});

const ratio = (dividend: number, divisor: number): number | null =>
  divisor === 0 || !Number.isFinite(divisor) || !Number.isFinite(dividend) ? null : dividend / divisor;

/** Money kept in whole cents: sums of cents do not drift (0.1 + 0.2). */
const cents = (value: number) => Math.round(value * 100) / 100;

/** Every metric of section 3 from the totals; the ratios are exact (rounding is the display's). */
export function computeMetrics(t: ResultTotals): ResultMetrics {
  return {
    valor_investido: t.valor_investido,
    total_impressoes: t.total_impressoes,
    total_cliques: t.total_cliques,
    total_leads: t.total_leads,
    total_vendas: t.total_vendas,
    faturamento: t.faturamento,
    conversas_iniciadas: t.conversas_iniciadas,
    ticket_medio: ratio(t.faturamento, t.total_vendas),
    custo_por_clique: ratio(t.valor_investido, t.total_cliques),
    custo_por_leads: ratio(t.valor_investido, t.total_leads),
    custo_por_venda: ratio(t.valor_investido, t.total_vendas),
    roas: ratio(t.faturamento, t.valor_investido),
    ctr: ratio(t.total_cliques, t.total_impressoes),
    txc1: ratio(t.total_leads, t.total_cliques),
    txc2: ratio(t.total_vendas, t.total_leads),
  };
}

/** The sum of several rows' totals (missing or non-numeric figures count as 0; money in cents). */
export function sumTotals(rows: ResultTotals[]): ResultTotals {
  const sum: ResultTotals = { ...EMPTY_TOTALS };
  for (const row of rows) {
    for (const name of TOTAL_NAMES) {
      const value = Number(row[name]);
      if (Number.isFinite(value)) sum[name] += value;
    }
  }
  sum.valor_investido = cents(sum.valor_investido);
  sum.faturamento = cents(sum.faturamento);
  return sum;
}

export const METRIC_LABELS: Record<MetricName, string> = {
  valor_investido: 'Valor investido',
  total_impressoes: 'Impressões',
  total_cliques: 'Cliques',
  total_leads: 'Leads',
  total_vendas: 'Vendas',
  faturamento: 'Faturamento',
  conversas_iniciadas: 'Conversas iniciadas',
  ticket_medio: 'Ticket médio',
  custo_por_clique: 'Custo por clique',
  custo_por_leads: 'Custo por lead',
  custo_por_venda: 'Custo por venda',
  roas: 'ROAS',
  ctr: 'CTR',
  txc1: 'Taxa de conversão 1 (leads/cliques)',
  txc2: 'Taxa de conversão 2 (vendas/leads)',
};

/** The row order of the report tables (section 3 "Report metrics", conversas iniciadas after the funnel figures). */
export const REPORT_METRICS: MetricName[] = [
  'valor_investido',
  'total_impressoes',
  'total_cliques',
  'conversas_iniciadas',
  'total_leads',
  'total_vendas',
  'faturamento',
  'ticket_medio',
  'custo_por_clique',
  'custo_por_leads',
  'custo_por_venda',
  'roas',
  'ctr',
  'txc1',
  'txc2',
];

/** Metrics shown in reais. */
export const MONEY_METRICS: ReadonlySet<MetricName> = new Set<MetricName>([
  'valor_investido',
  'faturamento',
  'ticket_medio',
  'custo_por_clique',
  'custo_por_leads',
  'custo_por_venda',
]);

/** Whole counts, shown with thousands dots. */
export const COUNT_METRICS: ReadonlySet<MetricName> = new Set<MetricName>([
  'total_impressoes',
  'total_cliques',
  'total_leads',
  'total_vendas',
  'conversas_iniciadas',
]);

/** Metrics where less is better (the report's arrows paint a fall green). */
export const COST_METRICS: ReadonlySet<MetricName> = new Set<MetricName>(['custo_por_clique', 'custo_por_leads', 'custo_por_venda']);

const decimalFormats = new Map<number, Intl.NumberFormat>();
function fixed(value: number, decimals: number): string {
  let format = decimalFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    decimalFormats.set(decimals, format);
  }
  return format.format(value);
}

/**
 * A metric as the report shows it (section 9):
 * - null (a division by zero) or a non-finite value: '000';
 * - money (investido, faturamento, ticket médio, custos): 'R$ 1.234,56';
 * - counts: '1.234';
 * - ROAS: the ratio with 2 decimals ('2,50');
 * - CTR: 2 decimals — the ratio ('0,05'), or with `percent` the ratio as a percent ('5,00%', the per-company table);
 * - txc1 / txc2 (conversion rates): the ratio with 4 decimals ('0,1234'), or with `percent` 2 decimals ('12,34%').
 * `decimals` overrides the number of decimals of a ratio or percent.
 */
export function formatMetric(name: MetricName, value: number | null, opts: { percent?: boolean; decimals?: 2 | 4 } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return METRIC_PLACEHOLDER;
  if (MONEY_METRICS.has(name)) return formatBRL(value);
  if (COUNT_METRICS.has(name)) return fixed(Math.round(value), 0);
  if (opts.percent) return `${fixed(value * 100, opts.decimals ?? 2)}%`;
  const decimals = opts.decimals ?? (name === 'txc1' || name === 'txc2' ? 4 : 2);
  return fixed(value, decimals);
}

/** How a metric moved from the previous period; null when either side cannot be computed. */
export function metricTrend(name: MetricName, current: number | null, previous: number | null): 'up' | 'down' | 'same' | null {
  void name;
  if (current === null || previous === null || current === undefined || previous === undefined) return null;
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const tolerance = 1e-9 * Math.max(1, Math.abs(current), Math.abs(previous));
  if (Math.abs(current - previous) <= tolerance) return 'same';
  return current > previous ? 'up' : 'down';
}

/** Whether a move is good news: a fall for the costs per click/lead/sale, a rise for everything else. */
export function isBetter(name: MetricName, trend: 'up' | 'down'): boolean {
  return COST_METRICS.has(name) ? trend === 'down' : trend === 'up';
}

/**
 * A money text as typed or sent ('R$ 1.234,56', '1234,56', '1.234', '1234.56') to reais.
 * More than one comma: 'valor com formato inválido'; anything else that is not a number with at
 * most two decimals (thousands dots only in groups of three before the comma): 'não é um número válido'.
 */
export function parseMoneyText(text: string): { value: number } | { error: string } {
  const raw = String(text ?? '')
    .replace(/^\s*R\$/, '')
    .replace(/[\s\u00a0]/g, '');
  if ((raw.match(/,/g) ?? []).length > 1) return { error: MONEY_FORMAT_ERROR };
  const m = /^(-?)(\d+(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(raw);
  let normalized: string | null = null;
  if (m) normalized = `${m[1]}${m[2].replace(/\./g, '')}${m[3] ? `.${m[3]}` : ''}`;
  else if (/^-?\d+\.\d{1,2}$/.test(raw)) normalized = raw; // a machine number: '1234.5'
  if (normalized === null) return { error: MONEY_NUMBER_ERROR };
  const value = Number(normalized);
  return Number.isFinite(value) ? { value: cents(value) } : { error: MONEY_NUMBER_ERROR };
}
