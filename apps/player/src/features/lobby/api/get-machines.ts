import type { Machine } from '@reelcast/protocol/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { useSettings } from '../../../shared/settings';

export const machinesQueryKey = ['machine', 'all'] as const;

export function getMachines(signal?: AbortSignal): Promise<Machine[]> {
  return apiRequest<Machine[]>('/machine/all', { signal });
}

export function machinesQueryOptions() {
  return queryOptions({ queryKey: machinesQueryKey, queryFn: ({ signal }) => getMachines(signal) });
}

/** Statuses change as other players sit down and leave, so the floor is polled (§9 LOBBY_UPDATE). */
export function useMachines() {
  const seconds = useSettings((settings) => settings.LOBBY_UPDATE);
  return useQuery({ ...machinesQueryOptions(), refetchInterval: seconds * 1000 });
}

/** §3: a machine without its own image shows its brand's default picture. */
export function machineImage(machine: Machine): string | null {
  if (machine.image) return machine.image;
  return machine.brand ? `/images/brands/${machine.brand.name.toLowerCase()}.svg` : null;
}
