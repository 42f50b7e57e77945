// The filters of the HR reports (GET /v1/rh/relatorios/{relatorio}?...): read from the query string,
// checked (a bad one is 400 with a pt-BR message on its field, never 500) and given their defaults
// in São Paulo's calendar.
import { MSG } from '../../domain/messages.js';
import { DISMISSAL_TYPES, GENDERS, READINGS, SITUATION_LABELS } from '../../domain/hrReports.js';
import { todayInSaoPaulo } from '../roulette/service.js';
import { ValidationError } from '../schemas/validation.js';

export type FilterName =
  | 'id_empresa'
  | 'id_departamento'
  | 'inicio'
  | 'fim'
  | 'mes'
  | 'ano'
  | 'situacao'
  | 'tipo'
  | 'genero'
  | 'novidade'
  | 'leitura';

/** The query keys every report reads: sorting and paging. */
export const PAGING_KEYS = ['ordem', 'direcao', 'pagina', 'por_pagina'] as const;

export const SITUATIONS = Object.keys(SITUATION_LABELS) as (keyof typeof SITUATION_LABELS)[];
export type Situation = keyof typeof SITUATION_LABELS;
export { DISMISSAL_TYPES, GENDERS, READINGS };

export const FILTER_LABELS: Record<FilterName, string> = {
  id_empresa: 'Provedor',
  id_departamento: 'Departamento',
  inicio: 'Início',
  fim: 'Fim',
  mes: 'Mês',
  ano: 'Ano',
  situacao: 'Situação',
  tipo: 'Tipo',
  genero: 'Gênero',
  novidade: 'Novidade',
  leitura: 'Leitura',
};

export interface Filters {
  id_empresa?: number;
  id_departamento?: number;
  inicio?: string;
  fim?: string;
  mes?: number;
  ano?: number;
  situacao?: Situation;
  tipo?: string;
  genero?: string;
  novidade?: number;
  leitura?: string;
}

export interface Paging {
  ordem?: string;
  direcao: 'asc' | 'desc';
  pagina: number;
  /** Rows per page; 'todos' (the exports) is every row up to the server's list cap. */
  porPagina: number | 'todos';
}

const MAX_PAGE_SIZE = 500;
const MAX_PAGE = 1_000_000;

function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message }, `Filtro inválido: ${FILTER_LABELS[field as FilterName] ?? field}. ${message}`);
}

const intIn = (field: string, raw: string, min: number, max: number) => {
  if (!/^\d{1,10}$/.test(raw.trim())) fail(field, MSG.integer);
  const n = Number(raw);
  if (n < min || n > max) fail(field, `Informe um número de ${min} a ${max}.`);
  return n;
};

/** A calendar date: 'AAAA-MM-DD' or 'DD/MM/AAAA', a real day. */
export function toDate(field: string, raw: string): string {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : null;
  if (!parts) fail(field, 'Data inválida: use AAAA-MM-DD.');
  const [y, mo, d] = parts.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) fail(field, 'Data inválida.');
  return parts.join('-');
}

/** The first and last day of a year. */
export const yearRange = (year: number) => ({ inicio: `${year}-01-01`, fim: `${year}-12-31` });

/**
 * Reads a report's query: only its own filters (and sorting and paging) are allowed; each is checked;
 * one value per key.
 */
export function readQuery(query: unknown, allowed: readonly FilterName[], columns: readonly string[], required: readonly FilterName[] = []): { filters: Filters; paging: Paging } {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const filters: Filters = {};
  const paging: Paging = { direcao: 'asc', pagina: 1, porPagina: 20 };
  for (const [key, value] of Object.entries(q)) {
    if (Array.isArray(value)) fail(key, 'Informe um valor só.');
    if (value === undefined) continue;
    const raw = String(value);
    if (raw.length > 40) fail(key, MSG.invalid);
    if (!(allowed as readonly string[]).includes(key) && !(PAGING_KEYS as readonly string[]).includes(key)) {
      throw new ValidationError({ [key]: MSG.unknownFilter(key) }, MSG.unknownFilter(key));
    }
    if (raw.trim() === '') continue;
    switch (key) {
      case 'id_empresa':
      case 'id_departamento':
      case 'novidade':
        filters[key] = intIn(key, raw, 1, 2_147_483_647);
        break;
      case 'inicio':
      case 'fim':
        filters[key] = toDate(key, raw);
        break;
      case 'mes':
        filters.mes = intIn(key, raw, 1, 12);
        break;
      case 'ano':
        filters.ano = intIn(key, raw, 1900, 2200);
        break;
      case 'situacao':
        if (!(SITUATIONS as readonly string[]).includes(raw)) fail(key, `Use ${SITUATIONS.join(', ')}.`);
        filters.situacao = raw as Situation;
        break;
      case 'tipo':
        if (!(raw in DISMISSAL_TYPES)) fail(key, MSG.invalid);
        filters.tipo = raw;
        break;
      case 'genero':
        if (!(raw in GENDERS)) fail(key, MSG.invalid);
        filters.genero = raw;
        break;
      case 'leitura':
        if (!(raw in READINGS)) fail(key, MSG.invalid);
        filters.leitura = raw;
        break;
      case 'ordem':
        if (!columns.includes(raw)) fail(key, 'Coluna de ordenação inválida.');
        paging.ordem = raw;
        break;
      case 'direcao':
        if (raw !== 'asc' && raw !== 'desc') fail(key, 'Use asc ou desc.');
        paging.direcao = raw;
        break;
      case 'pagina':
        paging.pagina = intIn(key, raw, 1, MAX_PAGE);
        break;
      case 'por_pagina':
        paging.porPagina = raw === 'todos' ? 'todos' : intIn(key, raw, 1, MAX_PAGE_SIZE);
        break;
    }
  }
  if (filters.inicio && filters.fim && filters.inicio > filters.fim) fail('fim', 'O fim deve ser depois do início.');
  for (const key of required) if (filters[key] === undefined) fail(key, MSG.required);
  return { filters, paging };
}

/** Today in São Paulo, and its year and month. */
export function calendarToday(now = new Date()) {
  const today = todayInSaoPaulo(now);
  return { today, year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}
