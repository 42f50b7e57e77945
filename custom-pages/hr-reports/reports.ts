// The HR reports' addresses and titles (foundation route map, /reports/...; the HR home's Relatórios
// cards). Each is drawn by the one report page (ReportPage.tsx) from GET /v1/rh/relatorios/{relatorio}
// (src/server/hrReports): its filters, columns, totals and chart come with the answer.
export interface HrReport {
  /** The report's name in the call. */
  key: string;
  path: string;
  title: string;
}

export const REPORTS_HOME = '/reports/home';
export const REPORTS_HOME_TITLE = 'Relatórios';

export const HR_REPORTS: HrReport[] = [
  { key: 'list-admission', path: '/reports/list-admission', title: 'Admissões' },
  { key: 'birthday', path: '/reports/birthday/list', title: 'Aniversariantes' },
  { key: 'company-anniversary', path: '/reports/company-anniversary', title: 'Tempo de Empresa' },
  { key: 'provider-city', path: '/reports/provider-city', title: 'Provedor por Cidade' },
  { key: 'list-dismiss', path: '/reports/list-dismiss', title: 'Desligamentos' },
  { key: 'family-list', path: '/reports/family-list', title: 'Familiares' },
  { key: 'list-general', path: '/reports/list-general', title: 'Geral' },
  { key: 'list-gender', path: '/reports/list-gender', title: 'Gênero' },
  { key: 'pyramid-list', path: '/reports/pyramid-list', title: 'Pirâmide Etária' },
];

export const reportAt = (pathname: string) => HR_REPORTS.find((r) => r.path === pathname.replace(/\/+$/, ''));

/** Any role (leitor and up) of the rh area, as the report call asks. */
export const REPORTS_ACCESS = { modules: ['rh'] };

export const TEXTS = {
  csv: 'CSV',
  xlsx: 'XLSX',
  loadError: 'Ocorreu algum erro ao carregar os dados!',
  allProviders: 'Todos os provedores',
  allDepartments: 'Todos os departamentos',
  all: 'Todos',
  clear: 'Limpar filtros',
  chart: 'Gráfico',
  table: 'Tabela',
} as const;

export const MONTHS = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];
export const SITUATIONS: Record<string, string> = { ativos: 'Ativos', inativos: 'Inativos', todos: 'Todos' };
export const DISMISSAL_TYPES: Record<string, string> = {
  pedido_demissao: 'Pedido de demissão',
  sem_justa_causa: 'Dispensa sem justa causa',
  com_justa_causa: 'Dispensa por justa causa',
  acordo: 'Acordo entre as partes',
  fim_contrato: 'Término de contrato',
  aposentadoria: 'Aposentadoria',
  falecimento: 'Falecimento',
};
export const GENDERS: Record<string, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };
