// A path no screen matches: under an area of the route map not built yet (plannedRoutes.ts) its
// notice, anywhere else the index (foundation spec, section 2: "An unknown path redirects to the
// index"). react-admin's catch-all and the paths under each resource's name both end here.
import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Lazy } from '../core/Lazy.js';
import { plannedAreaOf } from '../core/plannedRoutes.js';

const NotYetAvailable = lazy(() => import('./NotYetAvailable.js'));

export function CatchAll() {
  const { pathname } = useLocation();
  if (!plannedAreaOf(pathname)) return <Navigate to="/" replace />;
  return (
    <Lazy key="planned">
      <NotYetAvailable />
    </Lazy>
  );
}

export default CatchAll;
