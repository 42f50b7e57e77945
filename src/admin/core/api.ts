// The documented v1 calls the generated screens and custom pages make besides /api (files, CEP,
// municipalities, provider cities, profile, ...): the session's bearer token and the effective role
// of the call's module, refreshed and retried once after a 401 as the data provider does for /api
// (the same withSession()). The base is the page's origin; tests point it at their server.
import { roleForAreas, setRoleHeader } from './dataProvider.js';
import { MSG } from '../../domain/messages.js';
import { useApiBase } from './auth/context.js';
import { withSession, type Session } from './session.js';

let base = '';

/** Where the server is ('' for the page's own origin). */
export function setApiOrigin(origin: string) {
  base = origin.replace(/\/$/, '');
}

export const apiUrl = (path: string) => `${base}${path}`;

/** Follows the app's server origin (App's apiBase): screens making v1 calls use it once at their top. */
export function useApiOrigin() {
  const origin = useApiBase();
  if (origin.replace(/\/$/, '') !== base) setApiOrigin(origin);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The role area(s) of a call: its role header is the user's role of the first area where they hold one. */
export type Areas = string | readonly string[];

function headersFor(module: Areas, session: Session | null, init?: HeadersInit) {
  const headers = new Headers(init);
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    setRoleHeader(headers, roleForAreas(session.roles, module));
  }
  return headers;
}

/** fetch() of a v1 path with the session's credentials; non-2xx answers throw ApiError with the server's text. */
export function v1Fetch(path: string, options: RequestInit & { module?: Areas } = {}): Promise<Response> {
  const { module = 'rh', ...init } = options;
  return withSession(async (session) => {
    const headers = headersFor(module, session, init.headers);
    if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    const response = await fetch(apiUrl(path), { ...init, headers });
    if (!response.ok) {
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // not JSON
      }
      const message = (body as { message?: string } | null)?.message || MSG.failure;
      throw new ApiError(message, response.status, body);
    }
    return response;
  });
}

export async function v1Json<T = any>(path: string, options: RequestInit & { module?: Areas } = {}): Promise<T> {
  const response = await v1Fetch(path, options);
  return (await response.json()) as T;
}

export interface UploadedFile {
  id: string;
  name: string;
  type: string;
}

/** POST /v1/files/ (multipart 'file[]' and 'bucket-id'): the stored file's id, name and type. */
export async function uploadFile(file: File, bucket: string, module: Areas = 'rh'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('bucket-id', bucket);
  form.append('file[]', file, file.name);
  const json = await v1Json<{ processedFiles: UploadedFile[] }>('/v1/files/', { method: 'POST', body: form, module });
  const stored = json.processedFiles?.[0];
  if (!stored) throw new ApiError(MSG.failure, 500, json);
  return stored;
}

/** GET /v1/files/{id} with the bearer token, as a blob (images are shown through an object URL). */
export async function downloadFile(id: string, module: Areas = 'rh'): Promise<Blob> {
  const response = await v1Fetch(`/v1/files/${encodeURIComponent(id)}`, { module });
  return response.blob();
}

/** The file name a response's Content-Disposition gives (the exact UTF-8 one when present), or null. */
export function attachmentName(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? null;
}

/** A v1 download (a stored file, a template, a report): its bytes and the name the server gives it, else `fallback`. */
export async function downloadNamed(path: string, fallback: string, module: Areas = 'rh'): Promise<{ blob: Blob; name: string }> {
  const response = await v1Fetch(path, { module });
  return { blob: await response.blob(), name: attachmentName(response) || fallback };
}
