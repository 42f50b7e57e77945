// The built-in municipality list as the screens read it: GET /v1/municipios?q=&uf=&ibge=&limit=.
import { v1Json } from '../../src/admin/pages.js';

export interface Municipality {
  ID: string;
  label: string;
  Estado: string;
  uf: string;
  ibge: number;
}

export const STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;

/** Most entries one search asks for (a state has at most 853 municipalities). */
export const SEARCH_LIMIT = 1000;

export async function searchMunicipalities(params: { q?: string; uf?: string | null; ibge?: number[]; limit?: number }): Promise<Municipality[]> {
  const query = new URLSearchParams();
  if (params.q?.trim()) query.set('q', params.q.trim());
  if (params.uf) query.set('uf', params.uf);
  if (params.ibge?.length) query.set('ibge', params.ibge.join(','));
  query.set('limit', String(params.limit ?? SEARCH_LIMIT));
  const json = await v1Json<{ municipios: Municipality[] }>(`/v1/municipios?${query}`, { module: 'rh' });
  return json.municipios ?? [];
}

/** Lower case, no accents, single spaces: how two spellings of a city name are compared. */
export const cityKey = (nome: string, uf: string) =>
  `${nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[`´’‘]/g, "'").toLowerCase().replace(/\s+/g, ' ').trim()}|${uf}`;
