// Player protection end to end (issue #20): a daily cash-in limit of 5.00 lets 5.00 onto a
// machine and refuses a further 0.01 with its message; loosening it waits 24 h and shows as
// pending; a 24 h time-out signs the player out, and signing in again is refused with 10705.
//
// Uses selin, who takes a break here: no other spec signs in as selin. The hot coins are 5.00
// and 0.01 on this page (its Settings.json), so the exact amounts can be moved with a tap.
import { expect, type Page, test } from '@playwright/test';
import { freeMachine, inEnglish, submitLogin, withSettings } from './player';

const player = 'selin';

test.beforeEach(async ({ context }) => {
  await inEnglish(context);
  await withSettings(context, {
    AUTO_DISCOUNT: false,
    AUTO_BONUS: false,
    HOT_COINS: [
      { price: 5, color: 'blue' },
      { price: 0.01, color: 'green' },
    ],
  });
});

/** Sets one limit on the Limits page and waits for the server's answer to show. */
async function setLimit(page: Page, row: string, amount: string): Promise<void> {
  const limit = page.getByTestId(row);
  await limit.getByLabel('New limit').fill(amount);
  await limit.getByRole('button', { name: 'Set' }).click();
  await expect(limit.getByLabel('New limit')).toHaveValue('');
}

/** The game screen of a machine nobody is on. */
async function joinFreeMachine(page: Page): Promise<void> {
  const machine = await freeMachine(page);
  await page.goto(`/game/${machine.id}/${encodeURIComponent(machine.name)}`);
}

test('a cash-in limit holds at 5.00, a looser one waits, and a time-out closes the account', async ({
  page,
}) => {
  await submitLogin(page, player);
  await expect(page).toHaveURL(/\/lobby/);
  await page.getByRole('link', { name: 'Limits' }).first().click();
  await expect(page).toHaveURL(/\/limits/);
  await setLimit(page, 'limit-cash_in-day', '5');
  await expect(page.getByTestId('limit-cash_in-day')).toContainText('₺5.00');

  await joinFreeMachine(page);
  const five = page.locator('[data-testid=hot-coin][data-cents="500"]');
  const cent = page.locator('[data-testid=hot-coin][data-cents="1"]');
  await expect(five).toBeEnabled({ timeout: 15_000 });
  await five.click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', '500');
  await cent.click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Your daily limit of 5.00 is reached' }),
  ).toBeVisible();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', '500');
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);

  await page.goto('/limits');
  await setLimit(page, 'limit-cash_in-day', '10');
  // Still 5.00 in force: the looser limit applies only after its cooling-off.
  await expect(page.getByTestId('limit-pending-cash_in-day')).toContainText('Changes to ₺10.00 on');
  await expect(page.getByTestId('limit-cash_in-day')).toContainText('Used ₺5.00 of ₺5.00');

  await page.getByTestId('break-choice').selectOption('timeout-24h');
  await page.getByRole('button', { name: 'Start the break' }).click();
  await page.getByTestId('break-confirm').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your break has started. You have been signed out.')).toBeVisible();

  await submitLogin(page, player);
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Your account is closed to play until' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
