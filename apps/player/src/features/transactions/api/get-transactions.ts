import type { TransactionsPage } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';
import { keepPreviousData, queryOptions, useQuery } from '../../../shared/query/use-query';
import type { TransactionsFilter } from '../hooks/use-transactions-filter';

export const transactionsQueryKey = ['player', 'transactions'] as const;
export const transactionsPageSize = 20;

function localDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** GET /player/transactions: the filter goes to the server, which pages and filters. */
export function getTransactions(filter: TransactionsFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(transactionsPageSize),
  });
  if (filter.types.length > 0) query.set('type', filter.types.join(','));
  // The days are the player's own: local midnights, sent as instants.
  if (filter.from) query.set('from', localDayStart(filter.from).toISOString());
  if (filter.to) {
    const end = localDayStart(filter.to);
    end.setDate(end.getDate() + 1);
    query.set('to', end.toISOString());
  }
  return apiRequest<TransactionsPage>(`/player/transactions?${query}`, { signal });
}

export function transactionsQueryOptions(filter: TransactionsFilter) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, filter],
    queryFn: ({ signal }) => getTransactions(filter, signal),
    // The list keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(filter: TransactionsFilter) {
  return useQuery(transactionsQueryOptions(filter));
}
