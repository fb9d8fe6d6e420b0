import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { SlotSessionsPage } from './slot-sessions-page';

const session = {
  id: 7,
  machineId: 2,
  machineName: 'Lucky Cherries',
  brand: 'Aristocrat',
  status: 'closed',
  openedAt: '2026-01-01T10:00:00.000Z',
  closedAt: '2026-01-01T10:05:00.000Z',
  cashIn: 5_000,
  cashOut: 5_300,
  gamesPlayed: 1,
  totalBet: 100,
  totalWon: 400,
  result: 300,
  closeReason: 'player',
};

const spin = {
  id: 1,
  playedAt: '2026-01-01T10:01:00.000Z',
  bet: 100,
  win: 400,
  creditsBefore: 5_000,
  creditsAfter: 5_300,
  stops: [4, 9, 2],
  grid: [
    ['lemon', 'cherry', 'bell'],
    ['plum', 'cherry', 'seven'],
    ['bar', 'cherry', 'bar2'],
  ],
  handPay: false,
};

describe('slot sessions page', () => {
  beforeAll(setUpI18n);
  beforeEach(() => signIn(playerToken(), PIN_CODE_MARKER));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it('lists the sessions and opens a game recall drawn from the reel symbols', async () => {
    fakeServer({
      '/player/slot-sessions': () =>
        jsonResponse(200, { items: [session], total: 1, page: 1, pageSize: 10 }),
      '/player/slot-sessions/7/spins': () =>
        jsonResponse(200, { session, items: [spin], total: 1, page: 1, pageSize: 10 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SlotSessionsPage />, { path: '/slot-sessions' });
    const card = await screen.findByTestId('slot-session');
    expect(card.textContent).toContain('Lucky Cherries');
    expect(card.textContent).toContain('Aristocrat');
    expect(within(card).getByTestId('session-result').textContent).toBe('₺3.00');

    await user.click(within(card).getByRole('button', { name: 'Game recall' }));
    const recall = await screen.findByRole('dialog', { name: 'Game recall — Lucky Cherries' });
    const screenTable = await within(recall).findByTestId('recall-screen');
    // Rows read across the reels: the middle row is the three cherries that won.
    const middle = within(screenTable).getAllByRole('row')[1]!;
    expect(
      within(middle)
        .getAllByRole('img')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['cherry', 'cherry', 'cherry']);
    expect(recall.textContent).toContain('₺50.00');
    expect(recall.textContent).toContain('₺53.00');
  });
});
