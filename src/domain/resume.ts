// Resume rules (Currículo; foundation document sections 3 and 5, HR document section 5), shared by
// the server's write hooks and the browser's forms so both answer the same texts. Pure: no I/O.
//
// - Education: the start (data_inicio) must not be after the end (data_fim).
// - Experience: the same, with the experience's wording.
// - Certificate: the issue date must not be after the expiry (the spec is silent; same idea).
// The database holds the same rule as CHECK constraints; their violations map to the same texts on
// the same field (RESUME_CONSTRAINTS).
import { isIsoDate } from './validators.js';

export const RESUME_MSG = {
  educationDates: 'A data de ingresso não pode ser maior que a data de conclusão!',
  experienceDates: 'A data de ingresso não pode ser maior que a data de saída!',
  certificateDates: 'A data de validade não pode ser menor que a data de emissão!',
} as const;

export type ResumeKind = 'education' | 'experience' | 'certificate';

/** The resources of the resume (schemas/resume/*.json). */
export const RESUME_RESOURCES: Record<ResumeKind, string> = {
  education: 'resume-education',
  experience: 'resume-experience',
  certificate: 'resume-certificates',
};

/** Per kind: the start field, the end field (where the message shows) and the message. */
export const RESUME_DATE_RULES: Record<ResumeKind, { start: string; end: string; message: string }> = {
  education: { start: 'data_inicio', end: 'data_fim', message: RESUME_MSG.educationDates },
  experience: { start: 'data_inicio', end: 'data_fim', message: RESUME_MSG.experienceDates },
  certificate: { start: 'data_emissao', end: 'data_validade', message: RESUME_MSG.certificateDates },
};

/** CHECK constraints of migration 0040 -> the field and text of their violation. */
export const RESUME_CONSTRAINTS: Record<string, { field: string; message: string }> = {
  formacao_datas_check: { field: 'data_fim', message: RESUME_MSG.educationDates },
  experiencia_datas_check: { field: 'data_fim', message: RESUME_MSG.experienceDates },
  certificado_datas_check: { field: 'data_validade', message: RESUME_MSG.certificateDates },
};

export const resumeKindOf = (resource: string): ResumeKind | undefined =>
  (Object.keys(RESUME_RESOURCES) as ResumeKind[]).find((k) => RESUME_RESOURCES[k] === resource);

/** 'YYYY-MM-DD' (or the date part of an ISO timestamp) of a value, or null. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = value.slice(0, 10);
  return isIsoDate(day) ? day : null;
}

/** Whether a start and an end are in order (an absent or malformed date is another rule's business). */
export function datesInOrder(start: unknown, end: unknown): boolean {
  const a = dayOf(start);
  const b = dayOf(end);
  return !a || !b || a <= b;
}

/** The field errors of a whole resume entry ({} when it keeps the rules). */
export function resumeProblems(kind: ResumeKind, record: Record<string, unknown>): Record<string, string> {
  const rule = RESUME_DATE_RULES[kind];
  return datesInOrder(record[rule.start], record[rule.end]) ? {} : { [rule.end]: rule.message };
}

/** Labels of the education situations (stored CONCLUIDO, EM_ANDAMENTO, INCOMPLETO). */
export const EDUCATION_SITUATIONS = [
  { id: 'CONCLUIDO', name: 'Concluído' },
  { id: 'EM_ANDAMENTO', name: 'Em andamento' },
  { id: 'INCOMPLETO', name: 'Incompleto' },
] as const;

export const situationLabel = (value: unknown) => EDUCATION_SITUATIONS.find((s) => s.id === value)?.name ?? (typeof value === 'string' ? value : '');
