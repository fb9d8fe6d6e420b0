import type { LogsAnswer } from '@reelcast/protocol/account';
import { apiRequest } from '../../../shared/api/api-client';
import { keepPreviousData, queryOptions, useQuery } from '../../../shared/query/use-query';

export const loginLogsQueryKey = ['player', 'logs'] as const;

export function getLoginLogs(page: number, pageSize: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest<LogsAnswer>(`/player/logs?${query}`, { signal });
}

export function loginLogsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...loginLogsQueryKey, page, pageSize],
    queryFn: ({ signal }) => getLoginLogs(page, pageSize, signal),
    // The table keeps the page it shows while the next one loads, instead of jumping to empty.
    placeholderData: keepPreviousData,
  });
}

export function useLoginLogs(page: number, pageSize: number) {
  return useQuery(loginLogsQueryOptions(page, pageSize));
}
