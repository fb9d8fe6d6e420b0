import type { FloorMachine } from '@reelcast/protocol/console-floor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../shared/auth/auth-store';
import { fakeServer, me } from '../../../testing/fake-server';
import { renderAt } from '../../../testing/render';
import { ApprovalsQueue } from './approvals-queue';
import { MachineActions } from './machine-actions';

const machine: FloorMachine = {
  id: 3,
  name: 'Bar Royale',
  brand: { id: 1, name: 'Aristocrat' },
  game: 'classic',
  enabled: true,
  status: 'not_available',
  cabinet: 'handpay',
  fault: null,
  credits: 4_000,
  session: {
    id: 9,
    playerId: 7,
    username: 'demo',
    openedAt: '2026-05-01T10:00:00Z',
    connected: true,
  },
  handPay: { id: 'hp-1', amount: 600_000 },
  agentConnected: true,
  videoUp: true,
  viewers: 1,
};

const approval = {
  id: 5,
  machineId: 3,
  amount: 600_000,
  requestedBy: 'staff',
  requestedAt: '2026-05-01T10:05:00Z',
  approvedBy: null,
  approvedAt: null,
  status: 'pending',
};

function as(role: string, username: string, routes: Parameters<typeof fakeServer>[0] = {}) {
  signIn(`${username}-token`);
  return fakeServer({ 'GET /staff/me': { body: me(role, username) }, ...routes });
}

describe('a machine’s actions on the floor', () => {
  it.each(['cashier', 'auditor'])('a %s is offered none', async (role) => {
    const { calls } = as(role, role);
    renderAt(<MachineActions machine={machine} threshold={500_000} />);
    await waitFor(() => expect(calls.some((c) => c.url === '/staff/me')).toBe(true));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('a hand pay above the threshold is asked for and then said to wait for a second supervisor', async () => {
    const { calls } = as('supervisor', 'staff', {
      'POST /staff/handpay-reset': {
        status: 202,
        body: { code: 20000, ErrorMessage: 'ok', machineId: 3, approval },
      },
    });
    renderAt(<MachineActions machine={machine} threshold={500_000} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset hand pay' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('6,000.00 is above 5,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset hand pay' }));
    expect((await screen.findByTestId('machine-action-result')).textContent).toMatch(
      /6,000.00 waits for a second supervisor/,
    );
    expect(calls.find((c) => c.url === '/staff/handpay-reset')?.body).toEqual({ machineId: 3 });
  });
});

describe('the approvals queue', () => {
  it('offers the approval to another supervisor, not to the one who asked', async () => {
    as('supervisor', 'staff', {
      'GET /staff/handpay-approvals': { body: { approvals: [approval] } },
    });
    const { unmount } = renderAt(<ApprovalsQueue threshold={500_000} />);
    expect((await screen.findByTestId('hand-pay-approval')).textContent).toContain(
      'asked by staff',
    );
    await screen.findByText('You asked: another supervisor approves.');
    expect(screen.queryByRole('button', { name: 'Approve and pay' })).toBeNull();
    unmount();

    const { calls } = as('supervisor', 'supervisor2', {
      'GET /staff/handpay-approvals': { body: { approvals: [approval] } },
      'POST /staff/handpay-approvals/5/approve': { body: { code: 20000, amount: 600_000 } },
    });
    renderAt(<ApprovalsQueue threshold={500_000} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/staff/handpay-approvals/5/approve'),
      ).toBe(true),
    );
  });
});
