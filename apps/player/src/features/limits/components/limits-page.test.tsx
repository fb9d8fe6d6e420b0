import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import type { LimitView, ProtectionAnswer } from '@reelcast/protocol/protection';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LimitsPage } from './limits-page';

const resetsAt = '2026-01-02T00:00:00.000Z';

function limitsAnswer(changes: Partial<Record<string, Partial<LimitView>>> = {}): ProtectionAnswer {
  const limits: LimitView[] = [];
  for (const kind of ['deposit', 'cash_in', 'net_loss', 'session_time'] as const) {
    for (const period of ['day', 'week', 'month'] as const) {
      limits.push({
        kind,
        period,
        amount: null,
        pending: null,
        used: 0,
        resetsAt,
        ...changes[`${kind}:${period}`],
      });
    }
  }
  return { code: 20000, limits, realityCheckMinutes: 0 };
}

const row = (kind: string, period: string) => screen.getByTestId(`limit-${kind}-${period}`);

describe('limits page', () => {
  beforeAll(setUpI18n);
  beforeEach(() => signIn(playerToken(), PIN_CODE_MARKER));
  afterEach(() => {
    logout();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows each limit in force with what is used, and a loosening waiting for its cooling-off', async () => {
    fakeServer({
      '/player/limits': () =>
        jsonResponse(
          200,
          limitsAnswer({
            'cash_in:day': {
              amount: 500,
              used: 500,
              pending: { amount: 1_000, effectiveAt: '2026-01-02T10:00:00.000Z' },
            },
            'session_time:week': { amount: 90, used: 30 },
          }),
        ),
    });
    renderWithProviders(<LimitsPage />, { path: '/limits' });
    const cashIn = await waitFor(() => row('cash_in', 'day'));
    expect(within(cashIn).getByText('Used ₺5.00 of ₺5.00', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('limit-pending-cash_in-day').textContent).toContain(
      'Changes to ₺10.00 on',
    );
    expect(
      within(row('session_time', 'week')).getByText('Used 30 min of 90 min', { exact: false }),
    ).toBeTruthy();
    expect(within(row('deposit', 'month')).getByText('No limit')).toBeTruthy();
  });

  it('sends a new limit in hundredths and shows the server’s answer', async () => {
    const server = fakeServer({
      '/player/limits': (init) =>
        init?.method === 'PUT'
          ? jsonResponse(200, limitsAnswer({ 'net_loss:week': { amount: 2_550 } }))
          : jsonResponse(200, limitsAnswer()),
    });
    const user = userEvent.setup();
    renderWithProviders(<LimitsPage />, { path: '/limits' });
    const netLoss = await waitFor(() => row('net_loss', 'week'));
    await user.type(within(netLoss).getByLabelText('New limit'), '25,50');
    await user.click(within(netLoss).getByRole('button', { name: 'Set' }));
    await waitFor(() =>
      expect(callsTo(server, '/player/limits').at(-1)?.body).toEqual({
        kind: 'net_loss',
        period: 'week',
        amount: 2_550,
      }),
    );
    expect(await within(row('net_loss', 'week')).findByText('₺25.50')).toBeTruthy();
  });

  it('refuses an amount that is no money, without asking the server', async () => {
    const server = fakeServer({ '/player/limits': () => jsonResponse(200, limitsAnswer()) });
    const user = userEvent.setup();
    renderWithProviders(<LimitsPage />, { path: '/limits' });
    const deposit = await waitFor(() => row('deposit', 'day'));
    await user.type(within(deposit).getByLabelText('New limit'), '-3');
    await user.click(within(deposit).getByRole('button', { name: 'Set' }));
    expect(await within(deposit).findByRole('alert')).toBeTruthy();
    expect(callsTo(server, '/player/limits').filter((c) => c.init?.method === 'PUT')).toEqual([]);
  });

  it('a break is asked twice, then signs the player out saying why', async () => {
    const server = fakeServer({
      '/player/limits': () => jsonResponse(200, limitsAnswer()),
      '/player/exclusion': () =>
        jsonResponse(200, {
          code: 20000,
          ErrorMessage: 'Request successful',
          exclusion: { kind: 'time-out', startedAt: resetsAt, endsAt: resetsAt },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LimitsPage />, { path: '/limits' });
    await user.selectOptions(await screen.findByTestId('break-choice'), 'timeout-7d');
    await user.click(screen.getByRole('button', { name: 'Start the break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this break?' });
    expect(callsTo(server, '/player/exclusion')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, start it' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(callsTo(server, '/player/exclusion')[0]?.body).toEqual({ choice: 'timeout-7d' });
    expect(useAuthStore.getState().logoutReason?.key).toBe('limits.excluded');
  });
});
