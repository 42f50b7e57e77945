// Shortly after load (200 ms) the roles stored locally are compared with the server's (GET
// /v1/auth/me); if they differ the user is signed out. A signed-in user with no name is sent to the
// profile page to complete it (foundation spec, section 4). A session that ends while the app is
// open (its refresh refused after a 401 of any call) leads to the Login route.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogout, useNotify } from 'react-admin';
import { ROLE_CHECK_DELAY_MS, sameRoles } from '../../domain/shell.js';
import { useIntranetAuth } from '../core/auth/context.js';
import { freshSession, getSession, refreshSession, setSession, toAuthSession, useSession } from '../core/session.js';

export const ROLES_CHANGED = 'Seus perfis de acesso foram alterados. Entre novamente.';

export const profilePath = (usuarioId: number | string) => `/users/profile/${usuarioId}`;

export function SessionGuard() {
  const auth = useIntranetAuth();
  const logout = useLogout();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  const signedIn = Boolean(useSession());

  useEffect(() => {
    if (!signedIn) void logout();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      const session = await freshSession();
      if (!session || cancelled) return;
      const client = await auth.client();
      let checked = session;
      let me;
      try {
        try {
          me = await client.currentSession(toAuthSession(session));
        } catch (error) {
          // A refused token: one refresh, one more try.
          if ((error as { status?: number }).status !== 401) throw error;
          const next = await refreshSession();
          if (!next) throw error;
          checked = next;
          me = await client.currentSession(toAuthSession(next));
        }
      } catch (error) {
        // Still refused: the session is over. Other failures (network) are only logged.
        if ((error as { status?: number }).status === 401 && !cancelled) void logout();
        else console.warn('checagem de perfis:', error);
        return;
      }
      if (cancelled) return;
      if (!sameRoles(me.roles, checked.roles)) {
        notify(ROLES_CHANGED, { type: 'warning', messageArgs: { _: ROLES_CHANGED } });
        void logout();
        return;
      }
      const current = getSession();
      if (current && current.token === checked.token) setSession({ ...current, user: me });
      if (!me.nome?.trim() && !path.current.startsWith(profilePath(me.usuarioId))) navigate(profilePath(me.usuarioId));
    }, ROLE_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Once per load of the signed-in app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
