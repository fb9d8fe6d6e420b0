import type { Machine } from '@reelcast/protocol/http';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { Route, Routes } from '../../../shared/router';
import { createTestQueryClient, renderWithProviders, setUpI18n } from '../../../testing/render';
import { watchedMachineQueryOptions } from '../api/get-watched-machine';
import type { SpectatorSocket } from '../api/spectator-socket';
import { WatchAction } from './watch-action';
import { WatchPage } from './watch-page';

type Listener = (...args: unknown[]) => void;

/** The server's end of a spectator socket: a test answers `watch` and pushes `spectate`. */
function fakeServer(answer: Record<string, unknown>) {
  const listeners = new Map<string, Listener[]>();
  const sent: Array<{ event: string; payload: unknown }> = [];
  const socket = {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      sent.push({ event, payload });
      return socket;
    },
    timeout: () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        sent.push({ event, payload });
        return answer;
      },
    }),
    connect() {
      for (const l of listeners.get('connect') ?? []) l();
      return socket;
    },
    disconnect: () => socket,
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
  };
  const push = (event: string, payload: unknown) =>
    act(() => {
      for (const l of listeners.get(event) ?? []) l(payload);
    });
  return { createSocket: () => socket as unknown as SpectatorSocket, sent, push };
}

const machine = {
  id: 2,
  name: 'Book of Ra',
  status: 'playing',
  image: null,
  brand: null,
  reservation: null,
  videoType: 'screen',
  game: null,
} as unknown as Machine;

function renderWatch(server: ReturnType<typeof fakeServer>) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(watchedMachineQueryOptions(2).queryKey, machine);
  return renderWithProviders(
    <Routes>
      <Route path="/watch/:machineId" element={<WatchPage createSocket={server.createSocket} />} />
    </Routes>,
    { path: '/watch/2', queryClient },
  );
}

describe('the watch page', () => {
  beforeAll(async () => {
    await setUpI18n();
    useAuthStore.setState({ token: 'a-token' });
  });

  it('asks to watch the machine and shows the live number of viewers, and no controls', async () => {
    const server = fakeServer({ code: 20000, machineId: 2, viewers: 1, status: 'playing' });
    renderWatch(server);
    await waitFor(() => expect(screen.getByTestId('viewer-count').textContent).toBe('1 watching'));
    expect(server.sent[0]).toMatchObject({ event: 'watch', payload: { machineID: 2 } });
    expect(screen.getByRole('heading').textContent).toBe('Watching Book of Ra');
    server.push('spectate', { machineId: 2, viewers: 3, status: 'playing' });
    expect(screen.getByTestId('viewer-count').textContent).toBe('3 watching');
    // Nothing to press and no money: the page only watches.
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/credit|balance|bet/i)).toBeNull();
    // The only thing it sent is the watch.
    expect(server.sent.map((s) => s.event)).toEqual(['watch']);
  });

  it('says when the machine is free and offers to play it', async () => {
    const server = fakeServer({ code: 20000, machineId: 2, viewers: 1, status: 'playing' });
    renderWatch(server);
    await waitFor(() => expect(screen.getByTestId('viewer-count').textContent).toBe('1 watching'));
    server.push('spectate', { machineId: 2, viewers: 1, status: 'available' });
    expect(screen.getByText('This machine is free now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play it' }).getAttribute('href')).toBe(
      '/game/2/Book%20of%20Ra',
    );
  });

  it('says why a watch is refused, in the player’s language', async () => {
    const server = fakeServer({ code: 40926, ErrorMessage: 'full', Params: { max: 8 } });
    renderWatch(server);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This machine already has 8 viewers: try again later',
    );
  });
});

describe('Watch on a lobby card', () => {
  beforeAll(setUpI18n);

  it('is offered for a machine someone plays, and only then', () => {
    const { rerender } = renderWithProviders(<WatchAction machine={machine} />);
    expect(screen.getByRole('link', { name: 'Watch Book of Ra' }).getAttribute('href')).toBe(
      '/watch/2',
    );
    rerender(<WatchAction machine={{ ...machine, status: 'available' }} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
