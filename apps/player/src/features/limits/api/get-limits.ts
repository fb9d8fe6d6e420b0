// The player's limits (in force, waiting for their cooling-off, used this period) and reality-check
// interval.
import type { ProtectionAnswer } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export const limitsQueryKey = ['player', 'limits'] as const;

export function getLimits(signal?: AbortSignal) {
  return apiRequest<ProtectionAnswer>('/player/limits', { signal });
}

export function limitsQueryOptions() {
  return queryOptions({ queryKey: limitsQueryKey, queryFn: ({ signal }) => getLimits(signal) });
}

export function useLimits() {
  return useQuery(limitsQueryOptions());
}
