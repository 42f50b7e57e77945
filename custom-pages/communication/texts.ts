// Texts and addresses of the communication scale's screens (HR/sales document, sections 2, 5 and 8).

/** The placeholders the dispatcher fills in a rule's messages (src/server/communication/templates.ts). */
export const PLACEHOLDERS = ['{nome}', '{primeiro_nome}', '{plano}', '{cidade}', '{provedor}', '{data_nascimento}', '{data_ativacao}', '{data_contratacao}'] as const;

/** The helper text of a rule's message fields. */
export const PLACEHOLDER_HELP = `Variáveis: ${PLACEHOLDERS.join(', ')}`;

export const CAMPAIGNS_LIST = '/marketing/communication-scale/list';
/**
 * The campaign's edit screen, the spec's CommunicationScaleEdit: the generated edit screen of
 * schemas/comunicacao/communication-campaigns.json at /marketing/communication-scale/edit/{id}.
 */
export const COMMUNICATION_SCALE_EDIT = '/marketing/communication-scale/edit/:id';
export const RULES_LIST = '/marketing/communication-scale-rules/list';
export const PREVIEW_ROUTE = '/marketing/communication-scale/preview/:id';
export const SENDS_LIST = '/marketing/communication-scale-sends/list';

export const rulesOf = (campaign: string | number) => `${RULES_LIST}?${new URLSearchParams({ idCampaign: String(campaign) })}`;
export const campaignsListAt = (campaign: string | number) => `${CAMPAIGNS_LIST}?${new URLSearchParams({ idCampaign: String(campaign) })}`;

/** The send log of a campaign (of one rule): the list with its filter in the address. */
export function sendsOf(campaign: string | number, rule?: string | number | null) {
  const filter: Record<string, number> = { campanha_id: Number(campaign) };
  if (rule !== undefined && rule !== null && rule !== '') filter.regra_id = Number(rule);
  return `${SENDS_LIST}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
}

/** The restriction form's 'search by' choice (a form-only value). */
export const SEARCH_BY_FIELD = 'buscar_por';
export const SEARCH_BY_LABEL = 'Buscar por';
export const SEARCH_BY = { codpessoa: 'Código', cpf: 'CPF' } as const;
export type SearchBy = keyof typeof SEARCH_BY;

export const CHOOSE_PROVIDER_FIRST = 'Escolha primeiro o provedor';
export const CUSTOMER_NAME_HELP = 'Preenchido pela busca do cliente';
/** A restriction's channel switch: on, the channel is allowed; off, restricted. */
export const allowedLabel = (channel: string) => `${channel} permitido`;
export const RESTRICTED_HELP = 'Desligado: envio restrito';

export const PREVIEW_TITLE = 'Prévia da campanha';
export const PREVIEW_DAYS = [7, 15, 30] as const;
export const SKIP_REASONS: Record<string, string> = {
  restrito: 'Canal restrito pelo cliente',
  sem_endereco: 'Sem endereço (e-mail ou celular)',
};
export const CHANNEL_LABELS: Record<string, string> = { whatsapp: 'WhatsApp', email: 'E-mail', sms: 'SMS' };

/** Why a past shift of the preview sent nothing (situacao nao_enviado, src/server/communication/preview.ts). */
export const NOT_SENT_REASONS: Record<string, string> = {
  regra_posterior: 'Nada enviado: a regra foi cadastrada depois deste turno',
  sem_clientes: 'Nada enviado: nenhum cliente selecionado neste turno',
  aguardando: 'Aguardando o disparo deste turno',
  nao_executado: 'Nada enviado: o disparo não rodou para este turno',
};
/** A past shift's channel from the send log: 'enviado: 120 de 130'. */
export const sentOf = (sent: string, total: string) => `enviado: ${sent} de ${total}`;
