import type { Machine } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

/** The watched machine's name, as the lobby lists it (never who plays it). */
export function watchedMachineQueryOptions(machineId: number) {
  return queryOptions({
    queryKey: ['spectate', 'machine', machineId],
    queryFn: ({ signal }) => apiRequest<Machine>(`/machine/${machineId}`, { signal }),
    staleTime: 60_000,
  });
}

export function useWatchedMachine(machineId: number) {
  return useQuery(watchedMachineQueryOptions(machineId));
}
