// The careers site (foundation document, sections 1, 2 and 6; issue 17): what the server and the
// screens share about vacancies and applications. Pure: no I/O.

/** An application's steps in the recruiters' pipeline, in order. */
export const APPLICATION_STATUSES = ['recebido', 'em_analise', 'entrevista', 'aprovado', 'reprovado'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  recebido: 'Recebido',
  em_analise: 'Em análise',
  entrevista: 'Entrevista',
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
};

/** MUI colours of each status (chips and the pipeline's columns). */
export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  recebido: 'default',
  em_analise: 'info',
  entrevista: 'warning',
  aprovado: 'success',
  reprovado: 'error',
};

export const WORK_MODELS = ['presencial', 'hibrido', 'remoto'] as const;
export type WorkModel = (typeof WORK_MODELS)[number];
export const WORK_MODEL_LABELS: Record<WorkModel, string> = { presencial: 'Presencial', hibrido: 'Híbrido', remoto: 'Remoto' };

export const CONTRACT_TYPES = ['clt', 'estagio', 'pj', 'temporario', 'aprendiz'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  clt: 'CLT',
  estagio: 'Estágio',
  pj: 'PJ',
  temporario: 'Temporário',
  aprendiz: 'Jovem aprendiz',
};

/** schema.org JobPosting employmentType of each contract. */
export const CONTRACT_EMPLOYMENT_TYPES: Record<ContractType, string> = {
  clt: 'FULL_TIME',
  estagio: 'INTERN',
  pj: 'CONTRACTOR',
  temporario: 'TEMPORARY',
  aprendiz: 'INTERN',
};

export const CAREERS_MSG = {
  vacancyNotFound: 'Vaga não encontrada ou encerrada.',
  alreadyApplied: 'Você já se candidatou a esta vaga.',
  applied: 'Candidatura enviada! Acompanhe o andamento em Minhas candidaturas.',
  applyError: 'Não foi possível enviar a candidatura. Tente novamente.',
  tooMany: 'Muitas requisições. Aguarde um minuto e tente novamente.',
  applicationNotFound: 'Candidatura não encontrada.',
  statusMailSubject: (vaga: string) => `Sua candidatura para ${vaga}`,
  statusNotice: (vaga: string, status: string) => `Sua candidatura para ${vaga} está agora em: ${status}.`,
  profileExists: 'Você já tem um cadastro de candidato: edite-o em Meus dados.',
} as const;

/** A text as a URL segment: 'Técnico de Campo (Nível I)' -> 'tecnico-de-campo-nivel-i'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The role page of a vacancy: /careers/role/{id}/{slug of its title}. */
export const rolePath = (id: number, title: string) => `/careers/role/${id}/${slugify(title) || 'vaga'}`;

/** Plain text of sanitised HTML, whitespace collapsed (summaries, meta descriptions). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A summary of at most `max` characters, cut at a word. */
export function summary(html: string | null | undefined, max = 200): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Where an application came from (the careers dashboard's sources): the role page's utm_source, else
 * the referrer's site, else 'direto'. Known sites get one name each.
 */
export function applicationSource(utmSource: string | null | undefined, referrer: string | null | undefined, ownHost?: string): string {
  const utm = (utmSource ?? '').trim().toLowerCase().replace(/[^a-z0-9_.-]/g, '').slice(0, 40);
  if (utm) return utm;
  if (!referrer) return 'direto';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direto';
  }
  if (ownHost && host === ownHost.toLowerCase()) return 'site';
  const known: [RegExp, string][] = [
    [/(^|\.)linkedin\.com$|(^|\.)lnkd\.in$/, 'linkedin'],
    [/(^|\.)google\./, 'google'],
    [/(^|\.)indeed\./, 'indeed'],
    [/(^|\.)facebook\.com$|(^|\.)fb\.com$/, 'facebook'],
    [/(^|\.)instagram\.com$/, 'instagram'],
    [/(^|\.)whatsapp\.com$|(^|\.)wa\.me$/, 'whatsapp'],
    [/(^|\.)bing\.com$/, 'bing'],
  ];
  for (const [re, name] of known) if (re.test(host)) return name;
  return host.replace(/^www\./, '').slice(0, 40);
}

export const SOURCE_LABELS: Record<string, string> = {
  site: 'Site de carreiras',
  direto: 'Acesso direto',
  linkedin: 'LinkedIn',
  google: 'Google',
  indeed: 'Indeed',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  bing: 'Bing',
};
