// The foundation's map from a Brazilian state's name (upper case, no accents) to its abbreviation
// (foundation document, section 3): 26 states and the Federal District. ERP data and address
// services give the state by name; our records keep the code.
import { searchKey, STATE_CODES, type Uf } from './municipalities.js';

export const STATE_ABBREVIATIONS: Readonly<Record<string, Uf>> = Object.freeze({
  ACRE: 'AC',
  ALAGOAS: 'AL',
  AMAPA: 'AP',
  AMAZONAS: 'AM',
  BAHIA: 'BA',
  CEARA: 'CE',
  'DISTRITO FEDERAL': 'DF',
  'ESPIRITO SANTO': 'ES',
  GOIAS: 'GO',
  MARANHAO: 'MA',
  'MATO GROSSO': 'MT',
  'MATO GROSSO DO SUL': 'MS',
  'MINAS GERAIS': 'MG',
  PARA: 'PA',
  PARAIBA: 'PB',
  PARANA: 'PR',
  PERNAMBUCO: 'PE',
  PIAUI: 'PI',
  'RIO DE JANEIRO': 'RJ',
  'RIO GRANDE DO NORTE': 'RN',
  'RIO GRANDE DO SUL': 'RS',
  RONDONIA: 'RO',
  RORAIMA: 'RR',
  'SANTA CATARINA': 'SC',
  'SAO PAULO': 'SP',
  SERGIPE: 'SE',
  TOCANTINS: 'TO',
});

/**
 * The abbreviation of a state given by name, whatever its accents, case and spacing ('São Paulo',
 * ' sao  paulo ' -> 'SP'); a value that already is a code answers itself ('sp' -> 'SP'), since the
 * same column often mixes both. Undefined for anything else.
 */
export function stateAbbreviation(name: unknown): Uf | undefined {
  if (typeof name !== 'string') return undefined;
  const key = searchKey(name).toUpperCase();
  if (Object.prototype.hasOwnProperty.call(STATE_ABBREVIATIONS, key)) return STATE_ABBREVIATIONS[key];
  return (STATE_CODES as readonly string[]).includes(key) ? (key as Uf) : undefined;
}
