import type { Machine } from '@reelcast/protocol/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

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
