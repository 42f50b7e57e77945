// The documented v1 calls (HR document, section 7) through fetch, with the headers the data provider
// sends: the session's bearer token and the role header of the call's area. Onboarding calls accept
// a role of the onboarding or the rh area (section 6: "HR managers use the rh role"), so the higher
// of the two acts; the vacancy report is an rh call; the employee calls act with the user's own role.
import { useCallback } from 'react';
import { bestRole, effectiveRole } from '../../src/domain/roles.js';
import { ApiError, type Session, setRoleHeader, useApiBase, withSession } from '../../src/admin/pages.js';

export type Area = 'onboarding' | 'rh';
export { ApiError };

/** The role a call of an area acts with: onboarding takes the better of its own and the rh role. */
export function areaRole(roles: readonly string[], area: Area): string {
  return area === 'rh' ? effectiveRole(roles, 'rh') : bestRole(roles, ['onboarding', 'rh']);
}

async function attempt(base: string, method: string, path: string, body: unknown, area: Area, session: Session | null, blob: boolean) {
  const headers = new Headers({ Accept: blob ? '*/*' : 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    setRoleHeader(headers, areaRole(session.roles, area));
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status !== 200) {
    let json: any = null;
    try {
      json = await res.json();
    } catch {
      // no JSON body
    }
    throw new ApiError(typeof json?.message === 'string' ? json.message : `HTTP ${res.status}`, res.status, json);
  }
  return res;
}

/**
 * One call; answers the JSON (or the Blob) of a 200, throws ApiError with the server's message otherwise.
 * The session rule (fresh token, one refresh and retry after a 401) is the app's withSession().
 */
export async function callApi<T = any>(base: string, method: string, path: string, body?: unknown, area: Area = 'onboarding', blob = false): Promise<T> {
  const res = await withSession((session) => attempt(base, method, path, body, area, session, blob));
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
