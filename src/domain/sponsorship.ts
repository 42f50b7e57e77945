// Sponsorship requests (foundation document, section 2: /patrocinios/{provedor?}, /patrocinios/sucesso;
// marketing document: PATROCÍNIOS cards; issue 17): what the server and the screens share. Pure.

export const SPONSORSHIP_STATUSES = ['nova', 'em_analise', 'aprovada', 'recusada'] as const;
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

export const SPONSORSHIP_STATUS_LABELS: Record<SponsorshipStatus, string> = {
  nova: 'Nova',
  em_analise: 'Em análise',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
};

export const SPONSORSHIP_STATUS_COLORS: Record<SponsorshipStatus, 'default' | 'info' | 'success' | 'error'> = {
  nova: 'default',
  em_analise: 'info',
  aprovada: 'success',
  recusada: 'error',
};

/**
 * The public form's fields (POST /v1/public/patrocinios, text parts of the multipart), in the order the
 * form draws them; the server reads exactly these (plus the honeypot).
 */
export const SPONSORSHIP_FORM_FIELDS = [
  'id_empresa',
  'organizacao',
  'responsavel',
  'email',
  'telefone',
  'documento',
  'evento',
  'descricao_evento',
  'data_evento',
  'uf',
  'cidade',
  'publico_estimado',
  'pedido',
  'valor_solicitado',
  'contrapartidas',
] as const;

/**
 * The kind of justification each decision needs: a justification's tipo is the decision it explains
 * (aprovada or recusada), so the decision form offers only those of the chosen status.
 */
export type JustificationKind = 'aprovada' | 'recusada';
export const JUSTIFICATION_KIND: Partial<Record<SponsorshipStatus, JustificationKind>> = { aprovada: 'aprovada', recusada: 'recusada' };

/** Attachments: PDF or image, by content. */
export const ACCEPTED_ATTACHMENTS = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const ATTACHMENT_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg'] as const;
export const MAX_ATTACHMENTS = 5;

export const SPONSORSHIP_MSG = {
  sent: 'Solicitação enviada! Enviamos a confirmação para o seu e-mail.',
  sendError: 'Não foi possível enviar a solicitação. Revise os dados e tente novamente.',
  badDocument: 'CPF ou CNPJ inválido',
  pastDate: 'A data do evento não pode estar no passado.',
  attachmentType: 'Envie anexos em PDF, PNG ou JPG.',
  tooManyAttachments: `Envie no máximo ${MAX_ATTACHMENTS} anexos.`,
  justificationRequired: 'Escolha a justificativa da decisão.',
  justificationKind: (kind: JustificationKind) => (kind === 'aprovada' ? 'Escolha uma justificativa de aprovação.' : 'Escolha uma justificativa de recusa.'),
  tooMany: 'Muitas solicitações deste endereço. Tente novamente mais tarde.',
  providerNotFound: 'Provedor não encontrado.',
  confirmationSubject: (protocolo: string) => `Recebemos sua solicitação de patrocínio (${protocolo})`,
  decisionSubject: (protocolo: string, status: string) => `Solicitação de patrocínio ${protocolo}: ${status}`,
} as const;

/** The protocol number the requester is told: PAT-<year>-<id, 6 digits>. */
export const protocolOf = (id: number, createdAt: Date | string = new Date()) => `PAT-${new Date(createdAt).getFullYear()}-${String(id).padStart(6, '0')}`;
