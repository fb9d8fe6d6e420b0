import type { Machine } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export function getMachine(machineId: number, signal?: AbortSignal) {
  return apiRequest<Machine>(`/machine/${machineId}`, { signal });
}

/** The machine as the lobby lists it; the game screen needs its video type (screen or camera). */
export function machineQueryOptions(machineId: number) {
  return queryOptions({
    queryKey: ['game', 'machine', machineId],
    queryFn: ({ signal }) => getMachine(machineId, signal),
    staleTime: 60_000,
  });
}

export function useMachine(machineId: number) {
  return useQuery(machineQueryOptions(machineId));
}
