// The pt-BR texts of the recruiters' careers pages (statuses, origins and the careers messages come
// from src/domain/careers.ts; the update toast from schemas/rh/applications.json).
export const TEXTS = {
  empty: 'Nenhuma candidatura para esta vaga ainda.',
  search: 'Pesquisar por nome ou e-mail',
  board: 'Etapas das candidaturas',
  appliedOn: (date: string) => `Candidatura em ${date}`,
  stageSince: (dateTime: string) => `Nesta etapa desde ${dateTime}`,
  origin: 'Origem',
  moveTo: (status: string) => `Mover para ${status}`,
  detailTitle: 'Candidatura',
  close: 'Fechar',
  employee: 'Funcionário',
  contact: 'Contato',
  email: 'E-mail',
  phone: 'Telefone',
  city: 'Cidade',
  linkedin: 'LinkedIn',
  about: 'Apresentação',
  salary: 'Pretensão salarial',
  download: 'Baixar currículo (PDF)',
  noPdf: 'O candidato não enviou currículo em PDF.',
  resume: 'Currículo',
  stage: 'Etapa',
  note: 'Observação',
  noteHint: 'Só os recrutadores veem esta observação: o candidato não a vê.',
  save: 'Salvar',
  loading: 'Carregando',
  providerNotFound: 'Provedor não encontrado.',
} as const;

/** The most characters of Observação (schemas/rh/applications.json: observacao.maxLength). */
export const NOTE_MAX = 2000;
