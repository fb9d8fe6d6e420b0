// GET /machine/:id: the name of the machine the ready prompt offers.
import type { Machine } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export function offeredMachineQueryOptions(machineId: number) {
  return queryOptions({
    queryKey: ['wait-list', 'machine', machineId],
    queryFn: ({ signal }) => apiRequest<Machine>(`/machine/${machineId}`, { signal }),
    staleTime: 60_000,
  });
}

export function useOfferedMachine(machineId: number) {
  return useQuery(offeredMachineQueryOptions(machineId));
}
