// Texts and addresses of the campaign results report (marketing spec, sections 2 "Results report", 8, 9).
export const REPORT_PATH = '/marketing/results-campaigns-report/report';
export const REPORT_TITLE = 'Resultado de Campanha';
export const REGISTER_PATH = '/marketing/results-campaigns-report/register';
export const LIST_PATH = '/marketing/results-campaigns/list';
export const REGISTER_LABEL = 'REGISTRAR RESULTADO';
export const LIST_LABEL = 'LISTAR RESULTADOS';
export const ALL_PROVIDERS = 'Geral';
export const NO_DATA = 'Não há dados disponíveis.';
export const LOAD_ERROR = 'Ocorreu algum erro ao carregar os dados!';
/** The generated register whose rights and role areas the report's calls use. */
export const RESULTS = 'campaign-results';
/** The channels of the SEMANAL DETALHADO blocks (section 9: "Channel filter provider names: Facebook and Google"). */
export const DETAIL_CHANNELS = ['Facebook', 'Google'] as const;
export const TABLE_TITLES = {
  synthetic: 'SINTÉTICO',
  consolidated: 'SEMANAL CONSOLIDADO',
  detailed: 'SEMANAL DETALHADO',
} as const;
export const CTR_BY_COMPANY = 'CTR por empresa';
export const METRIC_HEADER = 'Métrica';
export const TREND_TEXT = { up: 'Subiu em relação ao período anterior', down: 'Caiu em relação ao período anterior' } as const;
