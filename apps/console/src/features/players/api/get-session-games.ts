import type { GameRecallAnswer } from '@reelcast/protocol/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** Game recall of one slot session: its games in the order played. */
export const getSessionGames = (sessionId: number) =>
  apiRequest<GameRecallAnswer>(
    `/staff/sessions/${sessionId}/games${queryString({ page: 1, pageSize: 50 })}`,
  );

export const sessionGamesQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: ['players', 'session-games', sessionId],
    queryFn: () => getSessionGames(sessionId),
  });

export const useSessionGames = (sessionId: number) => useQuery(sessionGamesQueryOptions(sessionId));
