// The report page's texts and the names of the filters' values (the page loads on demand; the
// addresses in reports.ts go with the app's routes).
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
export const READINGS: Record<string, string> = { lidos: 'Leram', pendentes: 'Não leram' };
