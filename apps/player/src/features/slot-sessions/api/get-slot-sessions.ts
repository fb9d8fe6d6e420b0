import type { SlotSessionsAnswer } from '@reelcast/protocol/sessions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

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
