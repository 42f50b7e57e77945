// The HR reports' addresses and titles (foundation route map, /reports/...; the HR home's Relatórios
// cards). Each is drawn by the one report page (ReportPage.tsx) from GET /v1/rh/relatorios/{relatorio}
// (src/server/hrReports): its filters, columns, totals and chart come with the answer.
export interface HrReport {
  /** The report's name in the call. */
  key: string;
  /** The route (':param' segments are filters of the call: the news item of its readers' list). */
  path: string;
  title: string;
  /** The filter each ':param' of the path fills. */
  pathFilters?: Record<string, string>;
  /** Where a row leads (the item's readers, from the read confirmation). */
  rowLink?: (rowId: string) => string;
  /** Drawn on the reports' home (a report reached from another's rows is not). */
  card?: boolean;
  /** The title bar's back arrow (default the reports' home). */
  back?: string;
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
  { key: 'read-confirm', path: '/reports/read-confirm', title: 'Confirmação de leitura', rowLink: (id) => `/reports/read-confirm-list/${encodeURIComponent(id)}` },
  { key: 'car-repair', path: '/reports/car-repair', title: 'Conserto de veículos' },
  { key: 'read-confirm-list', path: '/reports/read-confirm-list/:id', title: 'Leituras da novidade', pathFilters: { id: 'novidade' }, card: false, back: '/reports/read-confirm' },
];

/** The report of an address, and the filters its path fills ({ novidade: '7' } on /reports/read-confirm-list/7). */
export function reportAt(pathname: string): { report: HrReport; pathQuery: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const report of HR_REPORTS) {
    const pattern = report.path.split('/');
    if (pattern.length !== parts.length) continue;
    const pathQuery: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      if (!seg.startsWith(':')) return seg === parts[i];
      const filter = report.pathFilters?.[seg.slice(1)];
      if (filter) pathQuery[filter] = decodeURIComponent(parts[i]);
      return parts[i] !== '';
    });
    if (ok) return { report, pathQuery };
  }
  return undefined;
}

/** Any role (leitor and up) of the rh area, as the report call asks. */
export const REPORTS_ACCESS = { modules: ['rh'] };
