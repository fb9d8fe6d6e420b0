// Keeps the lobby current from the notice socket while it is on screen: machine statuses are
// written into the cache the moment they are pushed (several in one message; then the list is
// refetched for its reservation details), and the brands' jackpot strings likewise. LOBBY_UPDATE
// polling covers a lost socket.
import type { MachineStatus } from '@reelcast/protocol/http';
import type { JackpotNotice, MachineNotice } from '@reelcast/protocol/lobby';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useLobbyWatch, useNoticeEvent } from '../../../shared/socket/notice-events';
import { applyJackpot } from '../api/get-brands';
import { applyMachineStatus, machinesQueryKey } from '../api/get-machines';

const statuses: readonly MachineStatus[] = [
  'playing',
  'available',
  'waiting',
  'reserved',
  'not_available',
];

export function isMachineNotice(payload: unknown): payload is MachineNotice {
  const p = payload as MachineNotice | null;
  return typeof p?.id === 'number' && statuses.includes(p.status);
}

export function isJackpotNotice(payload: unknown): payload is JackpotNotice {
  const p = payload as JackpotNotice | null;
  return typeof p?.brandId === 'number' && typeof p.jackpot === 'string';
}

export function useLobbyLive(): void {
  const queryClient = useQueryClient();
  // Statuses and jackpots are pushed only to a tab that says its lobby is on screen.
  useLobbyWatch();
  // Event names written out: the protocol's constants live beside zod schemas.
  useNoticeEvent('machines', (payload) => {
    const changes: unknown[] = Array.isArray(payload?.machines) ? payload.machines : [];
    let changed = false;
    // Oldest first: the last change of a machine is the one that stays.
    for (const change of changes) {
      if (!isMachineNotice(change)) continue;
      if (applyMachineStatus(queryClient, change.id, change.status)) changed = true;
    }
    if (changed) void queryClient.invalidateQueries({ queryKey: machinesQueryKey });
  });
  useNoticeEvent('jackpots', (payload) => {
    const brands: unknown[] = Array.isArray(payload?.jackpots) ? payload.jackpots : [];
    for (const brand of brands) {
      if (isJackpotNotice(brand)) applyJackpot(queryClient, brand.brandId, brand.jackpot);
    }
  });
}
