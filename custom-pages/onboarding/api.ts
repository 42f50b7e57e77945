// The documented v1 calls (HR document, section 7) through fetch, with the headers the data provider
// sends: the session's bearer token and the role header of the call's area. Onboarding calls accept
// a role of the onboarding or the rh area (section 6: "HR managers use the rh role"), so the higher
// of the two acts; the vacancy report is an rh call; the employee calls act with the user's own role.
import { useCallback } from 'react';
import { effectiveRole, levelOf } from '../../src/domain/roles.js';
import { freshSession, refreshSession, type Session } from '../../src/admin/session.js';
import { ROLE_HEADER } from '../../src/admin/dataProvider.js';
import { useApiBase } from '../../src/admin/auth/context.js';

export type Area = 'onboarding' | 'rh';

const RANK: Record<string, number> = { superadmin: 5, gestor: 4, solicitante: 3, leitor: 2, user: 1, guest: 0 };

/** The role a call of an area acts with: onboarding takes the better of its own and the rh role. */
export function areaRole(roles: readonly string[], area: Area): string {
  if (area === 'rh') return effectiveRole(roles, 'rh');
  const own = effectiveRole(roles, 'onboarding');
  const hr = effectiveRole(roles, 'rh');
  return RANK[levelOf(hr)] > RANK[levelOf(own)] ? hr : own;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: any,
  ) {
    super(message);
  }
}

async function attempt(base: string, method: string, path: string, body: unknown, area: Area, session: Session | null, blob: boolean) {
  const headers = new Headers({ Accept: blob ? '*/*' : 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    headers.set(ROLE_HEADER, areaRole(session.roles, area));
  }
  return fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** One call; answers the JSON (or the Blob) of a 200, throws ApiError with the server's message otherwise. */
export async function callApi<T = any>(base: string, method: string, path: string, body?: unknown, area: Area = 'onboarding', blob = false): Promise<T> {
  const session = await freshSession();
  let res = await attempt(base, method, path, body, area, session, blob);
  if (res.status === 401 && session?.refreshToken) {
    const next = await refreshSession();
    if (next) res = await attempt(base, method, path, body, area, next, blob);
  }
  if (res.status !== 200) {
    let json: any = null;
    try {
      json = await res.json();
    } catch {
      // no JSON body
    }
    throw new ApiError(typeof json?.message === 'string' ? json.message : `HTTP ${res.status}`, res.status, json);
  }
  return (blob ? res.blob() : res.json()) as Promise<T>;
}

/** The call function bound to the server the app talks to. */
export function useApi() {
  const base = useApiBase();
  return useCallback(
    <T = any,>(method: string, path: string, body?: unknown, area: Area = 'onboarding') => callApi<T>(base, method, path, body, area),
    [base],
  );
}

/** A file's bytes (GET /v1/files/{id}) as a Blob. */
export function useFileBlob() {
  const base = useApiBase();
  return useCallback((id: string) => callApi<Blob>(base, 'GET', `/v1/files/${encodeURIComponent(id)}`, undefined, 'onboarding', true), [base]);
}

/** Toast options of these screens (section 9: about 1 to 2 seconds). */
export const TOAST = { autoHideDuration: 2000 } as const;
