// The public sponsorship calls (the calls documented in /docs: src/server/v1/sponsorship.ts), made without sign-in: a plain fetch
// to the app's server (`apiBase`, '' for the page's own origin), no token or role header.
import { SPONSORSHIP_MSG } from '../../src/domain/sponsorship.js';
import { SPONSORSHIP_TEXTS as T } from './texts.js';

export interface PublicProvider {
  id: number;
  nome: string;
  slug: string;
}

/** The answer of a request sent (201). */
export interface SentRequest {
  id: number;
  protocolo: string;
  email: string;
}

/** A refused call: its status (0 without an answer), the server's message and its errors by field. */
export class SponsorshipApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The answer's JSON, or the refusal with the server's message (else `fallback`, or the throttle's text on 429). */
async function answer<T>(request: Promise<Response>, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new SponsorshipApiError(0, T.network);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: unknown; errors?: unknown }) | null;
  if (response.ok && body !== null) return body;
  const message = typeof body?.message === 'string' && body.message ? body.message : response.status === 429 ? SPONSORSHIP_MSG.tooMany : fallback;
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
  throw new SponsorshipApiError(response.status, message, errors);
}

export const PROVIDERS_PATH = '/v1/public/patrocinios/provedores';
export const SEND_PATH = '/v1/public/patrocinios';

export function sponsorshipApi(apiBase: string) {
  return {
    /** The active providers, which receive requests. */
    providers: () =>
      answer<{ provedores: PublicProvider[] }>(fetch(`${apiBase}${PROVIDERS_PATH}`, { headers: { Accept: 'application/json' } }), T.loadError).then((r) => r.provedores ?? []),
    /** POST multipart/form-data: the browser sets the Content-Type with its boundary. */
    send: (body: FormData) => answer<SentRequest>(fetch(`${apiBase}${SEND_PATH}`, { method: 'POST', body, headers: { Accept: 'application/json' } }), SPONSORSHIP_MSG.sendError),
  };
}

/** The provider a route names, by its slug (any case) or its id. */
export function providerOf(providers: readonly PublicProvider[], param: string | undefined): PublicProvider | undefined {
  if (!param) return undefined;
  const key = param.toLowerCase();
  return providers.find((p) => p.slug.toLowerCase() === key || String(p.id) === param);
}
