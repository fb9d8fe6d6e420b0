import type { Brand, Machine } from '@reelcast/protocol/http';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../shared/settings';
import { useLobbyPushesSince } from '../../../shared/socket/notice-events';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { brandsQueryKey, useBrands } from './get-brands';
import { machinesQueryKey, useMachines } from './get-machines';

// Issue 16: the lists' polling (LOBBY_UPDATE, §9's 10 s here) while the lobby's pushes come and
// while they do not.
function Lists() {
  useBrands();
  useMachines();
  return null;
}

const brand: Brand = { id: 1, name: 'Novomatic', jackpot: '', machineCount: 1, image: null };
const machine: Machine = {
  id: 11,
  name: 'Machine 11',
  status: 'available',
  image: null,
  brand: { id: 1, name: 'Novomatic' },
  reservation: null,
  videoType: 'screen',
  game: 'fruits',
};

function renderLists() {
  const server = fakeServer({});
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(brandsQueryKey, [brand]);
  queryClient.setQueryData(machinesQueryKey, [machine]);
  renderWithProviders(<Lists />, { queryClient });
  /** how many times each list was asked for so far */
  const asked = () => [
    callsTo(server, '/machine/all').length,
    callsTo(server, '/machine/brands').length,
  ];
  return { asked };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** the server answered `lobby {watch: true}` (what the notice connection writes), or the socket dropped */
const pushesLive = (live: boolean) =>
  act(() => useLobbyPushesSince.setState(live ? Date.now() : 0));

describe('the lobby’s lists poll less while its pushes come (issue 16)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useLobbyPushesSince.setState(0);
    useSettings.setState({ SHOW_LOBBY: true });
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ask every 6 × LOBBY_UPDATE while the watch is acknowledged', async () => {
    useLobbyPushesSince.setState(Date.now());
    const { asked } = renderLists();

    await wait(10_000);
    expect(asked()).toEqual([0, 0]);
    await wait(50_000);
    expect(asked()).toEqual([1, 1]);
  });

  it('ask every LOBBY_UPDATE while no pushes come', async () => {
    const { asked } = renderLists();

    await wait(10_000);
    expect(asked()).toEqual([1, 1]);
    await wait(10_000);
    expect(asked()).toEqual([2, 2]);
  });

  it('ask at once when the pushes come again after a drop, then every 6 × LOBBY_UPDATE', async () => {
    useLobbyPushesSince.setState(Date.now());
    const { asked } = renderLists();
    await wait(20_000);

    // The socket drops: every LOBBY_UPDATE from then.
    await pushesLive(false);
    await wait(10_000);
    expect(asked()).toEqual([1, 1]);
    await wait(5_000);
    // Back, and the watch acknowledged: what was pushed meanwhile is lost, so the lists come anew.
    await pushesLive(true);
    await wait(0);
    expect(asked()).toEqual([2, 2]);
    await wait(59_999);
    expect(asked()).toEqual([2, 2]);
    await wait(1);
    expect(asked()).toEqual([3, 3]);
  });

  it('ask for nothing without the lobby (§7 SHOW_LOBBY), pushes or none', async () => {
    useSettings.setState({ SHOW_LOBBY: false });
    const { asked } = renderLists();
    await wait(10_000);
    await pushesLive(true);
    await wait(60_000);
    expect(asked()).toEqual([0, 0]);
  });
});
