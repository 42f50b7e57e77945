// A squad's inventory count (issue 34; foundation document, sections 3 and 8; migration 0086's
// suprimentos.inventario and inventario_item): what the server and the page /squads/inventory/{id}
// share. No I/O here.
//
// A count opens with what the system says the squad holds (`sistema`: 1 for a tracked unit, the balance
// for a counted product), the squad tells what it has (`quantidade_informada`), and its validation
// settles the difference through the ledger: a unit declared missing is written off as 'extraviado', a
// counted product short goes to 'extraviado', a surplus of a counted product enters the squad from
// outside (the warehouse's own balance, which nobody counted, is left alone), and a unit the squad
// declared that the system placed elsewhere moves to the squad.

// What GET v1/suprimentos/equipes/{id}/inventario answers.
export interface InventorySquad {
  id: number;
  nome: string;
  ativo: boolean;
  id_empresa: number;
  empresa: string;
  id_cidade: number | null;
  cidade: string | null;
}

export interface InventoryLine {
  id: number;
  id_produto: number;
  produto: string;
  tipo: string;
  controle: 'patrimonio' | 'quantidade';
  unidade: string;
  patrimonio: string | null;
  sistema: number;
  quantidade_informada: number | null;
  diferenca: number | null;
  origem: 'sistema' | 'informado';
  validado: boolean;
  /** For a unit: whether the provider has a unit with this patrimônio (or serial); null for a counted product. */
  cadastrado: boolean | null;
}

export interface InventorySummary {
  itens: number;
  iguais: number;
  /** Units and quantities told fewer than the system held. */
  faltas: number;
  /** Units and quantities told beyond what the system held. */
  sobras: number;
}

export interface InventoryCount {
  id: number;
  id_equipe: number;
  data: string;
  validado: boolean;
  validado_em: string | null;
  validado_por: number | null;
  validado_por_nome: string | null;
  id_usuario: number | null;
  aberto_por: string | null;
  created_at: string;
  resumo: InventorySummary;
  itens: InventoryLine[];
}

export interface InventoryProduct {
  id: number;
  nome: string;
  controle: 'patrimonio' | 'quantidade';
  unidade: string;
}

/** What the system says the squad holds now, per product: its units, or its counted balance. */
export interface InventoryHolding {
  id_produto: number;
  produto: string;
  controle: 'patrimonio' | 'quantidade';
  unidade: string;
  quantidade: number;
}

export interface SquadInventory {
  equipe: InventorySquad;
  aberto: InventoryCount | null;
  validados: InventoryCount[];
  /** What the system says the squad holds now (what a count opened now would start from), by product. */
  posse: InventoryHolding[];
  /** The active products a declared row may name (the provider's and the group's), by name. */
  produtos: InventoryProduct[];
}

/** The difference of a row: what the squad told minus what the system held; null until told. */
export function inventoryDifference(sistema: number, informada: number | null | undefined): number | null {
  return informada === null || informada === undefined ? null : informada - sistema;
}

export type DifferenceTone = 'missing' | 'extra' | 'equal' | 'pending';

/** How a difference reads: missing (red), extra (amber), equal (green), pending (not told yet). */
export function differenceTone(difference: number | null): DifferenceTone {
  if (difference === null) return 'pending';
  return difference < 0 ? 'missing' : difference > 0 ? 'extra' : 'equal';
}

/** A difference as the table shows it: '+2', '-1', '0', or '—' until told. */
export function formatDifference(difference: number | null): string {
  if (difference === null) return '—';
  return difference > 0 ? `+${difference}` : String(difference);
}

export const INVENTORY_MSG = {
  opened: 'Contagem aberta com o que o sistema diz que a equipe tem.',
  alreadyOpen: 'Esta equipe já tem uma contagem aberta: preencha-a e valide-a antes de abrir outra.',
  rowAdded: 'Item informado adicionado à contagem.',
  rowRemoved: 'Item informado removido da contagem.',
  onlyDeclaredRemoved: 'Só um item informado pela equipe pode ser removido; os do sistema ficam na contagem (informe 0 se faltar).',
  systemCodeFixed: 'O patrimônio de um item do sistema não pode ser alterado.',
  codeRequired: 'Informe o patrimônio do equipamento.',
  codeNotCounted: 'Um produto contado por quantidade não tem patrimônio.',
  unitCount: 'Um equipamento com patrimônio conta 0 (não está com a equipe) ou 1.',
  codeInCount: (code: string) => `O patrimônio ${code} já está nesta contagem.`,
  productInCount: 'Este produto já está na contagem: informe a quantidade na linha dele.',
  productNotFound: 'Produto não encontrado neste provedor.',
  missingCounts: (rows: string[]) =>
    `Informe a quantidade de todos os itens antes de validar. Faltam: ${rows.join('; ')}.`,
  noInventory: 'Informe o inventário (id).',
  twoIds: 'Informe o inventário uma vez só (id ou id_inventario).',
  unknownCodeOnValidate: (code: string) =>
    `O patrimônio ${code} não está cadastrado neste provedor: registre a entrada do equipamento (ou corrija o patrimônio) antes de validar.`,
} as const;
