// Keeps the /notice connection in step with the signed-in session, and every pushed balance in
// the balance query, so each place that shows the balance updates at once; says so when the
// server announces a restart (18820). Mounted once by app/.
import { useEffect } from 'react';
import { applyBalance } from '../api/get-balance';
import { useAuthStore } from '../auth/auth-store';
import { useQueryClient } from '../query/query-client-provider';
import { onNoticeEvent } from './notice-events';
import { connectNotice, disconnectNotice } from './notice-socket';
import { isServerRestarting, showServerRestarting } from './server-restarting';

export function useNoticeConnection(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const playerId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(() => onNoticeEvent('balance', (p) => applyBalance(queryClient, p)), [queryClient]);
  // Any screen, the lobby too: the connection drops next and comes back by itself.
  useEffect(
    () =>
      onNoticeEvent('info', (info) => {
        if (isServerRestarting(info)) showServerRestarting(info);
      }),
    [],
  );

  useEffect(() => {
    if (!token || playerId === null) return;
    connectNotice(token, playerId);
    return () => disconnectNotice();
  }, [token, playerId]);
}
