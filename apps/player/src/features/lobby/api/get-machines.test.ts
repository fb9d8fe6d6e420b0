import type { Machine } from '@reelcast/protocol/http';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../../testing/render';
import { applyMachineStatus, isJoinable, machineImage, machinesQueryKey } from './get-machines';

const base: Machine = {
  id: 1,
  name: 'Golden Sevens',
  status: 'available',
  image: null,
  brand: { id: 3, name: 'Aristocrat' },
  reservation: null,
  videoType: 'screen',
  game: 'classic',
};
const soon = new Date(Date.now() + 60_000).toISOString();

describe('machines', () => {
  it('are joinable when available, or reserved by the player themself', () => {
    expect(isJoinable(base)).toBe(true);
    expect(isJoinable({ ...base, status: 'playing' })).toBe(false);
    expect(isJoinable({ ...base, status: 'waiting' })).toBe(false);
    expect(isJoinable({ ...base, status: 'not_available' })).toBe(false);
    expect(
      isJoinable({ ...base, status: 'reserved', reservation: { expiresAt: soon, mine: true } }),
    ).toBe(true);
    expect(
      isJoinable({ ...base, status: 'reserved', reservation: { expiresAt: soon, mine: false } }),
    ).toBe(false);
  });

  it('fall back to the lowercased brand’s picture, and to none without a brand', () => {
    expect(machineImage(base)).toBe('/images/brands/aristocrat.svg');
    expect(machineImage({ ...base, image: '/images/machines/x.svg' })).toBe(
      '/images/machines/x.svg',
    );
    expect(machineImage({ ...base, brand: null })).toBeNull();
  });

  it('take a pushed status into the cache and say whether it changed anything', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(machinesQueryKey, [base, { ...base, id: 2 }]);
    expect(applyMachineStatus(queryClient, 2, 'playing')).toBe(true);
    expect(applyMachineStatus(queryClient, 2, 'playing')).toBe(false);
    expect(applyMachineStatus(queryClient, 9, 'playing')).toBe(false);
    const list = queryClient.getQueryData<Machine[]>(machinesQueryKey)!;
    expect(list.map((m) => m.status)).toEqual(['available', 'playing']);
  });

  it('drop the reservation with a pushed status other than reserved, and keep it until then', () => {
    const queryClient = createTestQueryClient();
    const held = {
      ...base,
      status: 'reserved' as const,
      reservation: { expiresAt: soon, mine: true },
    };
    queryClient.setQueryData(machinesQueryKey, [held, { ...held, id: 2 }]);
    expect(applyMachineStatus(queryClient, 1, 'playing')).toBe(true);
    expect(applyMachineStatus(queryClient, 2, 'reserved')).toBe(false);
    const [left, kept] = queryClient.getQueryData<Machine[]>(machinesQueryKey)!;
    expect(left).toMatchObject({ status: 'playing', reservation: null });
    expect(kept).toEqual({ ...held, id: 2 });
  });

  it('keep the reservation of a machine pushed not_available (its cabinet down, the reservation standing)', () => {
    const queryClient = createTestQueryClient();
    const held = {
      ...base,
      status: 'reserved' as const,
      reservation: { expiresAt: soon, mine: true },
    };
    queryClient.setQueryData(machinesQueryKey, [held, { ...held, id: 2 }, { ...held, id: 3 }]);
    expect(applyMachineStatus(queryClient, 1, 'not_available')).toBe(true);
    expect(applyMachineStatus(queryClient, 2, 'waiting')).toBe(true);
    expect(applyMachineStatus(queryClient, 3, 'available')).toBe(true);
    const [down, waiting, free] = queryClient.getQueryData<Machine[]>(machinesQueryKey)!;
    expect(down).toEqual({ ...held, status: 'not_available' });
    expect(waiting).toMatchObject({ status: 'waiting', reservation: null });
    expect(free).toMatchObject({ status: 'available', reservation: null });
    // Back up, it is reserved still: the reservation is the one it kept.
    expect(applyMachineStatus(queryClient, 1, 'reserved')).toBe(true);
    expect(queryClient.getQueryData<Machine[]>(machinesQueryKey)![0]).toEqual(held);
  });
});
