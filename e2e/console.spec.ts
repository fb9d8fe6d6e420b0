// The staff console end to end (issue #21): a supervisor finds demo and deposits 1.00 with a
// reason, demo's open tab shows the new balance live and the audit log shows the deposit with its
// reason; a cashier is offered no ban and the server refuses one; a player gets nothing from the
// console, in the page or from any console route; an auditor reads every page and is offered no
// change, and the server refuses each. The hand pay above the threshold is console-hand-pay.spec.ts.
//
// Demo's wallet is put back (a withdrawal of the 1.00) at the end; no seat is taken.

import { expect, test } from '@playwright/test';
import { consoleRoutes } from '@reelcast/protocol/console';
import {
  bearer,
  consoleSignIn,
  englishPage,
  playerByName,
  signedInAs,
  tokenOf,
} from './console-support';

const reason = `e2e console deposit ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

test('a supervisor deposits 1.00 for demo with a reason; demo’s tab shows it live; the audit log has it', async ({
  browser,
  request,
}) => {
  const staff = await tokenOf(request, 'staff');
  const demo = await playerByName(request, staff, 'demo');

  // Demo's own tab, open on the lobby.
  const player = await englishPage(browser);
  await player.goto('/lobby');
  await player.getByLabel('Email or username').fill('demo');
  await player.getByLabel('Password', { exact: true }).fill('demo1234');
  await player.getByRole('button', { name: 'Log in' }).click();
  await expect(player).toHaveURL(/\/lobby/);
  const balance = player.getByTestId('balance').first();
  await expect(balance).toHaveAttribute('data-cents', /\d+/);
  const before = Number(await balance.getAttribute('data-cents'));

  const page = await englishPage(browser);
  await consoleSignIn(page, 'staff');
  await signedInAs(page, 'staff');
  await page.getByRole('link', { name: 'Players' }).click();
  await page.getByRole('searchbox', { name: 'Search players' }).fill('demo');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'demo', exact: true }).click();
  await expect(page.getByTestId('player-balance')).toHaveAttribute('data-cents', String(before));

  await page.getByRole('button', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('1.00');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: /^Deposit 1\.00$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('player-balance')).toHaveAttribute(
    'data-cents',
    String(before + 100),
  );

  // The player's tab was not reloaded: the notice socket brought the new balance.
  await expect(balance).toHaveAttribute('data-cents', String(before + 100));

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Who').fill('staff');
  await page.getByLabel('Action', { exact: true }).fill('deposit');
  await page.getByRole('button', { name: 'Apply' }).click();
  const entry = page.getByTestId('audit-entry').filter({ hasText: reason });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('deposit');
  await expect(entry).toContainText(`player ${demo.id}`);
  await expect(entry).toContainText('Done');

  // Demo's wallet as it was.
  const back = await request.post('/staff/withdraw', {
    headers: bearer(staff),
    data: {
      playerId: demo.id,
      amount: 100,
      idempotencyKey: `e2e-console-${Date.now()}`,
      reason: 'e2e: put back',
    },
  });
  expect(back.ok()).toBe(true);
  await expect(balance).toHaveAttribute('data-cents', String(before));
  await player.context().close();
  await page.context().close();
});

test('a cashier is offered money but no ban, and the server refuses a ban', async ({
  browser,
  request,
}) => {
  const page = await englishPage(browser);
  await consoleSignIn(page, 'cashier');
  await signedInAs(page, 'cashier');
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const cashier = await tokenOf(request, 'cashier');
  const demo = await playerByName(request, cashier, 'demo');
  await page.goto(`/console/players/${demo.id}`);
  await expect(page.getByRole('button', { name: 'Deposit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset password' })).toHaveCount(0);

  const ban = await request.post(`/staff/players/${demo.id}/ban`, {
    headers: bearer(cashier),
    data: { banned: true, reason: 'e2e: a cashier tries' },
  });
  expect([ban.status(), (await ban.json()).code]).toEqual([403, 40300]);
  const after = await playerByName(request, cashier, 'demo');
  expect(after.id).toBe(demo.id);
  await page.context().close();
});

test('a player is told this is the staff console, and every console route answers 403', async ({
  browser,
  request,
}) => {
  const page = await englishPage(browser);
  await consoleSignIn(page, 'demo', 'demo1234');
  await expect(page.getByRole('alert')).toContainText('a player account cannot sign in here');
  expect(await page.evaluate(() => localStorage.getItem('console_token'))).toBeNull();
  await page.goto('/console/floor');
  await expect(page).toHaveURL(/\/console\/login$/);

  const token = await tokenOf(request, 'demo', 'demo1234');
  for (const [name, route] of Object.entries(consoleRoutes)) {
    const url = route.path.replace(/:\w+/g, '1');
    const res =
      route.method === 'GET'
        ? await request.get(url, { headers: bearer(token) })
        : await request.post(url, { headers: bearer(token), data: {} });
    expect([name, res.status()]).toEqual([name, 403]);
  }
  await page.context().close();
});

test('an auditor reads every page and is offered no change; the server refuses one', async ({
  browser,
  request,
}) => {
  const page = await englishPage(browser);
  await consoleSignIn(page, 'auditor');
  await signedInAs(page, 'auditor');
  await expect(page.getByText('you can read everything here and change nothing')).toBeVisible();
  for (const name of ['Floor', 'Players', 'Reports', 'Audit log', 'Staff accounts']) {
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'New staff account' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Floor', exact: true }).click();
  await page.getByTestId('floor-machine').first().getByRole('link').click();
  await expect(page.getByTestId('machine-panel')).toBeVisible();
  await expect(page.getByText('Meters and ledger', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Take out of service|Put back in service/ }),
  ).toHaveCount(0);

  const auditor = await tokenOf(request, 'auditor');
  const demo = await playerByName(request, auditor, 'demo');
  await page.goto(`/console/players/${demo.id}`);
  await expect(page.getByTestId('player-balance')).toBeVisible();
  for (const tab of [
    'Ledger',
    'Slot sessions',
    'Login log',
    'Limits and exclusions',
    'Permissions',
  ]) {
    await page.getByRole('button', { name: tab }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  for (const name of [
    'Deposit',
    'Withdraw',
    'Ban',
    'Reset password',
    'Reset PIN',
    'Change permissions',
  ]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  const deposit = await request.post('/staff/deposit', {
    headers: bearer(auditor),
    data: {
      playerId: demo.id,
      amount: 100,
      idempotencyKey: `e2e-auditor-${Date.now()}`,
      reason: 'e2e: an auditor tries',
    },
  });
  expect(deposit.status()).toBe(403);
  expect((await playerByName(request, auditor, 'demo')).balance).toBe(demo.balance);
  await page.context().close();
});
