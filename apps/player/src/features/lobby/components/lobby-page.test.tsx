import type { Brand, Machine } from '@reelcast/protocol/http';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceQueryKey } from '../../../shared/api/get-balance';
import { firstScreenShown } from '../../../shared/first-screen';
import { Route, Routes, useLocation } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse } from '../../../testing/fixtures';
import { createTestQueryClient, renderWithProviders, setUpI18n } from '../../../testing/render';
import { brandsQueryKey } from '../api/get-brands';
import { machinesQueryKey } from '../api/get-machines';
import { RESERVATION_REFETCH_SPREAD_MS } from '../hooks/use-lobby-live';
import { LobbyPage } from './lobby-page';

// The notice socket, stood in for: tests push events straight to the lobby's listeners.
const noticeHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
/** How many lobby pages say they are on screen (the socket's lobby pushes are asked for). */
const lobbyWatch = vi.hoisted(() => ({ watching: 0 }));
vi.mock('../../../shared/socket/notice-events', async () => {
  const { useEffect } = await import('react');
  return {
    useNoticeEvent: (event: string, handler: (payload: unknown) => void) => {
      noticeHandlers.set(event, handler);
    },
    useLobbyWatch: () =>
      useEffect(() => {
        lobbyWatch.watching++;
        return () => {
          lobbyWatch.watching--;
        };
      }, []),
    // No pushes acknowledged: the lists poll every LOBBY_UPDATE (../api/lobby-query.test.tsx for more).
    useLobbyPushesSince: () => 0,
  };
});
// The query cache tells its observers on a timer, so what a push changes is awaited.
const push = (event: string, payload: unknown) => act(() => noticeHandlers.get(event)?.(payload));

const brands: Brand[] = [
  { id: 1, name: 'Novomatic', jackpot: '100000,2500', machineCount: 2, image: null },
  { id: 2, name: 'Amatic', jackpot: '', machineCount: 1, image: null },
];

function machine(id: number, brandId: number, status: Machine['status']): Machine {
  const brand = brands.find((each) => each.id === brandId)!;
  return {
    id,
    name: `Machine ${id}`,
    status,
    image: null,
    brand: { id: brand.id, name: brand.name },
    reservation: null,
    videoType: 'screen',
    game: 'fruits',
  };
}

const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000 - 500).toISOString();

function machines(): Machine[] {
  return [machine(11, 1, 'available'), machine(12, 1, 'playing'), machine(21, 2, 'available')];
}

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

function renderLobby(path: string, list: Machine[] = machines(), claims?: React.ReactNode) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(brandsQueryKey, brands);
  queryClient.setQueryData(machinesQueryKey, list);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/lobby/:id?/:name?" element={<LobbyPage claims={claims} />} />
      </Routes>
      <Address />
    </>,
    { path, queryClient },
  );
}

function shownMachineIds(): string[] {
  return screen.getAllByTestId('machine-card').map((card) => card.dataset.machineId ?? '');
}

function card(id: number): HTMLElement {
  return screen.getAllByTestId('machine-card').find((c) => c.dataset.machineId === String(id))!;
}

function brandButton(name: string): HTMLElement {
  return screen
    .getAllByTestId('brand')
    .find((button) => within(button).queryByText(name) !== null)!;
}

beforeAll(setUpI18n);
beforeEach(() => noticeHandlers.clear());
afterEach(() => useSettings.setState({ SHOW_LOBBY: true }));

// First in the file: the first screen is not up until this test says so.

/** Machine 11 reserved by the player, machine 12 by someone else, both with five minutes left. */
function reservedPair() {
  const reserved = (id: number, mine: boolean) => ({
    ...machine(id, 1, 'reserved'),
    reservation: { expiresAt: inFiveMinutes(), mine },
  });
  return [reserved(11, true), reserved(12, false)] as const;
}
describe('LobbyPage before the first screen is up (issue 22, first load)', () => {
  it('keeps the place of the jackpots and the reserve buttons, which come once it is', async () => {
    renderLobby('/lobby');
    const brandsSection = screen.getByRole('region', { name: 'Brands' });
    expect(within(brandsSection).queryByTestId('brand-jackpots')).toBeNull();
    expect(brandsSection.querySelector('.skeleton[aria-hidden="true"]')).not.toBeNull();
    expect(within(card(11)).queryByTestId('reserve-machine')).toBeNull();
    expect(card(11).querySelector('.min-h-11[aria-hidden="true"]')).not.toBeNull();
    // A machine someone plays gets no button, so no place for one either.
    expect(card(12).querySelector('[aria-hidden="true"].min-h-11')).toBeNull();

    firstScreenShown();

    expect(await within(card(11)).findByTestId('reserve-machine')).toBeTruthy();
    expect(within(brandsSection).getByTestId('brand-jackpots')).toBeTruthy();
    expect(brandsSection.querySelector('.skeleton')).toBeNull();
  });
});

describe('LobbyPage brands', () => {
  it('restores the selected brand from the address and shows only its machines', () => {
    renderLobby('/lobby/1/Novomatic');
    expect(brandButton('Novomatic').getAttribute('aria-pressed')).toBe('true');
    expect(shownMachineIds()).toEqual(['11', '12']);
  });

  it('deselects the selected brand when it is clicked again', async () => {
    const user = userEvent.setup();
    renderLobby('/lobby/1/Novomatic');

    await user.click(brandButton('Novomatic'));

    expect(screen.getByTestId('address').textContent).toBe('/lobby');
    expect(brandButton('Novomatic').getAttribute('aria-pressed')).toBe('false');
    expect(shownMachineIds()).toEqual(['11', '12', '21']);
  });

  it('selects another brand and puts it in the address', async () => {
    const user = userEvent.setup();
    renderLobby('/lobby');

    await user.click(brandButton('Amatic'));

    expect(screen.getByTestId('address').textContent).toBe('/lobby/2/Amatic');
    expect(shownMachineIds()).toEqual(['21']);
  });

  it('shows each brand’s jackpots as money, and a pushed value at once', async () => {
    renderLobby('/lobby');
    const panel = await screen.findByTestId('brand-jackpots');
    expect(panel.dataset.brandId).toBe('1');
    expect(within(panel).getByText('₺1,000.00')).toBeTruthy();
    expect(within(panel).getByText('₺25.00')).toBeTruthy();

    push('lobby-update', {
      machines: [],
      jackpots: [
        { brandId: 1, jackpot: '100123,2501' },
        { brandId: 2, jackpot: '5000' },
      ],
    });

    expect(await within(screen.getByTestId('brand-jackpots')).findByText('₺1,001.23')).toBeTruthy();
    // Nonsense from the socket changes nothing, and a message without machines is still read.
    push('lobby-update', { machines: [], jackpots: [null, { brandId: '1', jackpot: 5 }, {}] });
    push('lobby-update', { jackpots: 'garbage' });
    push('lobby-update', { jackpots: [{ brandId: 1, jackpot: '100124,2501' }] });
    expect(await screen.findByText('₺1,001.24')).toBeTruthy();
  });

  it('asks for the live statuses and jackpots while it is on screen, and only then', () => {
    expect(lobbyWatch.watching).toBe(0);
    const { unmount } = renderLobby('/lobby');
    expect(lobbyWatch.watching).toBe(1);
    unmount();
    expect(lobbyWatch.watching).toBe(0);
  });
});

describe('LobbyPage machines', () => {
  it('lets only joinable machines be joined and says why the others are not', () => {
    renderLobby('/lobby');
    expect(within(card(11)).getByTestId('machine-link').getAttribute('href')).toBe(
      '/game/11/Machine%2011',
    );
    const playing = card(12);
    expect(playing.dataset.status).toBe('playing');
    expect(within(playing).queryByRole('link')).toBeNull();
    expect(within(playing).getByText('Playing')).toBeTruthy();
    expect(within(playing).getByText('Someone is playing it')).toBeTruthy();
  });

  it('shows a machine without its own image with its brand’s default picture', () => {
    renderLobby('/lobby');
    const img = card(21).querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/brands/amatic.svg');
  });

  it('translates every status', () => {
    const statuses: Machine['status'][] = [
      'available',
      'playing',
      'waiting',
      'reserved',
      'not_available',
    ];
    renderLobby(
      '/lobby',
      statuses.map((status, i) => machine(30 + i, 1, status)),
    );
    expect(screen.getAllByTestId('machine-status').map((badge) => badge.textContent)).toEqual([
      'Available',
      'Playing',
      'Waiting for user',
      'Reserved',
      'Not available',
    ]);
  });

  it('updates a machine’s badge the moment its status is pushed', async () => {
    renderLobby('/lobby');
    expect(card(11).dataset.status).toBe('available');

    push('lobby-update', { machines: [{ id: 11, status: 'playing' }], jackpots: [] });

    await waitFor(() => expect(card(11).dataset.status).toBe('playing'));
    expect(within(card(11)).getByTestId('machine-status').textContent).toBe('Playing');
    expect(within(card(11)).queryByRole('link')).toBeNull();
    // Nonsense from the socket changes nothing.
    push('lobby-update', {
      machines: [
        { id: 11, status: 'exploded' },
        { id: 12, status: 'waiting' },
        { id: 12, status: 'available' },
      ],
      jackpots: [],
    });
    push('lobby-update', 'garbage');
    push('lobby-update', { machines: 'garbage' });
    push('lobby-update', null);
    // Several machines in one message, the last change of each standing.
    await waitFor(() => expect(card(12).dataset.status).toBe('available'));
    expect(card(11).dataset.status).toBe('playing');
  });

  it('lets the player join their own reserved machine and shows the time it has left', async () => {
    const [own, other] = reservedPair();
    renderLobby('/lobby', [own, other]);

    expect(within(card(11)).getByTestId('machine-link')).toBeTruthy();
    expect(within(card(11)).getByText('Yours for 5:00')).toBeTruthy();
    expect(await within(card(11)).findByTestId('release-reservation')).toBeTruthy();
    expect(within(card(12)).queryByRole('link')).toBeNull();
    expect(within(card(12)).getByText(/Reserved for another player until/)).toBeTruthy();

    // The reserved list holds both, the player's own first.
    const list = screen.getByTestId('reserved-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Machine 11'), expect.stringContaining('Machine 12')]);
  });

  it('offers a reserve action on available machines only', async () => {
    renderLobby('/lobby');
    expect(
      await within(card(11)).findByRole('button', { name: 'Reserve Machine 11' }),
    ).toBeTruthy();
    expect(within(card(12)).queryByTestId('reserve-machine')).toBeNull();
  });

  it('shows the wallet’s claim buttons passed in by the app', () => {
    renderLobby('/lobby', machines(), <button type="button">Discount</button>);
    expect(screen.getByRole('button', { name: 'Discount' })).toBeTruthy();
  });

  it('shows no machines when the show-lobby option is off', () => {
    useSettings.setState({ SHOW_LOBBY: false });
    renderLobby('/lobby');
    expect(screen.queryAllByTestId('machine-card')).toEqual([]);
    expect(screen.getByText(/lobby is not shown/)).toBeTruthy();
  });
});

// Issue 16: with thousands of lobbies open, a push that sent each of them to GET /machine/all would
// bring them all back at once. The push carries all a card needs but a new reservation's details.
describe('LobbyPage: pushed statuses without a stampede on the list (issue 16)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const listAsks = (server: ReturnType<typeof fakeServer>) => callsTo(server, '/machine/all');
  /** Past the longest random wait for a refetch, short of the LOBBY_UPDATE poll (10 s). */
  const pastTheSpread = () => act(() => vi.advanceTimersByTimeAsync(RESERVATION_REFETCH_SPREAD_MS));

  it('shows a pushed playing status on the card without asking for the list', async () => {
    const server = fakeServer();
    renderLobby('/lobby');

    push('lobby-update', { machines: [{ id: 11, status: 'playing' }], jackpots: [] });
    await pastTheSpread();

    expect(card(11).dataset.status).toBe('playing');
    expect(within(card(11)).queryByRole('link')).toBeNull();
    expect(listAsks(server)).toHaveLength(0);
  });

  it('asks for the list once, after a random wait of up to 2 s, when machines become reserved', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const held = [
      { ...machine(11, 1, 'reserved'), reservation: { expiresAt: inFiveMinutes(), mine: true } },
      { ...machine(12, 1, 'playing') },
      { ...machine(21, 2, 'reserved'), reservation: { expiresAt: inFiveMinutes(), mine: false } },
    ];
    const server = fakeServer({ '/machine/all': () => jsonResponse(200, held) });
    renderLobby('/lobby');

    push('lobby-update', {
      machines: [
        { id: 11, status: 'reserved' },
        { id: 21, status: 'reserved' },
      ],
      jackpots: [],
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The status shows at once; who holds it, and until when, waits for the list.
    expect(card(11).dataset.status).toBe('reserved');
    expect(card(11).dataset.reserved).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(0.5 * RESERVATION_REFETCH_SPREAD_MS - 1));
    expect(listAsks(server)).toHaveLength(0);
    // Another machine reserved while the refetch waits rides on it: the list comes after both.
    push('lobby-update', { machines: [{ id: 12, status: 'reserved' }], jackpots: [] });

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(listAsks(server)).toHaveLength(1);
    await pastTheSpread();
    expect(listAsks(server)).toHaveLength(1);
    expect(card(11).dataset.reserved).toBe('mine');
    expect(within(card(11)).getByText(/Yours for 4:5\d/)).toBeTruthy();
    expect(card(21).dataset.reserved).toBe('other');
  });

  it('drops the reservation of a machine that leaves reserved, without asking for the list', async () => {
    const server = fakeServer();
    const [own, other] = reservedPair();
    renderLobby('/lobby', [own, other]);
    expect(card(11).dataset.reserved).toBe('mine');

    push('lobby-update', {
      machines: [
        { id: 11, status: 'playing' },
        { id: 12, status: 'available' },
      ],
      jackpots: [],
    });
    await pastTheSpread();

    expect(card(11).dataset.reserved).toBeUndefined();
    expect(within(card(11)).queryByText(/Yours for/)).toBeNull();
    expect(within(card(11)).queryByTestId('release-reservation')).toBeNull();
    expect(card(12).dataset.reserved).toBeUndefined();
    expect(within(card(12)).getByTestId('machine-link')).toBeTruthy();
    expect(screen.queryByTestId('reserved-list')).toBeNull();
    expect(listAsks(server)).toHaveLength(0);
  });
});

describe('LobbyPage: what the server would refuse is said before the join (§9)', () => {
  afterEach(() => useSettings.setState(settingsDefaults, true));

  const joinable = (id: number) => within(card(id)).queryByTestId('machine-link') !== null;

  it('WEBCAM off: a camera machine is not offered, and says why', () => {
    useSettings.setState({ WEBCAM: false });
    const camera = { ...machine(11, 1, 'available'), videoType: 'camera' as const };
    const cameraDown = { ...machine(12, 1, 'not_available'), videoType: 'camera' as const };
    renderLobby('/lobby', [camera, cameraDown, machine(21, 2, 'available')]);
    const why = 'Camera video is turned off: choose another machine';
    expect(joinable(11)).toBe(false);
    expect(within(card(11)).getByText(why)).toBeTruthy();
    expect(within(card(12)).getByText(why)).toBeTruthy();
    expect(joinable(21)).toBe(true);
  });

  it('ZERO_BALANCE_PLAY off: an empty wallet sits down nowhere, and is told to add funds', async () => {
    useSettings.setState({ ZERO_BALANCE_PLAY: false });
    const { queryClient } = renderLobby('/lobby');
    await act(async () => queryClient.setQueryData(balanceQueryKey, { balance: 0 }));
    await waitFor(() => expect(joinable(11)).toBe(false));
    expect(joinable(21)).toBe(false);
    expect(within(card(21)).getByText('Your wallet is empty: add funds to play')).toBeTruthy();

    await act(async () => queryClient.setQueryData(balanceQueryKey, { balance: 1 }));
    await waitFor(() => expect(joinable(11)).toBe(true));
  });
});
