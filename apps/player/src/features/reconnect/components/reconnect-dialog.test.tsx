import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBalance, balanceQueryKey } from '../../../shared/api/get-balance';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { Route, Routes, useParams } from '../../../shared/router';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { ReconnectDialog } from './reconnect-dialog';

const openSession = (machineStatus: string) => ({
  id: 41,
  machineId: 3,
  machineName: 'Bar Royale',
  machineStatus,
  credits: 2_500,
  openedAt: '2026-01-01T10:00:00.000Z',
});

/** The game screen's stand-in: which machine it was opened for (it sends init with that id). */
function GameScreen() {
  const { gameId, name } = useParams();
  return <p>{`game screen ${gameId} ${name}`}</p>;
}

function renderLobby() {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/lobby" element={<ReconnectDialog />} />
      <Route path="/game/:gameId/:name" element={<GameScreen />} />
    </Routes>,
    { path: '/lobby' },
  );
  return user;
}

describe('reconnect dialog', () => {
  beforeAll(setUpI18n);
  beforeEach(() => signIn(playerToken(), PIN_CODE_MARKER));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it('says the machine is waiting and Continue goes back to it', async () => {
    fakeServer({
      '/player/slot-sessions/open': () => jsonResponse(200, [openSession('waiting')]),
    });
    const user = renderLobby();
    const dialog = await screen.findByRole('dialog', {
      name: 'You are still seated at Bar Royale',
    });
    expect(dialog.textContent).toContain('Connect again?');
    expect(dialog.textContent).toContain('₺25.00');
    expect(screen.queryByRole('button', { name: 'Kick the player' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('game screen 3 Bar Royale')).toBeTruthy();
  });

  it('offers Kick the player when another connection of the account plays it', async () => {
    const server = fakeServer({
      '/player/slot-sessions/open': () => jsonResponse(200, [openSession('playing')]),
      '/player/kick': () =>
        jsonResponse(200, {
          code: 20000,
          ErrorMessage: '',
          machineId: 3,
          kicked: 1,
          status: 'waiting',
        }),
    });
    const user = renderLobby();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('contact support');
    await user.click(screen.getByRole('button', { name: 'Kick the player' }));
    await waitFor(() => expect(callsTo(server, '/player/kick')).toHaveLength(1));
    expect(callsTo(server, '/player/kick')[0]!.body).toEqual({ machineId: 3 });
  });

  /** The lobby with one session in error whose Cashout answers `answer` (and closes it). */
  function cancelling(answer: Record<string, unknown>) {
    let open = [openSession('error')];
    const server = fakeServer({
      '/player/slot-sessions/open': () => jsonResponse(200, open),
      '/player/cancel': () => {
        open = [];
        return jsonResponse(200, { code: 20000, ErrorMessage: '', machineId: 3, ...answer });
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <Routes>
        <Route path="/lobby" element={<ReconnectDialog />} />
        <Route path="/game/:gameId/:name" element={<GameScreen />} />
      </Routes>,
      { path: '/lobby' },
    );
    return { server, user, queryClient };
  }

  it('Cashout cancels the session, then rejoins the machine on a fresh one (§7)', async () => {
    const { server, user, queryClient } = cancelling({ amount: 2_500, balance: 9_999, seq: 12 });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('error or malfunction');
    await user.click(screen.getByRole('button', { name: 'Cashout' }));
    // The game screen of the same machine: it joins with init {machineID, token}.
    expect(await screen.findByText('game screen 3 Bar Royale')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(server, '/player/cancel')[0]!.body).toEqual({ machineId: 3 });
    // The answer's balance is taken on the ordered path: with its ledger entry, and not over a
    // newer one.
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 9_999 });
    expect(applyBalance(queryClient, { balance: 1, seq: 12 })).toBe(false);
  });

  it('Cashout without a seq in the answer leaves the balance to the /notice push', async () => {
    const { user, queryClient } = cancelling({ amount: 2_500, balance: 9_999 });
    queryClient.setQueryData(balanceQueryKey, { balance: 7_499 });
    await user.click(await screen.findByRole('button', { name: 'Cashout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 7_499 });
  });

  it('shows nothing without an open session', async () => {
    const server = fakeServer({ '/player/slot-sessions/open': () => jsonResponse(200, []) });
    renderLobby();
    await waitFor(() => expect(callsTo(server, '/player/slot-sessions/open')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
