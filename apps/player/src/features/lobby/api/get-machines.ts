import type { Machine, MachineStatus } from '@reelcast/protocol/http';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { useLobbyQuery } from './lobby-query';

export const machinesQueryKey = ['machine', 'all'] as const;

export function getMachines(signal?: AbortSignal): Promise<Machine[]> {
  return apiRequest<Machine[]>('/machine/all', { signal });
}

export function machinesQueryOptions() {
  return queryOptions({ queryKey: machinesQueryKey, queryFn: ({ signal }) => getMachines(signal) });
}

/**
 * Statuses change as other players sit down and leave. They are pushed on the notice socket;
 * polling every LOBBY_UPDATE seconds (§9) is the fallback. §7: only while SHOW_LOBBY is on.
 */
export function useMachines() {
  return useLobbyQuery(machinesQueryOptions());
}

/** Writes a pushed status into the cached list at once; answers whether anything changed. */
export function applyMachineStatus(
  queryClient: QueryClient,
  id: number,
  status: MachineStatus,
): boolean {
  let changed = false;
  queryClient.setQueryData<Machine[]>(machinesQueryKey, (machines) =>
    machines?.map((machine) => {
      if (machine.id !== id || machine.status === status) return machine;
      changed = true;
      return { ...machine, status };
    }),
  );
  return changed;
}

/** §3: a machine without its own image shows the default picture of its lowercased brand. */
export function machineImage(machine: Machine): string | null {
  if (machine.image) return machine.image;
  return machine.brand ? `/images/brands/${machine.brand.name.toLowerCase()}.svg` : null;
}

/** Who may join: a free machine, or one the player reserved. */
export function isJoinable(machine: Machine): boolean {
  return (
    machine.status === 'available' ||
    (machine.status === 'reserved' && machine.reservation?.mine === true)
  );
}
