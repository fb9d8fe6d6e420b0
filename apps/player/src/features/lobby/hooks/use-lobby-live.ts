// Keeps the lobby current from the notice socket: a machine's status is written into the cache
// the moment it is pushed (then the list is refetched for its reservation details), and a
// brand's jackpot string likewise. LOBBY_UPDATE polling covers a lost socket.
import type { MachineStatus } from '@reelcast/protocol/http';
import type { JackpotNotice, MachineNotice } from '@reelcast/protocol/lobby';
import { useQueryClient } from '@tanstack/react-query';
import { useNoticeEvent } from '../../../shared/socket/notice-socket';
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
  // Event names written out: the protocol's constants live beside zod schemas.
  useNoticeEvent('machine', (payload) => {
    if (!isMachineNotice(payload)) return;
    if (applyMachineStatus(queryClient, payload.id, payload.status)) {
      void queryClient.invalidateQueries({ queryKey: machinesQueryKey });
    }
  });
  useNoticeEvent('jackpot', (payload) => {
    if (isJackpotNotice(payload)) applyJackpot(queryClient, payload.brandId, payload.jackpot);
  });
}
