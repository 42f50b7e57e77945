// Holiday rules (foundation document, sections 3, 4 and 5), shared by the server's write hook and the
// browser's form so both apply the same rules with the same texts. Pure: no I/O.
//
// - tipo is Nacional, Estadual or Municipal.
// - The state (uf) is enabled only for Estadual and Municipal, and required for Estadual; for
//   Nacional it is cleared.
// - Cities (municipio, the IBGE codes of the reference list) cannot be chosen for Nacional or
//   Estadual holidays; a Municipal holiday needs at least one. When a Municipal holiday names its
//   state, its cities belong to that state.
// - data is kept as month-day (MM-DD); recorrencia_anual says whether it comes back every year;
//   a one-off holiday happens only in its year (ano: by default the year it is registered in, so
//   one registered in December for January names the next year); a recurring one has no year.
import { MSG } from './messages.js';
import { municipalityByIbge } from './municipalities.js';
import { isIsoDate, isMonthDay } from './validators.js';

export const HOLIDAY_TYPES = ['Nacional', 'Estadual', 'Municipal'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

export const HOLIDAY_MSG = {
  citiesBlocked: 'Não é possivel selecionar cidades para feriados nacionais ou estaduais.',
  citiesRequired: 'Selecione uma ou mais cidades',
  cityUnknown: 'Cidade não encontrada na lista de municípios.',
  cityOtherState: 'As cidades selecionadas precisam ser do estado escolhido.',
} as const;

export interface HolidayFields {
  tipo?: unknown;
  uf?: unknown;
  municipio?: unknown;
  recorrencia_anual?: unknown;
  ano?: unknown;
}

/** The year input is enabled only for one-off holidays (recorrencia_anual off). */
export const yearEnabled = (recorrente: unknown) => recorrente === false;

/** The state selector is enabled only for Estadual and Municipal holidays. */
export const stateEnabled = (tipo: unknown) => tipo === 'Estadual' || tipo === 'Municipal';
/** The state is required only for Estadual holidays. */
export const stateRequired = (tipo: unknown) => tipo === 'Estadual';
/** Cities can be chosen only for Municipal holidays (the dual list is blocked otherwise). */
export const citiesEnabled = (tipo: unknown) => tipo === 'Municipal';
/** The message shown in place of the dual list when cities cannot be chosen. */
export const citiesBlockedMessage = (tipo: unknown) => (tipo === 'Nacional' || tipo === 'Estadual' ? HOLIDAY_MSG.citiesBlocked : null);

const cityCodes = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/**
 * The values the form and the server change by themselves: a Nacional holiday has no state; a
 * recurring one has no year; a one-off one without a year gets `currentYear` (the year it is
 * registered in). Answers only the fields to change ({} when nothing changes).
 */
export function holidayCorrections(h: HolidayFields, currentYear = new Date().getFullYear()): { uf?: null; ano?: number | null } {
  const out: { uf?: null; ano?: number | null } = {};
  if (h.tipo === 'Nacional' && h.uf != null) out.uf = null;
  if (h.recorrencia_anual === false && h.ano == null) out.ano = currentYear;
  else if (h.recorrencia_anual !== false && h.ano != null && h.recorrencia_anual !== undefined) out.ano = null;
  return out;
}

/** Field errors of a holiday (after holidayCorrections), in pt-BR; {} when it is valid. */
export function holidayErrors(h: HolidayFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const cities = cityCodes(h.municipio);
  const uf = typeof h.uf === 'string' && h.uf !== '' ? h.uf : null;
  if (stateRequired(h.tipo) && !uf) errors.uf = MSG.required;
  if (h.tipo === 'Nacional' || h.tipo === 'Estadual') {
    if (cities.length) errors.municipio = HOLIDAY_MSG.citiesBlocked;
  } else if (h.tipo === 'Municipal') {
    if (!cities.length) errors.municipio = HOLIDAY_MSG.citiesRequired;
    else {
      for (const code of cities) {
        const city = typeof code === 'number' ? municipalityByIbge(code) : undefined;
        if (!city) {
          errors.municipio = HOLIDAY_MSG.cityUnknown;
          break;
        }
        if (uf && city.uf !== uf) {
          errors.municipio = HOLIDAY_MSG.cityOtherState;
          break;
        }
      }
    }
  }
  return errors;
}

/** MM-DD of a date given as YYYY-MM-DD, DD/MM/YYYY or already MM-DD; null when it is not a date. */
export function toMonthDay(value: string): string | null {
  const v = value.trim();
  if (isMonthDay(v)) return v;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso && isIsoDate(`${iso[1]}-${iso[2]}-${iso[3]}`)) return `${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (br && isIsoDate(`${br[3]}-${br[2]}-${br[1]}`)) return `${br[2]}-${br[1]}`;
  return null;
}

/** DD/MM of a month-day, as the lists show it. */
export const formatMonthDay = (md: string) => (isMonthDay(md) ? `${md.slice(3, 5)}/${md.slice(0, 2)}` : MSG.date);

export interface HolidayRecord {
  data: string;
  tipo: string;
  uf?: string | null;
  municipio?: number[] | null;
  ativo?: boolean;
  recorrencia_anual?: boolean;
  /** The year of a one-off holiday (null on older rows: the year of created_at). */
  ano?: number | null;
  created_at?: string | Date;
}

/**
 * Whether a holiday falls on a date (YYYY-MM-DD) at a place: active, same month and day, every year
 * when recorrencia_anual (else only in its year, ano), and for the place: Nacional
 * everywhere, Estadual in its state, Municipal in its cities (IBGE codes).
 */
export function holidayFallsOn(h: HolidayRecord, date: string, place: { uf?: string | null; ibge?: number | null } = {}): boolean {
  if (h.ativo === false || !isIsoDate(date) || date.slice(5) !== h.data) return false;
  if (h.recorrencia_anual === false && (h.ano != null || h.created_at != null)) {
    const year = h.ano ?? new Date(h.created_at!).getUTCFullYear();
    if (Number(date.slice(0, 4)) !== year) return false;
  }
  if (h.tipo === 'Nacional') return true;
  if (h.tipo === 'Estadual') return Boolean(place.uf) && place.uf === h.uf;
  if (h.tipo === 'Municipal') return place.ibge != null && (h.municipio ?? []).includes(place.ibge);
  return false;
}
