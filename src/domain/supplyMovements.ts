// The rules of the supplies' movement registers (issue 34) as people read them: the refusals of
// src/server/supplies/service.ts, which the tests and the screens share. No I/O here.

/** The register tables whose rows move equipment, by resource (each ledger line names its row's table). */
export const MOVEMENT_REGISTERS = {
  'supply-receipts': 'entrada',
  'supply-dispatches': 'envio',
  'supply-installations': 'instalacao',
  'supply-devolutions': 'devolucao',
  'supply-returns': 'retorno',
  'supply-removals': 'retirada',
  'supply-maintenance': 'manutencao',
  'supply-recycling': 'reciclagem',
} as const;
export type MovementRegister = keyof typeof MOVEMENT_REGISTERS;

export const SUPPLY_RULES_MSG = {
  unitRequired: 'Informe o patrimônio ou o serial do equipamento: este produto é controlado por patrimônio/serial.',
  oneUnit: 'Um produto controlado por patrimônio/serial se movimenta uma unidade por vez: a quantidade é 1.',
  noUnitForCounted: 'Este produto é controlado por quantidade: informe a quantidade, sem patrimônio nem serial.',
  customerNotFound: 'Nenhum cliente com este código neste provedor.',
  movedFields: 'Para corrigir o equipamento, a quantidade, a equipe ou o cliente, exclua esta movimentação e registre-a de novo.',
  notLatest: (code: string) =>
    `Esta movimentação não pode ser desfeita: o equipamento ${code} já foi movimentado depois dela. Desfaça antes as movimentações mais recentes.`,
  controlLocked: 'O controle do produto não pode mudar: ele já tem movimentações.',
  squadRequired: 'Informe a equipe.',
  removalSquadRequired: 'Informe a equipe que retirou o equipamento.',
  removalDone: 'Esta retirada já foi feita: o equipamento está com a equipe e a situação não volta atrás.',
  maintenanceClosed: 'Esta manutenção já foi encerrada e a situação não volta atrás.',
  recyclingSquadRequired: 'Informe a equipe de onde vem o equipamento.',
  squadProviderLocked: 'O provedor da equipe não muda: ela já tem movimentações de equipamentos.',
  productProviderLocked: 'O provedor do produto não muda: ele já tem movimentações.',
  returnCounted: 'Este retorno é por quantidade: não tem patrimônio para corrigir.',
} as const;
