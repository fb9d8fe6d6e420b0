import type { OpenSlotSessionsAnswer } from '@reelcast/protocol/sessions';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export const openSessionsQueryKey = ['slot-sessions', 'open'] as const;

export function getOpenSessions(signal?: AbortSignal) {
  return apiRequest<OpenSlotSessionsAnswer>('/player/slot-sessions/open', { signal });
}

export function openSessionsQueryOptions() {
  return queryOptions({
    queryKey: openSessionsQueryKey,
    queryFn: ({ signal }) => getOpenSessions(signal),
    // Asked afresh whenever the lobby opens: the session may have closed meanwhile.
    staleTime: 0,
  });
}

export function useOpenSessions() {
  return useQuery(openSessionsQueryOptions());
}
