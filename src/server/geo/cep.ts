// CEP lookup on a configurable ViaCEP-compatible address service (CEP_SERVICE_URL, with {cep} where
// the 8 digits go). ViaCEP answers 200 with the address, 200 {"erro": true} for an unknown code and
// 400 for a malformed one; anything else (no answer in time, refused connection, 5xx, not JSON) means
// the service is unavailable, which the screens explain so the user can type the address instead.
import { isUf, type Uf } from '../../domain/municipalities.js';
import { MSG } from '../../domain/messages.js';
import { onlyDigits } from '../../domain/validators.js';
import { HttpError } from '../errors.js';

export const CEP_MSG = {
  notFound: 'CEP não encontrado, tente novamente',
  unavailable: 'Serviço de CEP indisponível no momento. Preencha o endereço manualmente.',
  invalid: MSG.cep,
} as const;

export const CEP_TIMEOUT_MS = 5_000;
/** Largest answer read from the service (a ViaCEP answer is about 300 bytes). */
const MAX_BODY = 64 * 1024;

export interface Address {
  /** #####-### */
  cep: string;
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: Uf;
  /** 7-digit IBGE code of the city, when the service tells it. */
  ibge: number | null;
}

export interface CepClientOptions {
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const cepInvalid = () => new HttpError(400, CEP_MSG.invalid, { cep: CEP_MSG.invalid }, 'CepInvalid');
export const cepNotFound = () => new HttpError(404, CEP_MSG.notFound, { cep: CEP_MSG.notFound }, 'CepNotFound');
export const cepUnavailable = () => new HttpError(503, CEP_MSG.unavailable, undefined, 'CepServiceUnavailable');

/** The 8 digits of a CEP given as ########, #####-### or #####.### (else 400 'CEP invalido'). */
export function cepDigits(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw cepInvalid();
  const text = String(value).trim();
  if (!/^\d{5}[-.]?\d{3}$/.test(text)) throw cepInvalid();
  return onlyDigits(text);
}

export const formatCep = (digits: string) => `${digits.slice(0, 5)}-${digits.slice(5)}`;

export function cepUrl(template: string, digits: string) {
  return template.includes('{cep}') ? template.replaceAll('{cep}', () => digits) : `${template.replace(/\/+$/, '')}/${digits}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Looks a CEP up: the address, or 400 (malformed), 404 (unknown) or 503 (service unavailable). */
export async function lookupCep(cep: unknown, options: CepClientOptions): Promise<Address> {
  const digits = cepDigits(cep);
  const doFetch = options.fetch ?? fetch;
  let status: number;
  let body: string;
  try {
    const response = await doFetch(cepUrl(options.url, digits), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? CEP_TIMEOUT_MS),
      redirect: 'follow',
    });
    status = response.status;
    body = await response.text();
  } catch {
    // Refused, reset, DNS failure, timeout (AbortSignal), bad URL.
    throw cepUnavailable();
  }
  // ViaCEP answers 400 for a code it considers malformed: for the user it is a code that does not exist.
  if (status === 400 || status === 404) throw cepNotFound();
  if (status < 200 || status >= 300 || body.length > MAX_BODY) throw cepUnavailable();
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw cepUnavailable();
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw cepUnavailable();
  const d = data as Record<string, unknown>;
  if (d.erro === true || d.erro === 'true') throw cepNotFound();
  const cidade = text(d.localidade);
  const uf = text(d.uf).toUpperCase();
  if (!cidade || !isUf(uf)) throw cepNotFound();
  const ibge = /^\d{7}$/.test(text(d.ibge)) ? Number(d.ibge) : null;
  return {
    cep: formatCep(digits),
    endereco: text(d.logradouro),
    complemento: text(d.complemento),
    bairro: text(d.bairro),
    cidade,
    estado: uf,
    ibge,
  };
}
