// The report metrics of campaign results (marketing document, sections 3 and 9): every formula, the
// null of a zero divisor and its '000', sums, display formats and rounding, trends, and money text.
import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  EMPTY_TOTALS,
  formatMetric,
  isBetter,
  METRIC_LABELS,
  metricTrend,
  parseMoneyText,
  REPORT_METRICS,
  RESULT_LIMIT,
  sumTotals,
  type MetricName,
  type ResultTotals,
} from '../../src/domain/campaignMetrics.js';

const totals = (t: Partial<ResultTotals>): ResultTotals => ({ ...EMPTY_TOTALS, ...t });
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('computeMetrics', () => {
  const m = computeMetrics(
    totals({ valor_investido: 750, total_impressoes: 1500, total_cliques: 150, total_leads: 4, total_vendas: 1, faturamento: 150, conversas_iniciadas: 10 }),
  );

  it('computes every ratio of section 3', () => {
    expect(m).toEqual({
      valor_investido: 750,
      total_impressoes: 1500,
      total_cliques: 150,
      total_leads: 4,
      total_vendas: 1,
      faturamento: 150,
      conversas_iniciadas: 10,
      ctr: 0.1, // cliques / impressões
      custo_por_clique: 5, // investido / cliques
      custo_por_leads: 187.5, // investido / leads
      custo_por_venda: 750, // investido / vendas
      roas: 0.2, // faturamento / investido
      ticket_medio: 150, // faturamento / vendas
      txc1: 4 / 150, // leads / cliques
      txc2: 0.25, // vendas / leads
    });
  });

  it('gives null for each ratio whose divisor is 0, and 0 when only the dividend is', () => {
    const zero = computeMetrics(EMPTY_TOTALS);
    for (const name of ['ticket_medio', 'custo_por_clique', 'custo_por_leads', 'custo_por_venda', 'roas', 'ctr', 'txc1', 'txc2'] as const) {
      expect(zero[name], name).toBeNull();
    }
    const clicksOnly = computeMetrics(totals({ total_impressoes: 10, total_cliques: 5, valor_investido: 20 }));
    expect(clicksOnly).toMatchObject({ ctr: 0.5, custo_por_clique: 4, txc1: 0, roas: 0, custo_por_leads: null, custo_por_venda: null, ticket_medio: null, txc2: null });
  });
});

describe('sumTotals', () => {
  it('adds the rows, keeps money in cents and reads missing figures as 0', () => {
    const sum = sumTotals([
      totals({ valor_investido: 0.1, faturamento: 0.2, total_cliques: 3 }),
      totals({ valor_investido: 0.2, faturamento: 0.1, total_cliques: 4 }),
      { ...totals({}), total_leads: undefined as unknown as number, total_vendas: '2' as unknown as number },
    ]);
    expect(sum).toEqual({ ...EMPTY_TOTALS, valor_investido: 0.3, faturamento: 0.3, total_cliques: 7, total_vendas: 2 });
    expect(sumTotals([])).toEqual(EMPTY_TOTALS);
  });
});

describe('formatMetric', () => {
  it("shows '000' for a metric that cannot be computed", () => {
    for (const name of REPORT_METRICS) expect(formatMetric(name, null), name).toBe('000');
    expect(formatMetric('ctr', Number.NaN)).toBe('000');
  });

  it('shows money in reais, counts with thousands dots', () => {
    expect(plain(formatMetric('valor_investido', 1234.56))).toBe('R$ 1.234,56');
    expect(plain(formatMetric('custo_por_leads', 187.5))).toBe('R$ 187,50');
    expect(plain(formatMetric('custo_por_clique', 1 / 3))).toBe('R$ 0,33');
    expect(plain(formatMetric('faturamento', 0))).toBe('R$ 0,00');
    expect(formatMetric('total_impressoes', 1234567)).toBe('1.234.567');
    expect(formatMetric('total_leads', 0)).toBe('0');
  });

  it('shows CTR and ROAS with 2 decimals, the conversion rates with 4, or as percents with 2', () => {
    expect(formatMetric('ctr', 0.1)).toBe('0,10');
    expect(formatMetric('ctr', 0.12345, { percent: true })).toBe('12,35%');
    expect(formatMetric('roas', 2.5)).toBe('2,50');
    expect(formatMetric('txc1', 4 / 150)).toBe('0,0267');
    expect(formatMetric('txc2', 0.25)).toBe('0,2500');
    expect(formatMetric('txc2', 0.25, { percent: true })).toBe('25,00%');
    expect(formatMetric('txc1', 4 / 150, { decimals: 2 })).toBe('0,03');
    expect(formatMetric('ctr', 0.123456, { percent: true, decimals: 4 })).toBe('12,3456%');
  });
});

describe('trends', () => {
  it('tells the direction only, null when a side cannot be computed', () => {
    expect(metricTrend('ctr', 0.2, 0.1)).toBe('up');
    expect(metricTrend('ctr', 0.1, 0.2)).toBe('down');
    expect(metricTrend('ctr', 0.1, 0.1)).toBe('same');
    expect(metricTrend('faturamento', 0.1 + 0.2, 0.3)).toBe('same');
    expect(metricTrend('ctr', null, 0.1)).toBeNull();
    expect(metricTrend('ctr', 0.1, null)).toBeNull();
  });

  it('counts a fall as better for the costs only', () => {
    for (const name of ['custo_por_clique', 'custo_por_leads', 'custo_por_venda'] as MetricName[]) {
      expect(isBetter(name, 'down'), name).toBe(true);
      expect(isBetter(name, 'up'), name).toBe(false);
    }
    for (const name of ['faturamento', 'roas', 'ctr', 'txc1', 'txc2', 'total_vendas'] as MetricName[]) expect(isBetter(name, 'up'), name).toBe(true);
  });
});

describe('labels and limits', () => {
  it('names every metric in pt-BR and orders the report rows', () => {
    expect(Object.keys(METRIC_LABELS).sort()).toEqual([...REPORT_METRICS].sort());
    expect(METRIC_LABELS).toMatchObject({ valor_investido: 'Valor investido', total_impressoes: 'Impressões', ctr: 'CTR', ticket_medio: 'Ticket médio' });
    expect(RESULT_LIMIT).toBe(1_000_000);
  });
});

describe('parseMoneyText', () => {
  it('reads pt-BR money text', () => {
    expect(parseMoneyText('R$ 1.234,56')).toEqual({ value: 1234.56 });
    expect(parseMoneyText('R$\u00a01.234,5')).toEqual({ value: 1234.5 });
    expect(parseMoneyText('1234,56')).toEqual({ value: 1234.56 });
    expect(parseMoneyText('1.000.000')).toEqual({ value: 1_000_000 });
    expect(parseMoneyText('0,99')).toEqual({ value: 0.99 });
    expect(parseMoneyText('1234.5')).toEqual({ value: 1234.5 });
    expect(parseMoneyText('15')).toEqual({ value: 15 });
  });

  it("refuses more than one comma ('valor com formato inválido') and what is not a number ('não é um número válido')", () => {
    expect(parseMoneyText('1,234,56')).toEqual({ error: 'valor com formato inválido' });
    expect(parseMoneyText('R$ ,,')).toEqual({ error: 'valor com formato inválido' });
    for (const text of ['', 'abc', '12a,00', '1.23,00', '1,234', ',5', 'R$']) expect(parseMoneyText(text), text).toEqual({ error: 'não é um número válido' });
  });
});
