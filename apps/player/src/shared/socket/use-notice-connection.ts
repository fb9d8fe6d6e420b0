// Keeps the /notice connection in step with the signed-in session, and every pushed balance in
// the balance query, so each place that shows the balance updates at once. Mounted once by app/.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyBalance } from '../api/get-balance';
import { useAuthStore } from '../auth/auth-store';
import { connectNotice, disconnectNotice, onNoticeEvent } from './notice-socket';

export function useNoticeConnection(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const playerId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(() => onNoticeEvent('balance', (p) => applyBalance(queryClient, p)), [queryClient]);

  useEffect(() => {
    if (!token || playerId === null) return;
    connectNotice(token, playerId);
    return () => disconnectNotice();
  }, [token, playerId]);
}
