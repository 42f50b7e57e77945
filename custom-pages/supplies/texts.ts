// The supplies pages' texts and the shapes of the calls they read (src/server/v1/suppliesRead.ts).
import type { SupplyPlace } from '../../src/domain/supplies.js';

export type { LocatedUnit, MovementLine, PlaceCounts, SquadHolding, SquadValues, SuppliesDashboard } from '../../src/domain/supplies.js';

export const TEXTS = {
  homeTitle: 'Suprimentos',
  dashboardTitle: 'Painel de suprimentos',
  lookupTitle: 'Onde está o equipamento?',
  itemsTitle: 'Equipamentos',
  squadValuesTitle: 'Valores das equipes',
  searchLabel: 'Patrimônio ou serial',
  searchButton: 'Procurar',
  searchHint: 'Digite o patrimônio ou o serial do equipamento.',
  loading: 'Carregando',
  noData: 'Não há dados disponíveis.',
  provider: 'Provedor',
  allProviders: 'Todos os provedores',
  figures: 'Números de suprimentos',
  history: 'Movimentações',
  noHistory: 'Nenhuma movimentação registrada.',
  since: 'Desde',
  product: 'Produto',
  value: 'Valor',
  squad: 'Equipe',
  customer: 'Cliente',
  os: 'OS',
  who: 'Por',
  total: 'Total',
  quantity: 'Quantidade',
  units: 'Unidades',
  unitValue: 'Valor unitário',
  stockByPlace: 'Estoque por produto e local',
  squadHoldings: 'Em poder das equipes',
  squadValueChart: 'Valor em poder de cada equipe',
  movements30: 'Movimentações dos últimos 30 dias',
  removals: 'Retiradas pendentes',
  overdue: (n: number) => `${n} atrasada${n === 1 ? '' : 's'}`,
  lookupLink: 'Onde está?',
};

/** The address of the lookup of a code. */
export const lookupPath = (code: string) => `/supplies/lookup/${encodeURIComponent(code.trim())}`;

/** The units list, filtered by place. */
export const itemsAt = (local: SupplyPlace) => `/supplies/items?filter=${encodeURIComponent(JSON.stringify({ local }))}`;
