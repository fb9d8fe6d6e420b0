import type { SlotSessionsAnswer } from '@reelcast/protocol/sessions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export const getPlayerSessions = (playerId: number, page: number) =>
  apiRequest<SlotSessionsAnswer>(
    `/staff/players/${playerId}/sessions${queryString({ page, pageSize: 20 })}`,
  );

export const playerSessionsQueryOptions = (playerId: number, page: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'sessions', page],
    queryFn: () => getPlayerSessions(playerId, page),
    placeholderData: keepPreviousData,
  });

export const usePlayerSessions = (playerId: number, page: number) =>
  useQuery(playerSessionsQueryOptions(playerId, page));
