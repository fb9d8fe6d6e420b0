// Keeps the lobby current from the notice socket while it is on screen: one `lobby-update`
// message carries the machines' status changes, written into the cache the moment they come, and
// the brands' jackpot strings likewise. Only a machine that becomes reserved sends the list to be
// refetched (who holds it, and until when, is not in the push). LOBBY_UPDATE polling covers a
// lost socket (../api/lobby-query.ts).
import type { MachineStatus } from '@reelcast/protocol/http';
import type { JackpotNotice, MachineNotice } from '@reelcast/protocol/lobby';
import { useEffect, useRef } from 'react';
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

/** The longest a lobby waits before refetching the list for a new reservation's details. */
export const RESERVATION_REFETCH_SPREAD_MS = 2_000;

export function useLobbyLive(): void {
  const queryClient = useQueryClient();
  const refetch = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refetch.current), []);
  // Statuses and jackpots are pushed only to a tab that says its lobby is on screen.
  useLobbyWatch();
  // Event names written out: the protocol's constants live beside zod schemas.
  useNoticeEvent('lobby-update', (payload) => {
    const list = (items: unknown) => (Array.isArray(items) ? (items as unknown[]) : []);
    let reserved = false;
    // Oldest first: the last change of a machine is the one that stays.
    for (const change of list(payload?.machines)) {
      if (!isMachineNotice(change)) continue;
      if (
        applyMachineStatus(queryClient, change.id, change.status) &&
        change.status === 'reserved'
      ) {
        reserved = true;
      }
    }
    // One refetch however many machines became reserved, and none more while one waits (it asks
    // after this push, so it brings this reservation too). It waits a random time because every
    // open lobby hears the same push at once: asked at once, the server would get them all in
    // the same instant.
    if (reserved && refetch.current === undefined) {
      refetch.current = setTimeout(() => {
        refetch.current = undefined;
        void queryClient.invalidateQueries({ queryKey: machinesQueryKey });
      }, Math.random() * RESERVATION_REFETCH_SPREAD_MS);
    }
    for (const brand of list(payload?.jackpots)) {
      if (isJackpotNotice(brand)) applyJackpot(queryClient, brand.brandId, brand.jackpot);
    }
  });
}
