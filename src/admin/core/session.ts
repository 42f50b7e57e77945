// The signed-in session (foundation spec, sections 3, 4 and 7): identity token, refresh token and
// the session user, kept in localStorage so a reload stays signed in. The data provider reads it to
// add the bearer token and the role header; the authProvider writes it on sign-in, refresh and
// sign-out. Components follow it with useSession().
import { useSyncExternalStore } from 'react';
import type { AuthSession, SessionUser } from './auth/identityClient.js';

export interface Session {
  /** Identity token sent as 'Authorization: Bearer <token>'. */
  token: string;
  /** Every role of the user: 'users:superadmin', 'rh:gestor', 'vendas:leitor', 'user', ... */
  roles: string[];
  /** Refresh token (rotated by the built-in identity on every refresh). */
  refreshToken?: string;
  /** When the identity token expires (epoch ms). */
  expiresAt?: number;
  /** The session user of the spec (section 3). */
  user?: SessionUser;
}

export const SESSION_KEY = 'intranet.session';

let current: Session | null | undefined;
const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

function load(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return s && typeof s.token === 'string' && Array.isArray(s.roles) ? s : null;
  } catch {
    return null;
  }
}

/** The current session, or null when nobody is signed in. */
export function getSession(): Session | null {
  if (current === undefined) current = load();
  return current;
}

/** Installs (sign-in, refresh) or removes (sign-out) the session, in memory and in localStorage. */
export function setSession(session: Session | null) {
  current = session;
  const store = storage();
  if (session) store?.setItem(SESSION_KEY, JSON.stringify(session));
  else store?.removeItem(SESSION_KEY);
  for (const l of [...listeners]) l();
}

/** The session of an identity provider's answer. */
export function fromAuthSession(s: AuthSession): Session {
  return { token: s.idToken, refreshToken: s.refreshToken, expiresAt: s.expiresAt, roles: s.user.roles, user: s.user };
}

/** The identity-client view of the stored session. */
export function toAuthSession(s: Session): AuthSession {
  return {
    idToken: s.token,
    refreshToken: s.refreshToken ?? '',
    expiresAt: s.expiresAt ?? 0,
    user: s.user ?? { userId: '', usuarioId: 0, email: '', nome: null, roles: s.roles, modules: [], employee: 'false' },
  };
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== SESSION_KEY && e.key !== null) return;
    current = load();
    for (const l of [...listeners]) l();
  });
}

/** The current session, re-rendering on sign-in, refresh and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// Refresh: the auth layer registers how (the identity client); the data provider asks for it before
// a token expires and once after a 401. Concurrent callers share one refresh (the refresh token
// rotates, so two parallel refreshes would revoke the session).
type Refresher = (session: Session) => Promise<Session>;
let refresher: Refresher | null = null;
let inFlight: Promise<Session | null> | null = null;

export function setRefresher(fn: Refresher | null) {
  refresher = fn;
}

/** Refresh a token this close to its expiry before using it. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * A new identity token for the current session; null when there is no session, no way to refresh,
 * or the provider refuses (the session is then cleared).
 */
export function refreshSession(): Promise<Session | null> {
  const session = getSession();
  if (!session || !refresher || !session.refreshToken) return Promise.resolve(null);
  if (!inFlight) {
    const run = refresher;
    inFlight = run(session)
      .then((next) => {
        // Signed out meanwhile: keep it so.
        if (getSession()?.token !== session.token) return getSession();
        setSession(next);
        return next;
      })
      .catch(() => {
        if (getSession()?.token === session.token) setSession(null);
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/** The session with a token valid for at least REFRESH_MARGIN_MS (refreshing it if needed). */
export async function freshSession(now = Date.now()): Promise<Session | null> {
  const session = getSession();
  if (!session) return null;
  if (session.expiresAt && session.refreshToken && session.expiresAt - now < REFRESH_MARGIN_MS) return refreshSession();
  return session;
}

/**
 * Runs a call with the session's credentials, the one way every call of the app gets them (the data
 * provider, the v1 calls, the notifications): a token about to expire is refreshed first, and after
 * a 401 the session is refreshed once and the call tried once more; a second 401 is the caller's
 * (the session is over). `call` gets null when nobody is signed in.
 */
export async function withSession<T>(call: (session: Session | null) => Promise<T>): Promise<T> {
  const session = await freshSession();
  try {
    return await call(session);
  } catch (error) {
    if ((error as { status?: number } | null)?.status !== 401 || !session?.refreshToken) throw error;
    // Another call may have refreshed meanwhile: its token is the one to try.
    const current = getSession();
    const next = current && current.token !== session.token ? current : await refreshSession();
    if (!next) throw error;
    return call(next);
  }
}

// The effective role of a module (superadmin, gestor, solicitante, leitor, user, else guest) is
// decided by the shared domain code, the same function the server checks the header with.
export { effectiveRole } from '../../domain/roles.js';
