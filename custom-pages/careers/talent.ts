// The resume database's, the keyword search's and the dashboard's pure rules: the answers' shapes,
// the filters of the address, the calls' query strings, the keyword page's address, and a snippet's
// marked words. No I/O.
import { slugify } from '../../src/domain/careers.js';
import { STATE_CODES } from '../../src/domain/municipalities.js';
import { isIsoDate } from '../../src/domain/validators.js';
import { KEYWORDS_BASE } from './routes.js';

/** Results per page (the resume database and the keyword search). */
export const TALENT_PAGE_SIZE = 20;

/** A person of GET /v1/careers/banco (and of the keyword search, with their application). */
export interface TalentResult {
  id_usuario: number;
  nome: string | null;
  email: string | null;
  funcionario: boolean;
  telefone: string | null;
  cidade: string | null;
  uf: string | null;
  linkedin: string | null;
  tem_curriculo: boolean;
  atualizado_em: string | null;
  relevancia: number;
  /** HTML-escaped text with <mark> around the words found. */
  trecho: string;
}

export interface TalentAnswer<T extends TalentResult = TalentResult> {
  total: number;
  resultados: T[];
}

/** A result of GET /v1/careers/vagas/{id}/candidatos/busca: the person and their application. */
export interface ApplicantResult extends TalentResult {
  id_candidatura: number;
  status: string;
  candidatura_em: string;
}

export interface KeywordsAnswer extends TalentAnswer<ApplicantResult> {
  vaga: { id: number; titulo_vaga: string };
}

export const PERSON_KINDS = ['candidato', 'funcionario'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** The resume database's filters, as the address keeps them (?q=&uf=&cidade=&tipo=&pagina=). */
export interface TalentFilters {
  q: string;
  uf: string;
  cidade: string;
  tipo: PersonKind | '';
  pagina: number;
}

export const TALENT_PARAMS = ['q', 'uf', 'cidade', 'tipo'] as const;

/** The page of the address (?pagina=, from 1); anything else is the first. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('pagina'));
  return Number.isInteger(page) && page >= 1 && page <= 5000 ? page : 1;
}

/** The filters of the address, values the server would refuse left out. */
export function talentFiltersOf(params: URLSearchParams): TalentFilters {
  const uf = (params.get('uf') ?? '').toUpperCase();
  const tipo = params.get('tipo') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    uf: (STATE_CODES as readonly string[]).includes(uf) ? uf : '',
    cidade: (params.get('cidade') ?? '').trim().slice(0, 120),
    tipo: (PERSON_KINDS as readonly string[]).includes(tipo) ? (tipo as PersonKind) : '',
    pagina: pageOf(params),
  };
}

/** A search's query string ('?q=...&offset=0&limit=20'): only the filters given, the page as offset and limit. */
export function searchQuery(filters: Partial<Omit<TalentFilters, 'pagina'>>, page: number): string {
  const query = new URLSearchParams();
  for (const name of TALENT_PARAMS) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  query.set('offset', String((page - 1) * TALENT_PAGE_SIZE));
  query.set('limit', String(TALENT_PAGE_SIZE));
  return `?${query}`;
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / TALENT_PAGE_SIZE));

/** The keyword search of a vacancy's applicants: /careers/admin/keywords/{title's slug}/{id}[/{words}]. */
export function keywordsPath(vacancyId: number, title: string | null | undefined, search = ''): string {
  const words = search.trim();
  return `${KEYWORDS_BASE}/${slugify(title ?? '') || 'vaga'}/${vacancyId}${words ? `/${encodeURIComponent(words)}` : ''}`;
}

const ID = /^\d{1,15}$/;

/**
 * What the keyword page's address names: the vacancy's id (its second segment; or its first, the
 * slug left out: /keywords/7) and the words. No id: null.
 */
export function keywordsTarget(params: { vacancyName?: string; id?: string; search?: string }): { id: number; search: string } | null {
  const { vacancyName = '', id = '', search = '' } = params;
  if (ID.test(id)) return { id: Number(id), search: search.trim() };
  if (!id && ID.test(vacancyName)) return { id: Number(vacancyName), search: '' };
  return null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An HTML-escaped text as plain text (&lt; -> <, &#39; -> '); unknown entities stay as written. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * A snippet's pieces, to be drawn as React text (never as HTML): the server's <mark> and </mark>
 * say which are the words found; everything else is text, any other tag included.
 */
export function snippetParts(html: string | null | undefined): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of (html ?? '').split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (piece) parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}

/** A day of the dashboard's period from the address: 'YYYY-MM-DD', else ''. */
export const dayParam = (value: string | null) => (value && isIsoDate(value) ? value : '');

/** The dashboard's query string: only what is given. */
export function dashboardQuery(filters: { de: string; ate: string; empresa: string }): string {
  const query = new URLSearchParams();
  if (filters.empresa) query.set('empresa', filters.empresa);
  if (filters.de) query.set('de', filters.de);
  if (filters.ate) query.set('ate', filters.ate);
  const text = query.toString();
  return text ? `?${text}` : '';
}
