// Pages past sign-in: a stored token is checked with GET /staff/me before anything shows; a token
// that is not a staff member's (a player's) is dropped, and the sign-in page says why.
import { ErrorCode } from '@reelcast/protocol/codes';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '../shared/api/api-client';
import { signOut, useAuthStore } from '../shared/auth/auth-store';
import { useMe } from '../shared/auth/use-me';
import { Failed, Loading } from '../shared/ui/states';

export function RequireStaff({ children }: { children: ReactNode }) {
  const token = useAuthStore((s) => s.token);
  const me = useMe();
  const notStaff = me.error instanceof ApiError && me.error.code === ErrorCode.forbidden;
  useEffect(() => {
    if (notStaff) signOut('auth.notStaff');
  }, [notStaff]);
  if (!token) return <Navigate to="/login" replace />;
  if (me.isPending) return <Loading />;
  if (me.error) return <Failed error={me.error} onRetry={() => void me.refetch()} />;
  return children;
}
