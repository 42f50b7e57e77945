// The provider cities (rh.cidade_provedor) and the cities of addresses, as one piece for every way
// in (REST, GraphQL, the v1 calls): a name is stored as the built-in IBGE list spells it when it is a
// municipality of that state ('araxa'/MG is 'Araxá'), and a provider has each city once (compared
// without accents or case; a unique index on (id_empresa, uf, nome) backs it). A provider city must
// be such a municipality ('abc'/MG is refused); an address's city is only respelled when known.
import { municipalities, municipalityByIbge, searchKey } from '../../domain/municipalities.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { ResourceHooks } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import type { Address } from './cep.js';

export const CITY_MSG = {
  duplicate: 'Esta cidade já está cadastrada para este provedor.',
  tooMany: (n: number) => `Envie no máximo ${n} cidades.`,
  notMunicipality: 'Cidade não encontrada na lista de municípios do IBGE para a UF informada.',
} as const;

// uf|search key -> IBGE spelling: a replacement of thousands of cities looks each one up.
let spellings: Map<string, string> | null = null;

/** The IBGE spelling of a municipality of that state (accents, case and apostrophes ignored), or undefined. */
export function ibgeSpelling(nome: string, uf: string): string | undefined {
  spellings ??= new Map(municipalities().map((m) => [`${m.uf}|${searchKey(m.label)}`, m.label]));
  return spellings.get(`${uf}|${searchKey(nome)}`);
}

/** The name as the IBGE list spells it when it is a known municipality of that state. */
export function canonicalCity(nome: unknown, uf: unknown): unknown {
  if (typeof nome !== 'string' || typeof uf !== 'string') return nome;
  return ibgeSpelling(nome, uf) ?? nome;
}

/** A provider city is a municipality of its state: 400 on the name otherwise. */
export function assertMunicipality(nome: unknown, uf: unknown) {
  if (typeof nome === 'string' && typeof uf === 'string' && !ibgeSpelling(nome, uf)) {
    throw new ValidationError({ nome: CITY_MSG.notMunicipality });
  }
}

/** The city of an address as the IBGE list spells it (by IBGE code, then by name), else as the service wrote it. */
export function cityName(address: Address): string {
  const byCode = address.ibge !== null ? municipalityByIbge(address.ibge) : undefined;
  if (byCode && byCode.uf === address.estado) return byCode.label;
  return ibgeSpelling(address.cidade, address.estado) ?? address.cidade;
}

/** A provider's city of that name and state (accent- and case-insensitive), other than `exceptId`. */
export async function findCity(q: Queryable, idEmpresa: number, nome: string, uf: string, exceptId?: number) {
  const { rows } = await q.query(
    `SELECT * FROM rh.cidade_provedor WHERE id_empresa = $1 AND uf = $2 AND public.f_unaccent(nome) = public.f_unaccent($3) AND id <> $4 ORDER BY id LIMIT 1`,
    [idEmpresa, uf, nome, exceptId ?? 0],
  );
  return rows[0] ?? null;
}

/** The write rule of the cities resource: canonical name, and no second city of the same name and state. */
export const cityHooks: ResourceHooks = {
  async beforeWrite({ tx, values, existing, operation }) {
    if (operation === 'delete' || !values || !('nome' in values || 'uf' in values || 'id_empresa' in values)) return;
    const record = { ...(existing ?? {}), ...values };
    if ('nome' in values || 'uf' in values) assertMunicipality(record.nome, record.uf);
    const nome = canonicalCity(record.nome, record.uf) as string;
    if (nome !== record.nome) values.nome = nome;
    // The engine has refused a provider outside the caller's (403) before this runs: nothing about another provider's cities is told.
    if (await findCity(tx, record.id_empresa as number, nome, record.uf as string, existing?.id)) {
      throw new HttpError(409, CITY_MSG.duplicate, { nome: CITY_MSG.duplicate });
    }
  },
};

/** The city of a contracting company's address is spelled as the IBGE list does for its state. */
export const addressCityHooks: ResourceHooks = {
  async beforeWrite({ values, existing, operation }) {
    if (operation === 'delete' || !values || !('cidade' in values || 'estado' in values)) return;
    const record = { ...(existing ?? {}), ...values };
    if (typeof record.cidade === 'string') values.cidade = canonicalCity(record.cidade, record.estado);
  },
};
