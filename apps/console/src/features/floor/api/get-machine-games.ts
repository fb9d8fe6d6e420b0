import type { MachineGamesAnswer } from '@reelcast/protocol/console-floor';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export const getMachineGames = (machineId: number, page: number) =>
  apiRequest<MachineGamesAnswer>(
    `/staff/machines/${machineId}/games${queryString({ page, pageSize: 10 })}`,
  );

export const machineGamesQueryOptions = (machineId: number, page: number) =>
  queryOptions({
    queryKey: ['floor', 'games', machineId, page],
    queryFn: () => getMachineGames(machineId, page),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useMachineGames = (machineId: number, page: number) =>
  useQuery(machineGamesQueryOptions(machineId, page));
