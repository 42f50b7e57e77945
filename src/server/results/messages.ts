// The texts of the campaign results' calls (marketing document, sections 5 and 8; the ones it does
// not give are ours).
export const RESULT_MSG = {
  /** A write missing required fields (section 5: "Preencha os seguintes campos obrigatórios: {list}"). */
  missing: (titles: string[]) => `Preencha os seguintes campos obrigatórios: ${titles.join(', ')}`,
  created: 'Resultado de campanha cadastrado com sucesso!',
  updated: 'Resultado editado com sucesso!',
  /** A report of a provider the caller does not see, or that does not exist. */
  providerNotFound: 'Provedor não encontrado.',
  /** A channel id of the channel's results that does not exist. */
  channelNotFound: 'Canal não encontrado.',
  /** The detailed report's body without a channel name. */
  channelRequired: 'Informe o nome do canal.',
} as const;
