// The report page's texts and the names of the filters' values (the page loads on demand; the
// addresses in reports.ts go with the app's routes).
import { MONTH_NAMES } from '../../src/domain/format.js';

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

export const MONTHS = MONTH_NAMES;
export { DISMISSAL_TYPES, GENDERS, READINGS, SITUATION_LABELS as SITUATIONS } from '../../src/domain/hrReports.js';
