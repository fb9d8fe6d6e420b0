// GET /player/wait-list: the player's place in a wait list, or null; kept live by the pushes on
// /notice (use-wait-list-live.ts writes them into this query).
import type { WaitListAnswer, WaitListPlace } from '@reelcast/protocol/wait-list';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export const waitListQueryKey = ['wait-list'] as const;

export function getWaitList(signal?: AbortSignal): Promise<WaitListPlace | null> {
  return apiRequest<WaitListAnswer>('/player/wait-list', { signal }).then((a) => a.entry);
}

export const waitListQueryOptions = queryOptions({
  queryKey: waitListQueryKey,
  queryFn: ({ signal }) => getWaitList(signal),
  staleTime: 30_000,
});

export function useWaitList() {
  return useQuery(waitListQueryOptions);
}
