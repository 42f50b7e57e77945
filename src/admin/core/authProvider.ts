// react-admin's authProvider over an IdentityClient (foundation spec, sections 2, 4 and 6): sign-in
// with its challenges, sign-out clearing local storage, the authentication check of the routes that
// need it, and canAccess from the same role rules the server applies (src/domain/roles.ts with each
// schema's x-intranet.access, module and alsoModules), through the generator's rightsOf so that
// menus, cards and generated screens agree.
import type { AuthProvider } from 'react-admin';
import { identityClientFor } from './auth/clientFactory.js';
import { rightsOf } from './access.js';
import { summaryByResource } from './resources.js';
import type { Operation } from './schemas.js';
import type { Challenge, ChallengeName, IdentityClient } from './auth/identityClient.js';
import { fromAuthSession, freshSession, getSession, setRefresher, setSession, toAuthSession, type Session } from './session.js';
import { isCandidate } from './accessRules.js';
import { viewerOf } from './useViewer.js';

/** Named routes (spec section 2). */
export const LOGIN_ROUTE = '/home/login/enter';
export const ADMIN_LOGIN_ROUTE = '/intranet';
export const RESET_PASSWORD_ROUTE = '/reset-password';
export const PUBLIC_HOME_ROUTE = '/home/vacancy';

const CHALLENGE_KEY = 'intranet.challenge';
/** Which login the last user of this browser signs in at (kept through sign-out: it names no one). */
const LOGIN_ROUTE_KEY = 'intranet.loginRoute';

/** Where someone signs in: staff at the staff login (/intranet), a candidate at the candidates' (/home/login/enter). */
export function loginRouteOf(session: Session | null): string {
  if (!session) return LOGIN_ROUTE;
  return isCandidate(viewerOf(session)) ? LOGIN_ROUTE : ADMIN_LOGIN_ROUTE;
}

/** The login of the last user of this browser (the candidates' when none is known). */
export function lastLoginRoute(): string {
  try {
    const route = localStorage.getItem(LOGIN_ROUTE_KEY);
    return route === ADMIN_LOGIN_ROUTE ? ADMIN_LOGIN_ROUTE : LOGIN_ROUTE;
  } catch {
    return LOGIN_ROUTE;
  }
}

function rememberLoginRoute(route: string) {
  try {
    localStorage.setItem(LOGIN_ROUTE_KEY, route);
  } catch {
    // no storage: the candidates' login is the default
  }
}

/** The pending sign-in challenge (kept so the forced new-password screen can complete it). */
export function getPendingChallenge(): Challenge | null {
  try {
    const raw = sessionStorage.getItem(CHALLENGE_KEY);
    return raw ? (JSON.parse(raw) as Challenge) : null;
  } catch {
    return null;
  }
}

export function setPendingChallenge(challenge: Challenge | null) {
  try {
    if (challenge) sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify(challenge));
    else sessionStorage.removeItem(CHALLENGE_KEY);
  } catch {
    // storage unavailable: the challenge lives as long as the page
  }
}

/** react-admin actions -> the schema's operations. */
const OPERATION_OF_ACTION: Record<string, Operation> = {
  list: 'list',
  export: 'list',
  show: 'get',
  read: 'get',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/**
 * Whether someone with `roles` may do `action` on `resource` (react-admin's canAccess): the rights
 * of the generated screens (rightsOf: a right held in the schema's module or one of its alsoModules).
 * Resources without a schema are left to the server: any signed-in user.
 */
export function canAccessResource(roles: readonly string[], resource: string, action: string): boolean {
  const config = summaryByResource.get(resource.split('.')[0]);
  if (!config) return roles.length > 0;
  return rightsOf(config, roles)[OPERATION_OF_ACTION[action] ?? 'get'];
}

export type LoginOutcome = { status: 'OK' } | { status: 'CHALLENGE'; challenge: ChallengeName };

export interface IntranetAuthProvider extends AuthProvider {
  /** Signs in; answers OK (session stored) or the challenge to complete (kept as pending). */
  login(params: { email: string; password: string }): Promise<LoginOutcome>;
  /** Completes the pending NEW_PASSWORD_REQUIRED challenge. */
  completeNewPassword(password: string): Promise<LoginOutcome>;
  /** Completes the pending SOFTWARE_TOKEN_MFA challenge. */
  verifyMfa(code: string): Promise<LoginOutcome>;
  /** The identity client in use. */
  client(): Promise<IdentityClient>;
}

export function createAuthProvider(options: { apiBase?: string; client?: Promise<IdentityClient> } = {}): IntranetAuthProvider {
  const client = () => options.client ?? identityClientFor(options.apiBase ?? '');

  setRefresher(async (session) => fromAuthSession(await (await client()).refresh(toAuthSession(session))));

  const outcome = (result: Awaited<ReturnType<IdentityClient['signIn']>>): LoginOutcome => {
    if (result.status === 'OK') {
      setPendingChallenge(null);
      const session = fromAuthSession(result.session);
      setSession(session);
      rememberLoginRoute(loginRouteOf(session));
      return { status: 'OK' };
    }
    setPendingChallenge(result.challenge);
    return { status: 'CHALLENGE', challenge: result.challenge.challenge };
  };

  const pending = (name: ChallengeName) => {
    const challenge = getPendingChallenge();
    if (!challenge || challenge.challenge !== name) throw new Error('no-challenge');
    return challenge;
  };

  return {
    client,

    async login({ email, password }) {
      return outcome(await (await client()).signIn(email, password));
    },

    async completeNewPassword(password) {
      return outcome(await (await client()).completeNewPassword(pending('NEW_PASSWORD_REQUIRED'), password));
    },

    async verifyMfa(code) {
      return outcome(await (await client()).verifyMfa(pending('SOFTWARE_TOKEN_MFA'), code));
    },

    // Sign-out revokes the session and clears local storage and state (spec section 4), and leads to
    // the login the user signs in at: staff to /intranet, a candidate to /home/login/enter.
    async logout() {
      const session = getSession();
      const route = session ? loginRouteOf(session) : lastLoginRoute();
      setSession(null);
      setPendingChallenge(null);
      try {
        localStorage.clear();
      } catch {
        // no storage
      }
      rememberLoginRoute(route);
      if (session?.refreshToken) await (await client().catch(() => null))?.signOut(toAuthSession(session));
      return route;
    },

    // Routes that need a signed-in user: none, or one whose token cannot be refreshed, goes to the
    // login of this browser's last user (logout() removes whatever was stored).
    async checkAuth() {
      const session = await freshSession();
      if (!session) throw { redirectTo: lastLoginRoute(), message: false };
    },

    // A 401 the data provider could not cure with a refresh ends the session; a 403 is a refusal of
    // one call (the role does not allow it), not a reason to sign out.
    async checkError(error) {
      const status = (error as { status?: number } | undefined)?.status;
      if (status === 401) {
        const session = getSession();
        const route = session ? loginRouteOf(session) : lastLoginRoute();
        setSession(null);
        throw { redirectTo: route, message: false };
      }
    },

    async getIdentity() {
      const session = getSession();
      if (!session) throw new Error('not signed in');
      const user = session.user;
      return { id: user?.usuarioId ?? 0, fullName: user?.nome || user?.email || '' };
    },

    async getPermissions() {
      return getSession()?.roles ?? [];
    },

    async canAccess({ resource, action }) {
      const session = getSession();
      if (!session) return false;
      return canAccessResource(session.roles, resource, action);
    },
  };
}
