import { useEffect, useState } from 'react';
import { isSuperadmin } from '../../domain/roles.js';
import { useSession, type Session } from './session.js';
import type { Viewer } from './accessRules.js';

export function viewerOf(session: Session | null): Viewer {
  const roles = session?.roles ?? [];
  return { roles, employee: session?.user ? session.user.employee === 'true' : isSuperadmin(roles), usuarioId: session?.user?.usuarioId };
}

/** The signed-in user's roles and employee flag, following the session. */
export function useViewer(): Viewer & { session: Session | null } {
  const session = useSession();
  return { ...viewerOf(session), session };
}

/** The window's width, following resizes. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1366 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
