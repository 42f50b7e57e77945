// Onboarding reading order (HR document, sections 4 and 9), pure: the server decides with it and the
// screens may too. An onboarding is an ordered list of trails (prioridade 1, 2, ...), each an ordered
// list of contents (prioridade 1, 2, ...). The employee reads them in that order:
// - the next content is the one of the same trail with the next priority;
// - after the last content of a trail comes the first content of the next trail (empty trails are
//   skipped);
// - after the last content of the last trail, the congratulations screen.
// A content may be opened when it was already opened before, or when every content before it is
// finished: nobody opens a content (of this trail or of a trail ahead) by typing its URL.

/**
 * The texts of the bespoke onboarding screens (HR document, sections 2, 5 and 8), to the letter; the
 * list's toasts and delete confirmation are the onboardings schema's x-intranet.messages.
 */
export const ONBOARDING_MSG = {
  addLabel: 'NOVO ONBOARDING',
  loadError: 'Erro ao carregar dados do onboarding',
  trailsError: 'Erro ao carregar trilhas',
  vacanciesError: 'Erro ao carregar lista de vagas',
  updated: 'Onboarding atualizado com sucesso!',
  updateError: 'Erro ao atualizar onboarding',
  createError: 'Erro ao cadastrar onboarding',
  trailsLinked: 'Trilha(s) associada(s) com sucesso',
  trailsLinkError: 'Erro ao associar trilha(s)',
  trailUnlinkError: 'Erro ao desassociar trilha',
  imageError: 'Arquivo com formato inválido ou não encontrado!',
  coverFormat: 'O formato da imagem de capa não é permitido!',
  auxiliaryFormat: 'O formato da imagem auxiliar não é permitido!',
  readingStartError: 'A leitura do conteúdo não pode ser iniciada corretamente',
  contentRead: 'Conteúdo lido com sucesso',
  contentReadError: 'Erro ao concluir conteúdo',
  markAsRead: 'Marcar como lido e continuar',
  congratulations: 'Parabéns, você concluiu o onboarding',
  backHome: 'Voltar para página inicial',
  pendingTab: 'Pendentes',
  doneTab: 'Concluídos',
  vacanciesTitle: 'Vagas',
  /** Not in the spec: the answer to a content opened ahead of the reading order. */
  ahead: 'Conclua os conteúdos anteriores antes de abrir este conteúdo.',
  /** Not in the spec: the answer to a content, trail or onboarding that is not the employee's. */
  notYours: 'Este conteúdo não faz parte dos seus onboardings.',
  /** Not in the spec: changing a trail or content used by onboardings of providers the user does not administer. */
  trailOfOthers: 'Esta trilha faz parte de onboardings de outros provedores: só quem administra esses provedores pode alterá-la.',
  contentOfOthers: 'Este conteúdo faz parte de onboardings de outros provedores: só quem administra esses provedores pode alterá-lo.',
} as const;

/** Onboarding report page size (section 9). */
export const REPORT_PAGE_SIZE = 20;

export interface PlanContent {
  id_conteudo: number;
  prioridade: number;
}

export interface PlanTrail {
  id_trilha: number;
  prioridade: number;
  conteudos: PlanContent[];
}

/** What the employee did with a content of a trail (absent: never opened). */
export interface ProgressMark {
  id_trilha: number;
  id_conteudo: number;
  finalizado: boolean;
}

export interface Step {
  id_trilha: number;
  /** Priority of the trail in the onboarding. */
  prioridade_trilha: number;
  id_conteudo: number;
  /** Priority of the content in its trail. */
  prioridade: number;
}

export type NextStep = { kind: 'content'; step: Step } | { kind: 'trail'; step: Step } | { kind: 'done' };

/** Priority order; equal priorities keep a stable order by id (the database's tie-break). */
const byPriority = <T extends { prioridade: number }>(key: (x: T) => number) => (a: T, b: T) => a.prioridade - b.prioridade || key(a) - key(b);

/** The trails in reading order, each with its contents in reading order. */
export function orderPlan(plan: readonly PlanTrail[]): PlanTrail[] {
  return [...plan]
    .sort(byPriority((t) => t.id_trilha))
    .map((t) => ({ ...t, conteudos: [...t.conteudos].sort(byPriority((c) => c.id_conteudo)) }));
}

/** Every content of the onboarding in reading order. */
export function readingSequence(plan: readonly PlanTrail[]): Step[] {
  return orderPlan(plan).flatMap((t) =>
    t.conteudos.map((c) => ({ id_trilha: t.id_trilha, prioridade_trilha: t.prioridade, id_conteudo: c.id_conteudo, prioridade: c.prioridade })),
  );
}

const key = (id_trilha: number, id_conteudo: number) => `${id_trilha}:${id_conteudo}`;

function progressIndex(progress: readonly ProgressMark[]) {
  const map = new Map<string, ProgressMark>();
  for (const p of progress) map.set(key(p.id_trilha, p.id_conteudo), p);
  return map;
}

/** The content of a trail after the one with the given priority (null: the trail has no more). */
export function nextContentInTrail(plan: readonly PlanTrail[], id_trilha: number, prioridade: number): Step | null {
  const trail = orderPlan(plan).find((t) => t.id_trilha === id_trilha);
  const content = trail?.conteudos.find((c) => c.prioridade > prioridade);
  return trail && content ? { id_trilha, prioridade_trilha: trail.prioridade, id_conteudo: content.id_conteudo, prioridade: content.prioridade } : null;
}

/**
 * The first trail after the one with the given priority that has contents, with its first content
 * (null: no trail is left, the onboarding is over).
 */
export function nextTrail(plan: readonly PlanTrail[], prioridade: number): Step | null {
  const trail = orderPlan(plan).find((t) => t.prioridade > prioridade && t.conteudos.length > 0);
  if (!trail) return null;
  const first = trail.conteudos[0];
  return { id_trilha: trail.id_trilha, prioridade_trilha: trail.prioridade, id_conteudo: first.id_conteudo, prioridade: first.prioridade };
}

/** What follows a content: the next content of its trail, else the first of the next trail, else done. */
export function nextStep(plan: readonly PlanTrail[], id_trilha: number, id_conteudo: number): NextStep {
  const sequence = readingSequence(plan);
  const at = sequence.findIndex((s) => s.id_trilha === id_trilha && s.id_conteudo === id_conteudo);
  if (at < 0) {
    // Not (or no longer) in the plan: continue from the trail's position, if the trail is there.
    const trail = plan.find((t) => t.id_trilha === id_trilha);
    const step = trail ? nextTrail(plan, trail.prioridade) : null;
    return step ? { kind: 'trail', step } : { kind: 'done' };
  }
  const next = sequence[at + 1];
  if (!next) return { kind: 'done' };
  return next.id_trilha === id_trilha ? { kind: 'content', step: next } : { kind: 'trail', step: next };
}

/** The first content not finished yet, in reading order (null: everything is finished). */
export function frontier(plan: readonly PlanTrail[], progress: readonly ProgressMark[]): Step | null {
  const marks = progressIndex(progress);
  return readingSequence(plan).find((s) => !marks.get(key(s.id_trilha, s.id_conteudo))?.finalizado) ?? null;
}

/** The trail in progress: the trail of the first unfinished content (null when all are finished). */
export function currentTrail(plan: readonly PlanTrail[], progress: readonly ProgressMark[]): number | null {
  return frontier(plan, progress)?.id_trilha ?? null;
}

export type OpenDecision = 'ok' | 'not-in-plan' | 'ahead';

/**
 * Whether the employee may open (start or finish) a content: it must be in the plan, and either
 * already opened before or not past the first unfinished content.
 */
export function mayOpen(plan: readonly PlanTrail[], progress: readonly ProgressMark[], id_trilha: number, id_conteudo: number): OpenDecision {
  const sequence = readingSequence(plan);
  const at = sequence.findIndex((s) => s.id_trilha === id_trilha && s.id_conteudo === id_conteudo);
  if (at < 0) return 'not-in-plan';
  const marks = progressIndex(progress);
  if (marks.has(key(id_trilha, id_conteudo))) return 'ok';
  const firstOpen = sequence.findIndex((s) => !marks.get(key(s.id_trilha, s.id_conteudo))?.finalizado);
  return firstOpen < 0 || at <= firstOpen ? 'ok' : 'ahead';
}

export interface Completion {
  total: number;
  finished: number;
  /** Rounded percent (section 9), 0 when the onboarding has no content. */
  percent: number;
  /** Every content finished (an onboarding with no content is never done). */
  done: boolean;
}

export function completion(plan: readonly PlanTrail[], progress: readonly ProgressMark[]): Completion {
  const marks = progressIndex(progress);
  const sequence = readingSequence(plan);
  const finished = sequence.filter((s) => marks.get(key(s.id_trilha, s.id_conteudo))?.finalizado).length;
  return { total: sequence.length, finished, percent: percentOf(finished, sequence.length), done: sequence.length > 0 && finished === sequence.length };
}

/** Rounded percent of finished over total (0 when total is 0). */
export function percentOf(finished: number, total: number): number {
  return total > 0 ? Math.round((100 * finished) / total) : 0;
}

/** Colour of a completion percent (section 9): 80-100 positive, 60 up to 80 warning, below 60 negative. */
export function completionColor(percent: number): 'positive' | 'warning' | 'negative' {
  if (percent >= 80) return 'positive';
  if (percent >= 60) return 'warning';
  return 'negative';
}
