// A hand pay above the threshold waits for a second supervisor (issue #21), on the server of its
// own (playwright.config.ts, main port + 3) where every win is a hand pay and every hand pay needs
// the second. Demo plays there over the machine socket until a win locks the machine; supervisor
// 'staff' resets it in the console and is told it waits; supervisor2 approves it in the queue;
// the player's wallet has it. Demo leaves the machine at the end.
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { bearer, consoleSignIn, englishPage, signedInAs, tokenOf } from './console-support';

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 3}`;
const machineId = 1;

type FloorMachine = { id: number; handPay: { amount: number } | null };

async function machineOnFloor(
  request: import('@playwright/test').APIRequestContext,
  token: string,
) {
  const res = await request.get(`${base}/staff/floor`, { headers: bearer(token) });
  const { machines } = (await res.json()) as { machines: FloorMachine[] };
  return machines.find((m) => m.id === machineId)!;
}

test('a hand pay above the threshold is paid only when a second supervisor approves', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await tokenOf(request, 'staff', undefined, base);
  const demo = await tokenOf(request, 'demo', 'demo1234', base);
  const balanceOf = async () =>
    (await (await request.get(`${base}/player/balance`, { headers: bearer(demo) })).json())
      .balance as number;

  // Demo sits at the machine, moves 50.00 on and lets it play until a win locks it.
  const socket: Socket = io(`${base}/machine`, { transports: ['websocket'], forceNew: true });
  const ask = (event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload);
  try {
    expect((await ask('init', { machineID: machineId, token: demo })).code).toBe(20000);
    expect(
      (await ask('transfer', { amount: 5_000, requestId: `e2e-hp-${Date.now()}` })).balance,
    ).toBeDefined();
    expect((await ask('press', { button: 'auto' })).pressed).toBe(true);
    await expect
      .poll(async () => (await machineOnFloor(request, staff)).handPay, { timeout: 90_000 })
      .not.toBeNull();
    const amount = (await machineOnFloor(request, staff)).handPay!.amount;
    const walletBefore = await balanceOf();

    const first = await englishPage(browser, base);
    await consoleSignIn(first, 'staff');
    await signedInAs(first, 'staff');
    await first.goto(`/console/floor/${machineId}`);
    const panel = first.getByTestId('machine-panel');
    await expect(panel.getByTestId('machine-hand-pay')).not.toHaveText('—');
    await panel.getByRole('button', { name: 'Reset hand pay' }).click();
    const dialog = first.getByRole('dialog');
    await expect(dialog).toContainText('a second supervisor must approve');
    await dialog.getByRole('button', { name: 'Reset hand pay' }).click();
    await expect(first.getByTestId('machine-action-result')).toContainText(
      'waits for a second supervisor',
    );
    const queued = first.getByTestId('hand-pay-approval');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('asked by staff');
    await expect(queued.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0);
    expect(await balanceOf()).toBe(walletBefore);

    const second = await englishPage(browser, base);
    await consoleSignIn(second, 'supervisor2');
    await signedInAs(second, 'supervisor2');
    await second.goto('/console/floor');
    await second
      .getByTestId('hand-pay-approval')
      .getByRole('button', { name: 'Approve and pay' })
      .click();
    await expect(second.getByTestId('hand-pay-approval')).toHaveCount(0);
    await expect(queued).toHaveCount(0);
    await expect.poll(balanceOf).toBe(walletBefore + amount);
    await first.context().close();
    await second.context().close();
  } finally {
    await ask('press', { button: 'auto' }).catch(() => undefined);
    await ask('leave', {}).catch(() => undefined);
    socket.disconnect();
  }
});
