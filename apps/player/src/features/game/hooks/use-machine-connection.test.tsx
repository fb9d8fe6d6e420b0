// §8 70000 as the player meets it: the translated message, and back to the lobby.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { initI18n } from '../../../shared/i18n';
import { QueryClientProvider } from '../../../shared/query/query-client-provider';
import { MemoryRouter, Route, Routes } from '../../../shared/router';
import { Toasts } from '../../../shared/ui/toasts';
import { machineServer as server } from '../../../testing/fake-machine-socket';
import { playerToken } from '../../../testing/fixtures';
import { createTestQueryClient } from '../../../testing/render';
import { useMachineConnection } from './use-machine-connection';

vi.mock('socket.io-client', () => import('../../../testing/fake-machine-socket'));

function GameScreen() {
  const game = useMachineConnection(3);
  return <p>game {game.status}</p>;
}

describe('a machine whose video cannot be started', () => {
  beforeAll(() => initI18n('tr'));
  afterEach(() => logout());

  it('shows the translated 70000 message and returns the player to the lobby', async () => {
    signIn(playerToken());
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/game/3']}>
          <Routes>
            <Route path="/game/3" element={<GameScreen />} />
            <Route path="/lobby" element={<p>lobby page</p>} />
          </Routes>
          <Toasts />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const init = server.sent.find((sent) => sent.event === 'init');
    act(() =>
      init?.ack?.(null, {
        code: 20000,
        session: { id: 7, machineId: 3, name: '#3', status: 'open', machine_status: 'playing' },
        machine: { id: 3, status: 'idle', credits: 500, bet: 10, win: 0, spinning: false },
      }),
    );
    expect(await screen.findByText('game open')).toBeTruthy();

    act(() =>
      server.fire('info', {
        code: 70000,
        params: {},
        message: 'Failed to start pipeline, contact technical team',
      }),
    );

    expect(await screen.findByText('lobby page')).toBeTruthy();
    expect(
      await screen.findByText('Yayın başlatılamadı, teknik ekiple iletişime geçin'),
    ).toBeTruthy();
    expect(server.socket.connected).toBe(false);
  });
});
