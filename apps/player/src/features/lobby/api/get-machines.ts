import type { Machine, MachineStatus } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import type { QueryClient } from '../../../shared/query/query-client';
import { queryOptions } from '../../../shared/query/use-query';
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
 * polling (./lobby-query.ts: every LOBBY_UPDATE seconds, §9, while the pushes do not come) is the
 * fallback. §7: only while SHOW_LOBBY is on.
 */
export function useMachines() {
  return useLobbyQuery(machinesQueryOptions());
}

/**
 * Writes a pushed status into the cached list at once; answers whether anything changed. A
 * machine that plays, waits or is free has no reservation, so one that goes so drops it here, with
 * no refetch. 'not_available' keeps it: a reserved machine whose cabinet is down (or a camera
 * machine with WEBCAM off) is reported so while the reservation stands, and the list still has it.
 */
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
      return {
        ...machine,
        status,
        reservation:
          status === 'reserved' || status === 'not_available' ? machine.reservation : null,
      };
    }),
  );
  return changed;
}

/** §3: a machine without its own image shows the default picture of its lowercased brand. */
export function machineImage(machine: Machine): string | null {
  if (machine.image) return machine.image;
  return machine.brand ? `/images/brands/${machine.brand.name.toLowerCase()}.svg` : null;
}

/** What the settings and the wallet say of a sit-down (§9), checked again by the server. */
export type JoinConditions = {
  /** §9 WEBCAM: off, a camera machine is not offered */
  webcam: boolean;
  /** §9 ZERO_BALANCE_PLAY: off, an empty wallet cannot sit down (40216) */
  zeroBalancePlay: boolean;
  /** the wallet, undefined until known */
  balanceCents: number | undefined;
};

/**
 * Why the player cannot sit down, whatever the machine's status: the server's join refusals
 * (40924, 40216) said before the player tries, not after. Null when nothing stands in the way.
 */
export function joinBlock(machine: Machine, c: JoinConditions): 'cameraOff' | 'emptyWallet' | null {
  if (!c.webcam && machine.videoType === 'camera') return 'cameraOff';
  if (!c.zeroBalancePlay && c.balanceCents === 0) return 'emptyWallet';
  return null;
}

/** Who may join: a free machine, or one the player reserved. */
export function isJoinable(machine: Machine): boolean {
  return (
    machine.status === 'available' ||
    (machine.status === 'reserved' && machine.reservation?.mine === true)
  );
}
