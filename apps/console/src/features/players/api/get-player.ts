import type { PlayerProfileAnswer } from '@reelcast/protocol/console-players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export const getPlayer = (playerId: number) =>
  apiRequest<PlayerProfileAnswer>(`/staff/players/${playerId}`);

/** Read again every few seconds: the balance moves while the player plays. */
export const playerQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'profile'],
    queryFn: () => getPlayer(playerId),
    refetchInterval: 5_000,
  });

export const usePlayer = (playerId: number) => useQuery(playerQueryOptions(playerId));
