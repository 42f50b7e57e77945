// The built-in municipality reference list (foundation document, section 3): every Brazilian
// municipality with its state, from the IBGE list of @brazilian-utils/brazilian-utils. Pure and lazy:
// the list is built on first use, so a bundle that never asks for it pays nothing at start.
//
// Shape of an entry, as the spec shows it: ID (numeric string, ascending along the list), label (the
// name in Portuguese), Estado (the state's id as a numeric string). Order: state groups in the
// alphabetical order of the state names (Acre, Alagoas, ..., Minas Gerais, Pará, Paraíba, Paraná,
// Pernambuco, ...), each group alphabetical. The state id is the position of the state's code in
// alphabetical order of the codes (AC 1, AL 2, AM 3, AP 4, ..., MG 11, ..., PA 14, PB 15, PE 16,
// PI 17, PR 18, RJ 19, RN 20, RO 21, RR 22, RS 23, SC 24, SE 25, SP 26, TO 27), which is what the
// spec's examples show (MG 11 ending the first groups, then 14, 15, 18, 16, 17, 19, 20, 23, 21, 22,
// 24, 26, 25, 27). Every entry also carries uf (the state code) and ibge (the 7-digit IBGE code):
// the IBGE code is what records keep (a holiday's municipio), because it never changes while the
// positional ID shifts whenever the IBGE creates a municipality.
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';

export const STATE_CODES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof STATE_CODES)[number];

/** Texts of the city inputs (the toast when a city list cannot be loaded: marketing document, events). */
export const CITY_MSG = {
  loadError: 'Erro ao buscar cidades!',
} as const;

export interface MunicipalityEntry {
  /** Position in the list, from 1, as a numeric string. */
  ID: string;
  /** Name in Portuguese. */
  label: string;
  /** State id (1 to 27) as a numeric string. */
  Estado: string;
  uf: Uf;
  /** 7-digit IBGE code. */
  ibge: number;
}

export interface StateEntry {
  id: string;
  uf: Uf;
  nome: string;
}

export const isUf = (value: unknown): value is Uf => typeof value === 'string' && (STATE_CODES as readonly string[]).includes(value);

/** The state id of the reference list: the code's position in alphabetical order, from 1. */
export const stateIdOf = (uf: Uf) => String(STATE_CODES.indexOf(uf) + 1);

/** Lower case, no accents, one kind of apostrophe, single spaces: for accent-insensitive search. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[`´’‘]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

let states: StateEntry[] | null = null;
let list: MunicipalityEntry[] | null = null;
let keys: string[] | null = null;
let byIbge: Map<number, MunicipalityEntry> | null = null;

/** The 27 states in the order of the reference list (by name). */
export function states27(): StateEntry[] {
  states ??= getStates().map((s) => ({ id: stateIdOf(s.code as Uf), uf: s.code as Uf, nome: s.name }));
  return states;
}

/** Every municipality, in the reference list's order. The same array on every call: do not mutate. */
export function municipalities(): readonly MunicipalityEntry[] {
  if (!list) {
    const out: MunicipalityEntry[] = [];
    // getStates() is sorted by name (pt-BR), and each state's municipalities by name (pt-BR).
    for (const state of states27()) {
      for (const m of getMunicipalities(state.uf)) {
        out.push({ ID: String(out.length + 1), label: m.name, Estado: state.id, uf: state.uf, ibge: Number(m.code) });
      }
    }
    list = out;
  }
  return list;
}

/** The entry of an IBGE code, or undefined. */
export function municipalityByIbge(code: number): MunicipalityEntry | undefined {
  byIbge ??= new Map(municipalities().map((m) => [m.ibge, m]));
  return byIbge.get(code);
}

/** The municipality of a state with this name (accents, case and apostrophes ignored), or undefined. */
export function findMunicipality(name: string, uf: string): MunicipalityEntry | undefined {
  if (!isUf(uf)) return undefined;
  const key = searchKey(name);
  return municipalities().find((m) => m.uf === uf && searchKey(m.label) === key);
}

export interface MunicipalitySearch {
  /** Words that must all occur in the name (accent- and case-insensitive). */
  q?: string;
  uf?: Uf;
  /** Only these IBGE codes (to show the labels of chosen cities). */
  ibge?: number[];
  limit?: number;
  offset?: number;
}

/** Filters the list keeping its order; answers the page and the number of matches. */
export function searchMunicipalities(search: MunicipalitySearch = {}): { municipios: MunicipalityEntry[]; total: number } {
  const all = municipalities();
  keys ??= all.map((m) => searchKey(m.label));
  const words = search.q ? searchKey(search.q).split(' ').filter(Boolean) : [];
  const codes = search.ibge ? new Set(search.ibge) : null;
  const matches: MunicipalityEntry[] = [];
  for (let i = 0; i < all.length; i++) {
    const m = all[i];
    if (search.uf && m.uf !== search.uf) continue;
    if (codes && !codes.has(m.ibge)) continue;
    if (words.length && !words.every((w) => keys![i].includes(w))) continue;
    matches.push(m);
  }
  const offset = Math.max(0, search.offset ?? 0);
  const limit = search.limit ?? matches.length;
  return { municipios: matches.slice(offset, offset + limit), total: matches.length };
}
