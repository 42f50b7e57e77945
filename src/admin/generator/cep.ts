// CEP lookup of address forms (foundation document, sections 4 and 8; HR document, section 5): with
// the 9 characters of a masked CEP the address is looked up (GET /v1/cep/{cep}) and fills the
// form's address fields; an unknown code says 'CEP não encontrado, tente novamente'; a known code
// whose city the form's provider does not have yet offers to create it (POST /v1/createCity); with
// fewer than 6 characters the looked-up fields are cleared. Which fields are filled is read from the
// names the schemas use.
import { ApiError, v1Json } from '../core/api.js';

export const CEP_NOT_FOUND = 'CEP não encontrado, tente novamente';
/** Masked length that triggers the lookup, and the length under which the address is cleared. */
export const CEP_LOOKUP_LENGTH = 9;
export const CEP_CLEAR_BELOW = 6;

export interface CepAddress {
  cep?: string;
  endereco?: string;
  complemento?: string;
  bairro?: string;
  cidade?: string;
  estado?: string;
  ibge?: number | null;
  /** Provider city created by POST /v1/createCity. */
  id_cidade?: number | null;
}

/** The address fields a form may have, by the meaning of their name. */
const FIELD_NAMES: Record<keyof Omit<CepAddress, 'cep' | 'ibge'>, string[]> = {
  endereco: ['endereco', 'rua', 'logradouro'],
  bairro: ['bairro'],
  cidade: ['cidade', 'municipio_nome'],
  estado: ['estado', 'uf'],
  complemento: ['complemento'],
  id_cidade: ['id_cidade'],
};

/** The fields of this form filled by the lookup, keyed by address part. */
export function addressFieldsOf(fields: readonly string[]): Partial<Record<keyof typeof FIELD_NAMES, string>> {
  const out: Partial<Record<keyof typeof FIELD_NAMES, string>> = {};
  for (const [part, names] of Object.entries(FIELD_NAMES) as [keyof typeof FIELD_NAMES, string[]][]) {
    const found = names.find((n) => fields.includes(n));
    if (found) out[part] = found;
  }
  return out;
}

/**
 * The lookup fills these and clears them under 6 characters; numero is the user's, and complemento is
 * filled only when empty and cleared (when the CEP changes at all) only if the lookup wrote it.
 */
export const CLEARED_PARTS = ['endereco', 'bairro', 'cidade', 'estado', 'id_cidade'] as const;

function unwrap(json: any): CepAddress {
  const a = json?.endereco && typeof json.endereco === 'object' ? json.endereco : json?.address && typeof json.address === 'object' ? json.address : json;
  return {
    cep: a?.cep ?? a?.code,
    endereco: a?.endereco ?? a?.logradouro ?? a?.address,
    complemento: a?.complemento,
    bairro: a?.bairro ?? a?.district,
    cidade: a?.cidade ?? a?.localidade ?? a?.city,
    estado: a?.estado ?? a?.uf ?? a?.state,
    ibge: a?.ibge ?? null,
    id_cidade: a?.id_cidade ?? a?.city_id ?? null,
  };
}

const providerQuery = (idEmpresa: unknown) =>
  idEmpresa !== null && idEmpresa !== undefined && idEmpresa !== '' ? `?id_empresa=${encodeURIComponent(String(idEmpresa))}` : '';

/**
 * GET /v1/cep/{cep}?id_empresa=: the address (id_cidade: the provider's city, null when the
 * provider does not have it yet), or null when the code is unknown (other failures throw).
 */
export async function lookupCep(cep: string, module: string, idEmpresa?: unknown): Promise<CepAddress | null> {
  try {
    return unwrap(await v1Json(`/v1/cep/${encodeURIComponent(cep)}${providerQuery(idEmpresa)}`, { module }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /v1/createCity {cep, id_empresa}: the city added to the provider's cities, with its address ({criaCidade: {...}}). */
export async function createCity(cep: string, module: string, idEmpresa?: unknown): Promise<CepAddress> {
  const body: Record<string, unknown> = { cep };
  if (idEmpresa !== null && idEmpresa !== undefined && idEmpresa !== '') body.id_empresa = Number(idEmpresa);
  const json = await v1Json<{ criaCidade?: Record<string, unknown> }>('/v1/createCity', { method: 'POST', body: JSON.stringify(body), module });
  return unwrap(json.criaCidade ?? json);
}
