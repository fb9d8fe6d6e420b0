import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthStore } from '../shared/auth/auth-store';

/** §6: routes of the product are open to these roles; the player's role is 'user'. */
const playerRoles = ['admin', 'staff', 'user'];

type From = { pathname: string; search: string; hash: string };

/** Sends a guest to /login and remembers where they were going (§2 access behaviour). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  if (!user || !playerRoles.includes(user.role)) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}

/** Login is for guests; a signed-in player goes on to where they were going, else the lobby. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  if (user) {
    const from = (location.state as { from?: From } | null)?.from;
    // §2: a redirect back to /logout would sign the player straight out again.
    const target = from && from.pathname !== '/logout' ? from : '/';
    return <Navigate to={target} replace />;
  }
  return children;
}
