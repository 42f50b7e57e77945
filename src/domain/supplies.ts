// Supplies, squads and inventory (issue 34; foundation document, sections 2, 3, 7 and 8): the places
// equipment can be, and the texts the server and the screens share. No I/O here.

export const SUPPLIES_MODULE = 'suprimentos';

/** Where a unit (or a counted quantity) of equipment can be. */
export const SUPPLY_PLACES = ['almoxarifado', 'equipe', 'cliente', 'manutencao', 'baixado', 'extraviado'] as const;
export type SupplyPlace = (typeof SUPPLY_PLACES)[number];

export const SUPPLY_PLACE_LABELS: Record<SupplyPlace, string> = {
  almoxarifado: 'Almoxarifado',
  equipe: 'Com equipe',
  cliente: 'No cliente',
  manutencao: 'Em manutenção',
  baixado: 'Baixado (reciclagem)',
  extraviado: 'Extraviado',
};

/** The movement kinds of the ledger, as people read them. */
export const MOVEMENT_LABELS: Record<string, string> = {
  entrada: 'Entrada no almoxarifado',
  envio: 'Envio para equipe',
  instalacao: 'Instalação no cliente',
  devolucao: 'Devolução do cliente',
  retorno: 'Retorno da equipe',
  retirada: 'Retirada no cliente',
  manutencao: 'Envio para manutenção',
  manutencao_retorno: 'Retorno da manutenção',
  reciclagem: 'Reciclagem (baixa)',
  inventario: 'Ajuste de inventário',
};

/** A place as a sentence part: 'no almoxarifado', 'com a equipe', 'no cliente'... */
export function placeLabel(place: { local: SupplyPlace } | null | undefined): string {
  switch (place?.local) {
    case 'almoxarifado': return 'no almoxarifado';
    case 'equipe': return 'com a equipe';
    case 'cliente': return 'no cliente';
    case 'manutencao': return 'em manutenção';
    case 'baixado': return 'baixado (reciclado)';
    case 'extraviado': return 'extraviado';
    default: return 'fora do estoque';
  }
}

export const SUPPLIES_MSG = {
  // Foundation document, section 8.
  inventoryValidated: 'Inventário validado com sucesso.',
  inventoryValidateError: 'Erro ao validar inventário',
  returnEdited: 'OS e/ou Patrimônio editados com sucesso.',
  returnEditError: 'Erro ao editar OS e/ou Patrimônio',
  noRowAffected: 'Ops... Verifique os dados e tente novamente!',
  // Ours.
  codeRequired: 'Informe o patrimônio ou o serial do equipamento.',
  codeTaken: (code: string) => `O patrimônio ou serial ${code} já está cadastrado neste provedor.`,
  unknownCode: (code: string) => `Nenhum equipamento com o patrimônio ou serial ${code} neste provedor.`,
  otherProduct: (code: string) => `O equipamento ${code} é de outro produto.`,
  notThere: (code: string, expected: string, actual: string) => `O equipamento ${code} não está ${expected}: está ${actual}.`,
  notEnough: (place: string, held: number, wanted: number) =>
    `Saldo insuficiente ${place}: há ${held} e a movimentação pede ${wanted}.`,
  quantityPositive: 'A quantidade deve ser um número inteiro maior que zero.',
  validatedReadOnly: 'Este inventário já foi validado e não pode mais ser alterado.',
};

// The shapes of the supplies' read calls (GET v1/suprimentos/localizar/{codigo}, painel, equipes/valores:
// src/server/supplies/dashboard.ts), read by the pages of custom-pages/supplies.

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
  /** The day the overdue removals are counted against (São Paulo), and the start of the movements' window. */
  hoje: string;
  desde: string;
  /** Tracked units per place (and their total). */
  unidades: PlaceCounts & { total: number };
  /** Per product: tracked units (controle patrimonio) or counted balances (quantidade) per place. */
  produtos: {
    id_produto: number;
    produto: string;
    tipo: string;
    controle: 'patrimonio' | 'quantidade';
    unidade: string;
    valor: number;
    locais: PlaceCounts;
    total: number;
  }[];
  retiradas: { pendentes: number; atrasadas: number };
  manutencoes_abertas: number;
  /** Per squad: tracked units held, counted quantity held (cables, connectors...), and their value (product valor). */
  equipes: { id: number; nome: string; id_empresa: number; empresa: string; unidades: number; quantidade: number; valor: number }[];
  /** Ledger lines of the last 30 days per kind (every kind, zero included), and the quantity they moved. */
  movimentos: { tipo: string; tipo_label: string; movimentos: number; quantidade: number }[];
  /** The providers the caller sees (the screens' provider filter). */
  empresas: { id: number; nome: string }[];
}

export interface SquadHolding {
  id_produto: number;
  produto: string;
  tipo: string;
  controle: 'patrimonio' | 'quantidade';
  unidade: string;
  /** What the squad holds: tracked units and counted quantity together. */
  quantidade: number;
  /** Of which tracked units (each with its patrimônio or serial). */
  unidades: number;
  valor_unitario: number;
  valor: number;
}

export interface SquadValues {
  equipes: {
    id: number;
    nome: string;
    id_empresa: number;
    empresa: string;
    ativo: boolean;
    itens: SquadHolding[];
    quantidade: number;
    valor: number;
  }[];
  total: { quantidade: number; valor: number };
}
