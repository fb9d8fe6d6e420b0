import type { PlayerSearchAnswer } from '@reelcast/protocol/console-players';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export type PlayerSearch = { q: string; page: number };

export const searchPlayers = ({ q, page }: PlayerSearch) =>
  apiRequest<PlayerSearchAnswer>(`/staff/players${queryString({ q, page, pageSize: 25 })}`);

export const playerSearchQueryOptions = (search: PlayerSearch) =>
  queryOptions({
    queryKey: ['players', 'search', search],
    queryFn: () => searchPlayers(search),
    placeholderData: keepPreviousData,
  });

export const useSearchPlayers = (search: PlayerSearch) =>
  useQuery(playerSearchQueryOptions(search));
