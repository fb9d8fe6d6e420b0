import type { SlotSessionsAnswer } from '@reelcast/protocol/sessions';
import { apiRequest } from '../../../shared/api/api-client';
import { keepPreviousData, queryOptions, useQuery } from '../../../shared/query/use-query';

export const slotSessionsQueryKey = ['slot-sessions', 'list'] as const;

export function getSlotSessions(page: number, pageSize: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest<SlotSessionsAnswer>(`/player/slot-sessions?${query}`, { signal });
}

export function slotSessionsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...slotSessionsQueryKey, page, pageSize],
    queryFn: ({ signal }) => getSlotSessions(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSlotSessions(page: number, pageSize: number) {
  return useQuery(slotSessionsQueryOptions(page, pageSize));
}
