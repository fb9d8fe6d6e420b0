// The wallet end to end (issue 5): a slot session's money shows on /transactions as Cash In and
// Cash Out, and a discount claimed after a loss credits the wallet while a second tab of the same
// player sees the new balance and entry without a reload (the /notice socket).
//
// Uses demo2 (a retry: emre, then elif) and puts its wallet back to 500.00 at the end. The
// operator's staff API sets the wallet where a test needs it; the automatic claims are switched
// off for these pages (through their Settings.json) so that the claim made is the one the test
// clicks.

import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { cents, inEnglish, signIn, withSettings } from './player';

/**
 * The player of this try. The discount counts play since the player's last discount, so a try
 * whose session ended ahead would leave the next try's window ahead too: each try has its own.
 */
const player = () => ({
  username: ['demo2', 'emre', 'elif'][test.info().retry] ?? 'elif',
  password: 'demo1234',
});
/** A machine the other specs leave alone (they take the first available one). */
const machine = { id: 8, path: '/game/8/wallet-e2e' };

type Entry = { type: number; amount: number; source: string | null };

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/login', {
    data: { username: 'staff', password: 'staff1234', site_id: 0 },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

async function playerApi<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Sets the player's wallet to exactly `cents` through the operator API. */
async function setWallet(request: APIRequestContext, cents: number, tag: string) {
  const staff = await staffToken(request);
  const login = await request.post('/login', { data: { ...player(), site_id: 0 } });
  const token = (await login.json()).token as string;
  const { balance } = await playerApi<{ balance: number }>(request, token, '/player/balance');
  if (balance === cents) return;
  const res = await request.post(`/staff/${balance < cents ? 'deposit' : 'withdraw'}`, {
    headers: { authorization: `Bearer ${staff}` },
    data: {
      username: player().username,
      amount: Math.abs(balance - cents),
      idempotencyKey: `wallet-e2e-${player().username}-${tag}-${Date.now()}`,
      reason: 'end-to-end test',
    },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Cashes out any slot session the player still holds from another spec (a closed page keeps its
 * machine for the grace period), so this spec starts with no reconnect dialog over the lobby.
 */
async function closeOpenSessions(request: APIRequestContext) {
  const login = await request.post('/login', { data: { ...player(), site_id: 0 } });
  const token = (await login.json()).token as string;
  const open = await playerApi<Array<{ machineId: number }>>(
    request,
    token,
    '/player/slot-sessions/open',
  );
  for (const session of open) {
    const res = await request.post('/player/cancel', {
      headers: { authorization: `Bearer ${token}` },
      data: { machineId: session.machineId },
    });
    expect(res.ok()).toBe(true);
  }
}

/** English, and no automatic claims on this context's pages. */
async function prepare(context: BrowserContext) {
  await inEnglish(context);
  await withSettings(context, { AUTO_DISCOUNT: false, AUTO_BONUS: false });
}

const logIn = (page: Page) => signIn(page, player().username, { password: player().password });

const token = (page: Page) => page.evaluate(() => localStorage.getItem('jwt_access_token') ?? '');

/**
 * Σ of the play entries (Cash In, Cash Out, Hand Pay, JACKPOT) since the last discount, as the
 * server counts them for the next one: below 0 is a loss.
 */
async function playNet(page: Page, request: APIRequestContext): Promise<number> {
  const all = await playerApi<{ items: Entry[] }>(
    request,
    await token(page),
    '/player/transactions?pageSize=200',
  );
  let net = 0;
  for (const e of all.items) {
    if (e.source === 'discount') break;
    if (e.type >= 3) net += e.amount;
  }
  return net;
}

/**
 * One slot session that loses: sit down, move the smallest hot coin on, raise the bet to its
 * largest, play until the credits at rest are 0.10 or more below what came on (games are random:
 * a win is played on), back to the lobby. The discount test needs that 0.10: its 10 % must be at
 * least a cent. At the smallest bet (0.10) an early win of a few bets kept the credits above the
 * start for all 30 games in three tries running (a clean-clone CI, 2026-11-27): the classic game
 * pays many small wins. At 5.00 a lost game is 5.00 down at once, and up to 100 games are played
 * (the game's own odds: under 2 % of such sessions never go 0.10 below their start).
 */
async function playALosingSession(page: Page) {
  await page.goto(machine.path);
  const coin = page.getByTestId('hot-coin').first();
  await expect(coin).toBeEnabled({ timeout: 15_000 });
  const coinCents = Number(await coin.getAttribute('data-cents'));
  await coin.click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute(
    'data-cents',
    String(coinCents),
  );
  // Machine 8 plays the classic game, bets 0.10 to 5.00; the machine keeps its bet between
  // sessions, so it is raised from wherever it stands.
  const raise = page.getByRole('button', { name: 'Raise bet', exact: true });
  for (let press = 0; press < 6 && (await cents(page, 'machine-bet')) < 500; press++) {
    const before = await cents(page, 'machine-bet');
    await raise.click();
    await expect.poll(() => cents(page, 'machine-bet')).not.toBe(before);
  }
  expect(await cents(page, 'machine-bet')).toBe(500);
  const meters = page.getByTestId('machine-meters');
  for (let game = 0; game < 100; game++) {
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    // The bet leaves the credit meter as the game starts; the win lands as it ends.
    await expect(meters).toHaveAttribute('data-spinning', 'true');
    await expect(meters).toHaveAttribute('data-spinning', 'false', { timeout: 15_000 });
    if ((await cents(page, 'machine-credits')) <= coinCents - 10) break;
  }
  expect(await cents(page, 'machine-credits')).toBeLessThanOrEqual(coinCents - 10);
  // Leaving closes the session: the game finishes and every credit goes back to the wallet.
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
}

// Games are random, so even playing on until the credits are down (above) can meet a streak that
// keeps them up for all 100 games: 1.65 % of sessions of the classic game at 5.00 (40,000 played
// with its pay engine). The server has no way to fix an outcome, on purpose; the group is tried
// again instead (a retry is reported as flaky, never hidden). Each try plays as its own player
// (player()): sharing one, a try that ended ahead left the next one's discount window ahead, and a
// clean-clone CI (2026-11-27) failed all three tries from one streak. Three streaks in a row: about
// 1 run in 200,000.
test.describe.configure({ mode: 'serial', retries: 2 });

test.beforeAll(async ({ request }) => {
  await closeOpenSessions(request);
});

test.afterAll(async ({ request }) => {
  await setWallet(request, 50_000, 'restore');
});

test('a slot session shows on /transactions as Cash In and Cash Out', async ({
  context,
  page,
  request,
}) => {
  // A session may take up to 100 games of ~1.5 s (playALosingSession).
  test.setTimeout(240_000);
  await prepare(context);
  // Enough for a few sessions of the smallest hot coin (500.00).
  await setWallet(request, 200_000, 'start');
  await logIn(page);
  // The discount test needs the sessions since the last discount to have lost money.
  await playALosingSession(page);
  expect(await playNet(page, request)).toBeLessThanOrEqual(-10);

  await page.goto('/transactions?type=3,4');
  const rows = page.locator('[data-testid=transaction]:visible');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Cash In' }).first()).toContainText('-₺500.00');
  await expect(rows.filter({ hasText: 'Cash Out' }).first()).toContainText(
    `Machine #${machine.id}`,
  );
  expect(await page.locator('[data-testid=transaction][data-type="1"]:visible').count()).toBe(0);
});

test('a discount after a loss credits the wallet, live in a second tab', async ({
  context,
  page,
  request,
}) => {
  await prepare(context);
  await logIn(page);
  const net = await playNet(page, request);
  const discount = Math.floor((-net * 10) / 100);
  expect(discount).toBeGreaterThan(0);

  // The second tab of the same player: the transactions page, with the header balance.
  const second = await context.newPage();
  await second.goto('/transactions');
  await expect(second.locator('[data-testid=transaction]:visible').first()).toBeVisible();

  // Below the discount minimum (100.00) the claim is allowed; both tabs hear of it at once.
  await setWallet(request, 5_000, 'low');
  await expect(page.getByTestId('balance').first()).toHaveAttribute('data-cents', '5000');
  await expect(second.getByTestId('balance').first()).toHaveAttribute('data-cents', '5000');

  await page.getByTestId('claim-discount').click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Discount of' }),
  ).toBeVisible();
  const after = String(5_000 + discount);
  await expect(page.getByTestId('balance').first()).toHaveAttribute('data-cents', after);
  // No reload: the /notice socket brought the balance and the new entry to the other tab.
  await expect(second.getByTestId('balance').first()).toHaveAttribute('data-cents', after);
  await expect(
    second.locator('[data-testid=transaction][data-type="1"]:visible').first(),
  ).toContainText('Discount');

  // A second click within 30 s is stopped on the spot, with the spec's message.
  await page.getByTestId('claim-discount').click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'only once per 5 minutes' }),
  ).toBeVisible();
});
