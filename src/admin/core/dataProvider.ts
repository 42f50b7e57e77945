// ra-data-simple-rest over /api, through a fetch wrapper that adds the session's bearer token and
// the role header of the resource's module, refreshes a token about to expire and retries once
// after a 401 with a refreshed one; plus getHistory() for the edit pages' history panel.
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type Identifier } from 'react-admin';
import type { AuditEntry } from '../../domain/history.js';
import { bestRole, effectiveRole, roleHeaderValue } from '../../domain/roles.js';
import { withSession, type Session } from './session.js';

export const ROLE_HEADER = 'X-Intranet-Role';

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<{ status: number; headers: Headers; body: string; json: any }>;

export interface IntranetDataProvider extends DataProvider {
  /** Audit rows of one record, newest first (at most 100). */
  getHistory(resource: string, id: Identifier): Promise<AuditEntry[]>;
}

/** The resource of an /api URL: /api/departments?x -> departments. */
export function resourceOfUrl(apiUrl: string, url: string): string | undefined {
  const rest = url.startsWith(apiUrl) ? url.slice(apiUrl.length) : new URL(url, 'http://x').pathname.replace(/^\/api/, '');
  return /^\/([^/?#]+)/.exec(rest)?.[1];
}

/**
 * The role a call acts with: the best of the user's effective roles in the resource's areas (an HR
 * manager who also reads onboarding acts on onboarding data with rh:gestor, the role the screen's
 * buttons were drawn for), the first area winning a tie; else the effective role of its main area.
 */
export function roleForAreas(roles: readonly string[], areas: string | readonly string[]): string {
  const list = typeof areas === 'string' ? [areas] : areas;
  const best = bestRole(roles, list);
  return best.includes(':') ? best : effectiveRole(roles, list[0] ?? 'user');
}

/** Sets the role header of a call acting with `role` (none for the guest's: see roleHeaderValue). */
export function setRoleHeader(headers: Headers, role: string) {
  const value = roleHeaderValue(role);
  if (value) headers.set(ROLE_HEADER, value);
}

/**
 * fetchJson with the session's credentials. `modules` maps a resource to its role area (rh,
 * vendas, ...); calls outside any resource use the 'user' role area.
 */
export function createHttpClient(apiUrl: string, modules: Record<string, string | string[]>): HttpClient {
  const attempt = (url: string, options: fetchUtils.Options, session: Session | null) => {
    const headers = new Headers((options.headers as HeadersInit | undefined) ?? { Accept: 'application/json' });
    if (session) {
      headers.set('Authorization', `Bearer ${session.token}`);
      const resource = resourceOfUrl(apiUrl, url);
      setRoleHeader(headers, roleForAreas(session.roles, (resource && modules[resource]) || 'user'));
    }
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  // An expired or revoked token: one refresh, one retry; a second 401 reaches checkError.
  return (url, options = {}) => withSession((session) => attempt(url, options, session));
}

export function createDataProvider(apiUrl: string, modules: Record<string, string | string[]>): IntranetDataProvider {
  const httpClient = createHttpClient(apiUrl, modules);
  const base = simpleRestProvider(apiUrl, httpClient);
  return {
    ...base,
    async getHistory(resource, id) {
      const { json } = await httpClient(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}/history?limit=100`);
      return Array.isArray(json) ? (json as AuditEntry[]) : [];
    },
  };
}
