// The market's play rules (JURISDICTION): whether autoplay is offered, the minimum game cycle, and
// what the game screen must always show. Fixed while the server runs.
import type { PlayRules } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export function getPlayRules(signal?: AbortSignal) {
  return apiRequest<PlayRules>('/player/play-rules', { signal });
}

export function playRulesQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'play-rules'],
    queryFn: ({ signal }) => getPlayRules(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePlayRules() {
  return useQuery(playRulesQueryOptions());
}
