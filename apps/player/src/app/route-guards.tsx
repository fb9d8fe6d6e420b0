// §6 route guards: each route states who may open it (null public, [] guests only, else roles).
import type { ReactNode } from 'react';
import { decideAccess, type RouteAuth } from '../shared/auth/access';
import { useAuthStore } from '../shared/auth/auth-store';
import { type Location, Navigate, useLocation } from '../shared/router';

export const notFoundPath = '/pages/errors/error-404';

type From = Pick<Location, 'pathname' | 'search' | 'hash'>;
const home: From = { pathname: '/', search: '', hash: '' };

/** Where a guest was going, to return there after login; §2: a /logout target becomes /. */
export function intendedTarget(location: From): From {
  const { pathname, search, hash } = location;
  return pathname === '/logout' ? home : { pathname, search, hash };
}

function rememberedTarget(state: unknown): From {
  const from = (state as { from?: From } | null)?.from;
  return from && typeof from.pathname === 'string' ? intendedTarget(from) : home;
}

export function Guard({ auth, children }: { auth: RouteAuth; children: ReactNode }) {
  const role = useAuthStore((state) => state.user?.role ?? null);
  const location = useLocation();
  switch (decideAccess(auth, role)) {
    case 'allow':
      return children;
    case 'login':
      // Kept in the history entry's state, which also survives a reload of /login.
      return <Navigate to="/login" replace state={{ from: intendedTarget(location) }} />;
    case 'leave':
      // A signed-in player on a guests-only page (login) goes on to where they were going.
      return <Navigate to={rememberedTarget(location.state)} replace />;
    case 'forbidden':
      // A role that may not see a page is not told that it exists.
      return <Navigate to={notFoundPath} replace />;
  }
}
