// The tracking links' own pt-BR texts (the spec's 'Erro ao gerar o link de rastreamento.' is the
// schema's createError/updateError toast).
export const TRACKING_MSG = {
  destinationInactive: 'Este destino não está ativo.',
  noDestination: 'O provedor não tem site cadastrado: escolha um destino.',
  badPeriod: 'Período inválido: use de e ate no formato AAAA-MM-DD, com de antes de ate.',
  longPeriod: 'O período pode ter no máximo 366 dias.',
  codeFailed: 'Não foi possível gerar um código para o link. Tente novamente.',
} as const;
