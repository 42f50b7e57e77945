// The pt-BR texts the specification names (foundation document, sections 5 and 8).
// Server and browser both read them from here, so a text is written once.
export const MSG = {
  required: 'Campo obrigatório',
  requiredForm: 'Preencha todos os campos obrigatórios!',
  fileRequired: 'Esse campo deve ser preenchido',
  minLength: (n: number) => `Utilize no mínimo ${n} caracteres.`,
  maxLength: (n: number) => `Utilize no máximo ${n} caracteres.`,
  email: 'E-mail inválido',
  url: 'Link inválido',
  cnpj: 'Ops! Parece que seu cnpj é inválido!',
  cpf: 'CPF inválido',
  cep: 'CEP invalido',
  phone: 'Número invalido',
  code6: 'Utilize 6 digitos',
  password:
    'A senha precisa ter 1 caracter maíusculo, 1 minúsculo e 1 caracter especial. Com no mínimo 8 caracteres.',
  passwordLength: 'Utilize no mínimo 8 caracteres.',
  date: 'Data inválida',
  dateTime: 'Data e hora inválidas',
  color: 'Cor inválida',
  number: 'Informe um número válido',
  integer: 'Informe um número inteiro',
  boolean: 'Informe sim ou não',
  text: 'Informe um texto',
  list: 'Informe uma lista de valores',
  option: 'Opção inválida',
  minimum: (n: number) => `O valor mínimo é ${n}`,
  maximum: (n: number) => `O valor máximo é ${n}`,
  minItems: (n: number) => `Selecione no mínimo ${n} ${n === 1 ? 'item' : 'itens'}`,
  maxItems: (n: number) => `Selecione no máximo ${n} itens`,
  unknownField: 'Campo não permitido',
  /** A row of every provider (x-intranet.providerShared: an empty Provedor) is the superadmin's to write. */
  sharedProviderNeeded: 'Escolha o provedor: só o superadministrador escreve para todos os provedores.',
  /** A reference (x-intranet.references.<campo>.sameProvider) to a row of another provider than the record's. */
  sameProvider: (title: string) => `${title} deve ser do mesmo provedor do registro.`,
  /** A field of x-intranet.fieldAccess written by who lacks its right (after notAuthorized). */
  fieldRight: (title: string, rights: readonly string[] = []) =>
    `O campo "${title}" só pode ser alterado ${rights.includes('superadmin') && rights.length === 1 ? 'pelo superadministrador' : rights.some((r) => r === 'manage' || r === 'anyGestor') ? 'por um gestor' : 'por quem tem esse direito'}.`,
  /** A campaign or channel (x-intranet.references providerFlag) paused or not used by the record's provider. */
  optionNotAllowed: (singular: string, gender: 'm' | 'f' = 'm') =>
    `${gender === 'f' ? 'A' : 'O'} ${singular.toLowerCase()} precisa estar ${gender === 'f' ? 'ativa' : 'ativo'} e ser ${gender === 'f' ? 'usada' : 'usado'} por este provedor.`,
  /** A write that would place a row in a provider outside the caller's (403). */
  outsideProviders: 'Este usuário não tem autorização para realizar esta operação. Você só pode gravar dados dos provedores aos quais está vinculado.',
  /** A row the audit trail keeps (a roulette's spins and draws, a closed round): refused by the database. */
  keptForAudit: 'Este registro faz parte da auditoria e não pode ser alterado nem excluído.',
  invalid: 'Valor inválido',
  success: 'Dados atualizados com sucesso!',
  /** A deletion that the spec gives no text of its own (the communication screens' delete text). */
  deleted: 'Item excluído com sucesso!',
  failure: 'Ops! Parece que algo errado aconteceu. Revise os dados e tente novamente!',
  noRowsAffected: 'Ops... Verifique os dados e tente novamente!',
  notFound: 'Dados não encontrados.',
  /** A customer lookup that found nobody (the restriction form, leads, exception criteria). */
  noResult: 'Nenhum resultado encontrado',
  notificationNotFound: 'Dados de notificação não encontrados.',
  duplicate: 'Já existe um registro com estes dados.',
  referenceMissing: 'O registro relacionado não foi encontrado.',
  inUse: 'Este registro está em uso por outros dados e não pode ser excluído.',
  badRequest: 'Requisição inválida. Revise os dados e tente novamente!',
  badJson: 'O corpo da requisição não é um JSON válido.',
  badQuery: (param: string) => `Parâmetro "${param}" inválido.`,
  unknownFilter: (field: string) => `Filtro desconhecido: ${field}`,
  unknownSort: (field: string) => `Ordenação desconhecida: ${field}`,
  systemWritten: 'Estes dados são gravados pelo próprio sistema e não podem ser criados nem alterados.',
  /** A write of the generic API (REST, GraphQL) on an internal table (x-intranet.internal): its own screens write it. */
  internalWrites: 'Estes dados são gravados apenas pelas telas próprias do módulo e não podem ser criados, alterados nem excluídos diretamente.',
  /** A delete refused because other registers use the row: "em uso em Onboardings (Integração e mais 2) e em Trilhas (Boas-vindas)". */
  inUseBy: (uses: string) => `Não é possível excluir: em uso em ${uses}.`,
  tooManyRows: (max: number) => `A consulta responderia mais de ${max} linhas: pagine com limit e offset.`,
  internal: 'Ocorreu um erro interno.',
  /** The database is away (restarting, stopped, unreachable): 503 with Retry-After. */
  databaseUnavailable: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  fileTooLarge: 'A imagem não atende aos paramêtros',
  fileType: 'Formato do arquivo não permitido!',
  fileMissing: 'Esse campo deve ser preenchido',
  fileNotFound: 'Arquivo com formato inválido ou não encontrado!',
  /** Criar Novas Leads with no row selected (lead imports). */
  noLeadSelected: 'Nenhuma lead selecionada.',
  tooManyRequests: 'Foram realizadas muitas solicitações.',
} as const;

/** Sign-in and password texts (foundation document, section 8). */
export const AUTH_MSG = {
  wrongCredentials: 'E-mail ou senha incorretos.',
  attemptsExceeded: 'Tentativas de senha excedidas na validação',
  disabled: 'Seu acesso foi desabilitado, entre em contato com a área de Recursos Humanos para mais informações.',
  userNotFound: 'Esse usuário não foi encontrado',
  notConfirmed: 'Usuário não confirmado.',
  resetRequired: 'Necessário redefinir a senha.',
  temporaryExpired: 'Sua senha temporária expirou (ela vale 7 dias). Peça uma nova ao gestor que administra o seu acesso ou à área de Recursos Humanos.',
  tooManyRequests: 'Foram realizadas muitas solicitações.',
  internal: 'Ocorreu um erro interno.',
  wrongCode: 'Código de verificação errado.',
  sendLimit: 'Limite de envios excedido, tente depois de algum tempo.',
  emailNotFound: 'E-mail não encontrado.',
  notAuthorized: 'Este usuário não tem autorização para realizar esta operação.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  codeSent: 'Se o e-mail estiver cadastrado, você receberá um código de verificação.',
  passwordChanged: 'Senha alterada com sucesso!',
  samePassword: 'A nova senha precisa ser diferente da senha temporária.',
  signUpCodeSent: 'Enviamos um código de verificação para o seu e-mail. Digite-o para confirmar o cadastro.',
  signUpCodeResent: 'Se houver um cadastro aguardando confirmação com este e-mail, enviamos um novo código.',
  signUpConfirmed: 'Cadastro confirmado! Agora você já pode entrar.',
  signUpUnavailable: 'O cadastro de candidatos é feito pelo provedor de identidade configurado.',
} as const;

/** A resource's own toasts (a schema's x-intranet.messages); {campo} is a field of the saved record. */
export interface ResourceMessages {
  created?: string;
  updated?: string;
  deleted?: string;
  createError?: string;
  updateError?: string;
  deleteError?: string;
  /** After Ativar/Desativar (the schema's toggle). */
  toggled?: string;
  toggleError?: string;
  /** Title of the delete confirmation. */
  deleteConfirm?: string;
  /** The list could not be loaded. */
  listError?: string;
  /** The toast of a form refused for missing required fields (default 'Preencha todos os campos obrigatórios!'). */
  required?: string;
}
