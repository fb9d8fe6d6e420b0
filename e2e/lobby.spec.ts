// The lobby end to end (issue 6): brand filter and deselect, the address restoring the
// selection, a reservation, and a second player's join showing up live in the first player's
// lobby (pushed on the notice socket, well before the LOBBY_UPDATE poll).

import { type Browser, expect, type Page, test } from '@playwright/test';
import { floor, machineCountOf } from './floor';
import { signedIn } from './player';

/**
 * A player signed in from /lobby (sent to the form, signed out, and back after), in a context of
 * their own, with the whole floor shown.
 */
async function inLobby(browser: Browser, username: string): Promise<Page> {
  const page = await signedIn(browser, username, { url: '/lobby' });
  await expect(page.getByTestId('machine-card')).toHaveCount(floor.machines.length);
  return page;
}

const brand = (page: Page, name: string) => page.getByTestId('brand').filter({ hasText: name });

test('brand filter, deselect, and the address restoring the selection', async ({ browser }) => {
  const page = await inLobby(browser, 'demo');

  // Only Novomatic's machines, a few of the floor's.
  await brand(page, 'Novomatic').click();
  await expect(page).toHaveURL(/\/lobby\/\d+\/Novomatic$/);
  await expect(brand(page, 'Novomatic')).toHaveAttribute('aria-pressed', 'true');
  expect(machineCountOf('Novomatic')).toBeLessThan(floor.machines.length);
  await expect(page.getByTestId('machine-card')).toHaveCount(machineCountOf('Novomatic'));
  await expect(page.getByTestId('brand-jackpots')).toHaveCount(1);

  // Choosing it again deselects it.
  await brand(page, 'Novomatic').click();
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(brand(page, 'Novomatic')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('machine-card')).toHaveCount(floor.machines.length);

  // A reload of a brand's address comes back with that brand chosen.
  await brand(page, 'IGT').click();
  await expect(page).toHaveURL(/\/lobby\/\d+\/IGT$/);
  await page.reload();
  await expect(brand(page, 'IGT')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('machine-card')).toHaveCount(machineCountOf('IGT'));
  await page.context().close();
});

test('a reservation holds a machine and is shown with its time left', async ({ browser }) => {
  const page = await inLobby(browser, 'demo');
  const card = page.locator('[data-testid=machine-card][data-status=available]').last();
  const machineId = await card.getAttribute('data-machine-id');
  const mine = page.locator(`[data-testid=machine-card][data-machine-id="${machineId}"]`);

  await mine.getByTestId('reserve-machine').click();
  await expect(mine).toHaveAttribute('data-status', 'reserved');
  await expect(mine).toHaveAttribute('data-reserved', 'mine');
  await expect(mine.getByText(/Yours for \d:\d\d/)).toBeVisible();
  await expect(page.getByTestId('reserved-list')).toContainText(/Yours for/);
  // The player's own reservation stays joinable.
  await expect(mine.getByTestId('machine-link')).toBeVisible();

  await mine.getByTestId('release-reservation').click();
  await expect(mine).toHaveAttribute('data-status', 'available');
  await expect(page.getByTestId('reserved-list')).toHaveCount(0);
  await page.context().close();
});

test('a second player joining a machine shows in the first player’s lobby within a second', async ({
  browser,
}) => {
  const first = await inLobby(browser, 'demo');
  const card = first.locator('[data-testid=machine-card][data-status=available]').first();
  const machineId = await card.getAttribute('data-machine-id');
  const watched = first.locator(`[data-testid=machine-card][data-machine-id="${machineId}"]`);

  const second = await inLobby(browser, 'demo2');
  await second
    .locator(`[data-testid=machine-card][data-machine-id="${machineId}"]`)
    .getByTestId('machine-link')
    .click();
  await expect(second).toHaveURL(new RegExp(`/game/${machineId}/`));
  // The join is confirmed when the game screen lets the player cash out.
  await expect(second.getByTestId('cashout')).toBeEnabled({ timeout: 15_000 });

  await expect(watched).toHaveAttribute('data-status', 'playing', { timeout: 1000 });
  await expect(watched.getByTestId('machine-status')).toHaveText('Playing', { timeout: 1000 });
  await expect(watched.getByTestId('machine-link')).toHaveCount(0);

  await second.context().close();
  await first.context().close();
});
