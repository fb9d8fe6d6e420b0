import type { TransactionsPage } from '@reelcast/protocol/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export const getPlayerLedger = (playerId: number, page: number) =>
  apiRequest<TransactionsPage>(
    `/staff/players/${playerId}/ledger${queryString({ page, pageSize: 25 })}`,
  );

export const playerLedgerQueryOptions = (playerId: number, page: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'ledger', page],
    queryFn: () => getPlayerLedger(playerId, page),
    placeholderData: keepPreviousData,
  });

export const usePlayerLedger = (playerId: number, page: number) =>
  useQuery(playerLedgerQueryOptions(playerId, page));
