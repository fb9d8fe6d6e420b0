// End to end on the cluster (issue #19): two server instances behind HAProxy on one PostgreSQL
// and one machine agent, started by scripts/test-cluster.sh (e2e/playwright.cluster.config.ts).
// Player A's requests and sockets go to instance a, player B's to b (HAProxy's sticky cookie, set
// before the first request), so B's lobby hears of A's seat across instances. Then the instance
// that owns A's machine is killed with SIGKILL: A's game screen says Connection Lost and comes
// back by itself on the survivor, same page, same credits, live video; left idle, the countdown
// closes the session once, the ledger holds one cash-in and one cash-out for it, and B's lobby
// sees the machine free again.
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { TransactionType } from '@reelcast/protocol/transactions';
import postgres from 'postgres';
import { cents, freeMachine, signedIn } from './player';

const proxy = `http://127.0.0.1:${process.env.CLUSTER_PORT ?? 8080}`;
const pidsFile = process.env.CLUSTER_PIDS ?? 'data/cluster/pids';
const sql = postgres(
  process.env.CLUSTER_DATABASE_URL ??
    'postgres://postgres:postgres@127.0.0.1:5432/reelcast_cluster',
  { max: 2, onnotice: () => {} },
);
test.afterAll(() => sql.end());

type Instance = 'a' | 'b';

/** A signed-in player whose every request and socket HAProxy sends to `instance`. */
async function playerOn(browser: Browser, instance: Instance, username: string): Promise<Page> {
  const page = await signedIn(browser, username, {
    cookies: [{ name: 'reelcast_instance', value: instance, url: proxy }],
  });
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
  return page;
}

/** Live video: a picture, then new frames decoded (at least `frames` within 5 s). */
async function expectLiveVideo(page: Page, frames = 10): Promise<void> {
  const video = page.getByTestId('machine-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const counted = await video.evaluate(
    (v: HTMLVideoElement, wanted) =>
      new Promise<number>((resolve) => {
        let n = 0;
        const start = performance.now();
        const tick = () => {
          n++;
          if (n < wanted && performance.now() - start < 5000) v.requestVideoFrameCallback(tick);
          else resolve(n);
        };
        v.requestVideoFrameCallback(tick);
      }),
    frames,
  );
  expect(counted).toBe(frames);
}

/** The instance holding the machine's live lease, as the instances see it. */
async function ownerOf(machineId: number): Promise<string | null> {
  const rows = await sql`select instance_id from machine_owners
    where machine_id = ${machineId} and expires_at > now()`;
  return (rows[0]?.instance_id as string | undefined) ?? null;
}

/** The pid scripts/start-cluster.sh wrote for the instance. */
function pidOf(instance: string): number {
  const line = readFileSync(pidsFile, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${instance} `));
  if (!line) throw new Error(`no pid for ${instance} in ${pidsFile}`);
  return Number(line.split(' ')[1]);
}

/** Opens a free machine's game screen, waits for live video, puts the smallest hot coin on. */
async function sitDown(page: Page): Promise<{ machineId: number; coinCents: number }> {
  const machine = await freeMachine(page);
  await page.goto(`/game/${machine.id}/${encodeURIComponent(machine.name)}`);
  await expectLiveVideo(page);
  const coin = page.getByTestId('hot-coin').first();
  const coinCents = Number(await coin.getAttribute('data-cents'));
  await coin.click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute(
    'data-cents',
    String(coinCents),
  );
  return { machineId: machine.id, coinCents };
}

/** One game: SPIN, then the reels stop; the credits after it. */
async function spin(page: Page, before: number): Promise<number> {
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => cents(page, 'machine-credits')).not.toBe(before);
  await expect(page.getByTestId('machine-meters')).toHaveAttribute('data-spinning', 'false', {
    timeout: 10_000,
  });
  return cents(page, 'machine-credits');
}

test('the owner of a seated player’s machine killed: the game goes on elsewhere and closes once', async ({
  browser,
}) => {
  const watcher = await playerOn(browser, 'b', 'demo2');
  const player = await playerOn(browser, 'a', 'demo');
  const { machineId, coinCents } = await sitDown(player);
  const card = watcher.locator(`[data-testid=machine-card][data-machine-id="${machineId}"]`);
  // Pushed from the machine's owner to B's /notice on the other instance, well before the
  // lobby's own refresh (LOBBY_UPDATE, 10 s).
  await expect(card).toHaveAttribute('data-status', 'playing', { timeout: 2000 });

  const credits = await spin(player, coinCents);
  // Something to cash out at the end: the smallest coin is many bets.
  expect(credits).toBeGreaterThan(0);
  const [open] = await sql`select id from slot_sessions
    where machine_id = ${machineId} and status = 'open'`;
  const sessionId = Number(open!.id);

  const owner = await ownerOf(machineId);
  expect(owner === 'a' || owner === 'b').toBe(true);
  const survivor = owner === 'a' ? 'b' : 'a';
  // Marks this page load: the recovery must need no reload.
  await player.evaluate(() => {
    (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
  });
  process.kill(pidOf(owner!), 'SIGKILL');

  const lost = player.getByTestId('connection-lost');
  await expect(lost).toHaveText('Connection Lost, please wait.');
  // The survivor takes the machine once the dead owner's lease runs out (5 s) and the agent is
  // back through HAProxy; the player's socket reconnects and rejoins on its own.
  await expect(lost).toHaveCount(0, { timeout: 45_000 });
  expect(await ownerOf(machineId)).toBe(survivor);
  await expect(player.getByTestId('machine-credits')).toHaveAttribute(
    'data-cents',
    String(credits),
  );
  await expectLiveVideo(player);
  expect(
    await player.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad),
  ).toBe(true);

  // Left idle: the countdown, then the session closes and the screen goes back to the lobby.
  await expect(
    player.locator('[data-sonner-toast]').filter({ hasText: /seconds left to continue/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(player).toHaveURL(/\/lobby/, { timeout: 30_000 });
  const closed = async () =>
    (await sql`select status, close_reason from slot_sessions where id = ${sessionId}`)[0];
  await expect.poll(closed).toEqual({ status: 'closed', close_reason: 'idle' });
  // Every movement once: the coin onto the machine, the credits back.
  const entries = await sql`select type, amount from ledger_entries
    where session_id = ${sessionId} order by id`;
  expect(entries.map((e) => ({ type: Number(e.type), amount: Number(e.amount) }))).toEqual([
    { type: TransactionType.cashIn, amount: -coinCents },
    { type: TransactionType.cashOut, amount: credits },
  ]);

  await expect(card).toHaveAttribute('data-status', 'available', { timeout: 10_000 });
  await player.context().close();
  await watcher.context().close();
});
