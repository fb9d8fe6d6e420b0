import type { GameRecallAnswer } from '@reelcast/protocol/sessions';
import { apiRequest } from '../../../shared/api/api-client';
import { keepPreviousData, queryOptions, useQuery } from '../../../shared/query/use-query';

export function getGameRecall(
  sessionId: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest<GameRecallAnswer>(`/player/slot-sessions/${sessionId}/spins?${query}`, {
    signal,
  });
}

export function gameRecallQueryOptions(sessionId: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['slot-sessions', 'recall', sessionId, page, pageSize],
    queryFn: ({ signal }) => getGameRecall(sessionId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGameRecall(sessionId: number, page: number, pageSize: number) {
  return useQuery(gameRecallQueryOptions(sessionId, page, pageSize));
}
