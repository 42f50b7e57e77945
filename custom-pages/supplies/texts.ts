// The supplies pages' texts and the shapes of the calls they read (src/server/v1/suppliesRead.ts).
import type { SupplyPlace } from '../../src/domain/supplies.js';

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

export interface MovementLine {
  id: number;
  tipo: string;
  tipo_label: string;
  data: string;
  quantidade: number;
  origem_local: SupplyPlace | null;
  origem_local_label: string | null;
  origem_equipe: number | null;
  origem_equipe_nome: string | null;
  destino_local: SupplyPlace;
  destino_local_label: string;
  destino_equipe: number | null;
  destino_equipe_nome: string | null;
  cliente_sistema: string | null;
  cliente_codigo: string | null;
  os: string | null;
  registro_tabela: string;
  registro_id: number;
  usuario: string | null;
}

export interface LocatedUnit {
  id: number;
  id_empresa: number;
  empresa: string;
  id_produto: number;
  produto: string;
  tipo: string;
  patrimonio: string | null;
  serial: string | null;
  local: SupplyPlace;
  local_label: string;
  id_equipe: number | null;
  equipe: string | null;
  cliente_sistema: string | null;
  cliente_codigo: string | null;
  cliente_nome: string | null;
  os: string | null;
  atualizado_em: string;
  valor: number;
  historico: MovementLine[];
}

export type PlaceCounts = Record<SupplyPlace, number>;

export interface SuppliesDashboard {
  hoje: string;
  desde: string;
  unidades: PlaceCounts & { total: number };
  produtos: { id_produto: number; produto: string; tipo: string; controle: 'patrimonio' | 'quantidade'; unidade: string; valor: number; locais: PlaceCounts; total: number }[];
  retiradas: { pendentes: number; atrasadas: number };
  manutencoes_abertas: number;
  equipes: { id: number; nome: string; id_empresa: number; empresa: string; unidades: number; quantidade: number; valor: number }[];
  movimentos: { tipo: string; tipo_label: string; movimentos: number; quantidade: number }[];
  empresas: { id: number; nome: string }[];
}

export interface SquadHolding {
  id_produto: number;
  produto: string;
  tipo: string;
  controle: 'patrimonio' | 'quantidade';
  unidade: string;
  quantidade: number;
  unidades: number;
  valor_unitario: number;
  valor: number;
}

export interface SquadValues {
  equipes: { id: number; nome: string; id_empresa: number; empresa: string; ativo: boolean; itens: SquadHolding[]; quantidade: number; valor: number }[];
  total: { quantidade: number; valor: number };
}

/** The address of the lookup of a code. */
export const lookupPath = (code: string) => `/supplies/lookup/${encodeURIComponent(code.trim())}`;

/** The units list, filtered by place. */
export const itemsAt = (local: SupplyPlace) => `/supplies/items?filter=${encodeURIComponent(JSON.stringify({ local }))}`;
