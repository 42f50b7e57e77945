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
