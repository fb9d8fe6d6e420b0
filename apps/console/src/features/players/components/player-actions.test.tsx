import type { PlayerProfileAnswer } from '@reelcast/protocol/console-players';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../shared/auth/auth-store';
import { fakeServer, me } from '../../../testing/fake-server';
import { renderAt } from '../../../testing/render';
import { PlayerActions } from './player-actions';

const demo = {
  id: 7,
  username: 'demo',
  balance: 50_000,
  banned: false,
} as PlayerProfileAnswer;

function asRole(role: string, extra: Parameters<typeof fakeServer>[0] = {}) {
  signIn(`${role}-token`);
  return fakeServer({ 'GET /staff/me': { body: me(role) }, ...extra });
}

describe('what staff may do to a player', () => {
  it.each([
    ['cashier', ['Deposit', 'Withdraw']],
    ['supervisor', ['Deposit', 'Withdraw', 'Ban', 'Reset password', 'Reset PIN']],
    ['auditor', []],
  ])('a %s is offered %j', async (role, offered) => {
    asRole(role);
    renderAt(<PlayerActions player={demo} />);
    await waitFor(() =>
      expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(offered),
    );
  });

  it('deposits the amount typed with the reason given, once a reason is there', async () => {
    const { calls } = asRole('cashier', {
      'POST /staff/deposit': {
        body: { code: 20000, playerId: 7, balance: 50_100, entryId: 1, applied: true },
      },
    });
    renderAt(<PlayerActions player={demo} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1.00');
    const confirm = within(dialog).getByRole('button', { name: /^Deposit 1\.00$/ });
    await userEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toMatch(/reason is required/);
    expect(calls.some((c) => c.url === '/staff/deposit')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'cash at the desk');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deposit = calls.find((c) => c.url === '/staff/deposit');
    expect(deposit?.body).toMatchObject({ playerId: 7, amount: 100, reason: 'cash at the desk' });
    expect(deposit?.token).toBe('cashier-token');
    expect(screen.getByTestId('player-action-result').textContent).toBe(
      'Done. The balance is now 501.00.',
    );
  });
});
