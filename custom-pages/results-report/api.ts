// The report calls of the campaign results (marketing spec, section 7; src/server/v1/results.ts),
// under /v1/leads/relatorio/resultado/campanha, with the role areas of the results register.
import { type Areas, configByResource, v1Json } from '../../src/admin/pages.js';
import type { ResultMetrics } from '../../src/domain/campaignMetrics.js';
import { RESULTS } from './texts.js';

export const REPORT_BASE = '/v1/leads/relatorio/resultado/campanha';

/** A month or week of a report: its key, its column title ('Novembro/2026', '23/11 a 29/11') and its figures. */
export type Period = { chave: string; rotulo: string; periodo_inicio: string; periodo_fim: string } & ResultMetrics;

export interface Report {
  periodos: Period[];
  anterior: Period | null;
  /** SEMANAL CONSOLIDADO without a provider: each provider's own weeks (the per-company CTR). */
  empresas?: { id_empresa: number; empresa: string; periodos: Period[] }[];
  canal?: string;
}

const areas = (): Areas => {
  const config = configByResource.get(RESULTS);
  return config ? [config.module, ...config.alsoModules] : ['marketing', 'vendas'];
};

const suffix = (provider: number | null) => (provider === null ? '' : `/${provider}`);

export const synthetic = (provider: number | null) => v1Json<Report>(`${REPORT_BASE}/sintetico${suffix(provider)}`, { module: areas() });

export const weeklyConsolidated = (provider: number | null) =>
  v1Json<Report>(`${REPORT_BASE}/semanal/consolidado/v2${suffix(provider)}`, { module: areas() });

export const weeklyDetailed = (canal: string, provider: number | null) =>
  v1Json<Report>(`${REPORT_BASE}/semanal/detalhado/v2${provider === null ? '' : '/empresa'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(provider === null ? { canal } : { canal, empresa: provider }),
    module: areas(),
  });
