// The pipeline board's pure rules: the columns' rows, the client-side search, the next step of a
// card, and the texts a card shows. No I/O.
import { APPLICATION_STATUSES, SOURCE_LABELS, slugify, type ApplicationStatus } from '../../src/domain/careers.js';
import { formatDate } from '../../src/domain/format.js';

/** A row of GET /api/applications (the view rh.candidatura_lista). */
export interface ApplicationRow {
  id: number;
  id_vaga: number;
  status: string;
  observacao: string | null;
  origem: string | null;
  status_em?: string | null;
  created_at: string;
  candidato_nome: string | null;
  candidato_email: string | null;
  candidato_telefone?: string | null;
  candidato_cidade: string | null;
  titulo_vaga?: string | null;
  id_empresa?: number | null;
  [field: string]: unknown;
}

export const isStatus = (value: unknown): value is ApplicationStatus => (APPLICATION_STATUSES as readonly unknown[]).includes(value);

/** The rows of each column, in the order given (the list's: newest first). */
export function groupByStatus<T extends Pick<ApplicationRow, 'status'>>(rows: readonly T[]): Record<ApplicationStatus, T[]> {
  const columns = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, [] as T[]])) as Record<ApplicationStatus, T[]>;
  for (const row of rows) if (isStatus(row.status)) columns[row.status].push(row);
  return columns;
}

/** Whether the candidate's name or e-mail holds the search text (accents, case and punctuation ignored). */
export function matchesSearch(row: Pick<ApplicationRow, 'candidato_nome' | 'candidato_email'>, query: string): boolean {
  const wanted = slugify(query);
  if (!wanted) return true;
  return [row.candidato_nome, row.candidato_email].some((text) => Boolean(text) && slugify(String(text)).includes(wanted));
}

/**
 * The step after `status` on the way to Aprovado; none after Aprovado, and none from Reprovado (the
 * last column is the way out, not a step forward).
 */
export function nextStatus(status: string): ApplicationStatus | null {
  if (!isStatus(status)) return null;
  const next = APPLICATION_STATUSES[APPLICATION_STATUSES.indexOf(status) + 1];
  return next && next !== 'reprovado' ? next : null;
}

/** The origin's name (SOURCE_LABELS), else the value as the server keeps it. */
export const sourceLabel = (origem: string | null | undefined) => (origem ? (SOURCE_LABELS[origem] ?? origem) : '');

/** Who applied: their name, else their e-mail. */
export const candidateName = (row: Pick<ApplicationRow, 'candidato_nome' | 'candidato_email'>) => row.candidato_nome || row.candidato_email || '';

/** The local day of an instant as DD/MM/YYYY (an application made at 23:30 in Brasília is of that day). */
export const localDate = (instant: string | null | undefined) => (instant ? formatDate(new Date(instant)) : '');

/** A LinkedIn profile as a link: the address given, or https:// before one typed without it. */
export function linkedinHref(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
}

/** Reads are tried again after a network failure, never after the server's own refusal (a 4xx): its message shows at once. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status >= 400 && status < 500) && failures < 2;
}
