// A server restart as the player on the game screen meets it: 18820 in their language, once
// though both of the tab's sockets hear it, then the connection drops; the screen stays
// (connection lost), rejoins when the server is back and plays on in the same slot session.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { initI18n } from '../../../shared/i18n';
import { QueryClientProvider } from '../../../shared/query/query-client-provider';
import { MemoryRouter, Route, Routes } from '../../../shared/router';
import { type NoticeSocket, setNoticeSocketFactory } from '../../../shared/socket/notice-socket';
import { useNoticeConnection } from '../../../shared/socket/use-notice-connection';
import { Toasts } from '../../../shared/ui/toasts';
import { machineServer as server } from '../../../testing/fake-machine-socket';
import { playerToken } from '../../../testing/fixtures';
import { createTestQueryClient } from '../../../testing/render';
import { useMachineConnection } from './use-machine-connection';

vi.mock('socket.io-client', () => import('../../../testing/fake-machine-socket'));

function GameScreen() {
  const game = useMachineConnection(3);
  return (
    <p>
      game {game.status}, session {game.session?.id ?? '-'}, credits {game.machine?.credits ?? '-'}
    </p>
  );
}

/** The /notice socket's server end: it only pushes. */
const notice = {
  push: (_event: string, _payload: unknown) => {},
  socket: {
    on: () => notice.socket,
    onAny(fn: (event: string, payload: unknown) => void) {
      notice.push = fn;
      return notice.socket;
    },
    offAny: () => notice.socket,
    removeAllListeners: () => notice.socket,
    disconnect: () => notice.socket,
  },
};

function Tab() {
  useNoticeConnection();
  return <GameScreen />;
}

const joined = (credits: number) => ({
  code: 20000,
  session: { id: 7, machineId: 3, name: '#3', status: 'open', machine_status: 'playing' },
  machine: { id: 3, status: 'idle', credits, bet: 10, win: 0, spinning: false, autoplay: false },
});

/** Answers the newest init the client sent. */
const answerInit = (answer: unknown) =>
  act(() => server.sent.findLast((sent) => sent.event === 'init')?.ack?.(null, answer));

describe('a server restart on the game screen', () => {
  beforeAll(() => {
    setNoticeSocketFactory(() => notice.socket as unknown as NoticeSocket);
    return initI18n('tr');
  });
  afterEach(() => logout());

  it('says the credits are safe, shows the connection lost, and rejoins the same session', async () => {
    signIn(playerToken());
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/game/3']}>
          <Routes>
            <Route path="/game/3" element={<Tab />} />
            <Route path="/lobby" element={<p>lobby page</p>} />
          </Routes>
          <Toasts />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    answerInit(joined(2_450));
    expect(await screen.findByText('game open, session 7, credits 2450')).toBeTruthy();

    const restarting = {
      code: 18820,
      params: {},
      message:
        'The server is restarting: your credits are safe and your game will be back in a minute',
    };
    const said =
      'Sunucu yeniden başlatılıyor: kredileriniz güvende, oyununuz bir dakika içinde geri gelecek';
    // /notice says it (on any screen), then the machine socket: one toast, not two.
    act(() => notice.push('info', restarting));
    expect(await screen.findByText(said)).toBeTruthy();
    act(() => server.fire('info', restarting));
    // The server closes the connection (not a server-side disconnect): a drop, retried.
    act(() => {
      server.socket.connected = false;
      server.fire('disconnect', 'transport close');
    });
    expect(await screen.findByText('game lost, session 7, credits 2450')).toBeTruthy();
    expect(screen.queryByText('lobby page')).toBeNull();
    expect(screen.getAllByText(said)).toHaveLength(1);

    // The restarted server answers the reconnect: the same session with the same credits.
    const inits = server.sent.filter((sent) => sent.event === 'init').length;
    act(() => {
      server.socket.connect();
    });
    expect(server.sent.filter((sent) => sent.event === 'init')).toHaveLength(inits + 1);
    answerInit(joined(2_450));
    expect(await screen.findByText('game open, session 7, credits 2450')).toBeTruthy();
  });
});
