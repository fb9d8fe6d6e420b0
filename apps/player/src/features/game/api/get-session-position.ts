// A slot session's time and money as the server counts them: what went onto the machine, what
// came back, and the day's result. The credits on the machine come live from the socket.
import type { SessionPosition } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export const sessionPositionQueryKey = ['game', 'position'] as const;

export function getSessionPosition(sessionId: number, signal?: AbortSignal) {
  return apiRequest<SessionPosition>(`/player/slot-sessions/${sessionId}/position`, { signal });
}

export function sessionPositionQueryOptions(sessionId: number) {
  return queryOptions({
    queryKey: [...sessionPositionQueryKey, sessionId],
    queryFn: ({ signal }) => getSessionPosition(sessionId, signal),
    // Money moves with each transfer and cash-out (which invalidate it); this catches the rest.
    refetchInterval: 30_000,
  });
}

export function useSessionPosition(sessionId: number | null, enabled: boolean) {
  return useQuery({
    ...sessionPositionQueryOptions(sessionId ?? 0),
    enabled: enabled && sessionId !== null,
  });
}
