import type { LogsAnswer } from '@reelcast/protocol/account';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export const getPlayerLogins = (playerId: number, page: number) =>
  apiRequest<LogsAnswer>(`/staff/players/${playerId}/logins${queryString({ page, pageSize: 25 })}`);

export const playerLoginsQueryOptions = (playerId: number, page: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'logins', page],
    queryFn: () => getPlayerLogins(playerId, page),
    placeholderData: keepPreviousData,
  });

export const usePlayerLogins = (playerId: number, page: number) =>
  useQuery(playerLoginsQueryOptions(playerId, page));
