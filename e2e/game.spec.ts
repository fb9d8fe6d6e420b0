// The game screen and the slot-session lifecycle end to end (issue 7): play, the idle warning
// counting down in place, the reconnect dialog after closing the page (Continue and Cashout),
// a dropped socket recovering without a reload, leaving with nothing left open on the server,
// and the controls each device gets.
//
// Money tests use demo2 (500.00) and leave its wallet as they found it; the others use staff,
// who needs no money to watch a machine. The server's idle warning comes after 10 s here
// (SESSION_IDLE_MS in playwright.config.ts).
import { type Browser, expect, type Page, test } from '@playwright/test';
import { cents, freeMachine, inEnglish, pageApi, signIn, withSettings } from './player';

type Account = 'demo2' | 'staff';
const passwords: Record<Account, string> = { demo2: 'demo1234', staff: 'staff1234' };

test.beforeEach(async ({ context }) => {
  await inEnglish(context);
  await context.addInitScript(() => {
    // Keeps every WebSocket the page opens, so a test can drop the connection like a network
    // would (the app sees a transport close, not a server's goodbye).
    const Native = window.WebSocket;
    const opened: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = opened;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(this);
      }
    };
  });
  // The automatic discount and bonus (on by default, §9) would credit the wallet between the
  // balances these tests compare: a player who moves everything onto a machine is below the
  // discount minimum.
  await withSettings(context, { AUTO_DISCOUNT: false, AUTO_BONUS: false });
});

const logIn = (page: Page, account: Account) =>
  signIn(page, account, { password: passwords[account] });

/** Opens the game screen of a machine nobody is on, and waits for live video. */
async function joinFreeMachine(
  page: Page,
  videoType: 'screen' | 'camera' = 'screen',
): Promise<number> {
  // Screen-type unless asked: a camera-type machine offers no rotation.
  const machine = await freeMachine(page, { videoType, last: true });
  await page.goto(`/game/${machine.id}/${encodeURIComponent(machine.name)}`);
  await expectLiveVideo(page);
  return machine.id;
}

async function expectLiveVideo(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('machine-video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

async function balance(page: Page): Promise<number> {
  return (await pageApi<{ balance: number }>(page, '/player/balance')).balance;
}

test('join and play; the idle warning counts down in one toast and a tap calls it off', async ({
  page,
}) => {
  await logIn(page, 'demo2');
  const before = await balance(page);
  await joinFreeMachine(page);

  await page.getByTestId('all-in').click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', String(before));
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => cents(page, 'machine-credits')).not.toBe(before);

  // No activity for 10 s with credits on the machine: 18802, counting down from 10 in place.
  const warning = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: /seconds left to continue/ });
  await expect(warning).toContainText('You have 10 seconds left to continue', { timeout: 20_000 });
  await expect(warning).toContainText('You have 9 seconds left to continue');
  await expect(warning).toHaveCount(1);
  await expect(page.getByTestId('session-warning')).toContainText('seconds left to continue');

  // Playing again calls the countdown off; the session stays.
  await page.getByRole('button', { name: 'Lower bet' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('session-warning')).toHaveText('');

  // Leaving cashes the machine out and closes the session: the wallet gets what is left.
  const walletBeforeLeave = await balance(page);
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
  const [session] = (
    await pageApi<{
      items: Array<{ status: string; cashIn: number; cashOut: number; gamesPlayed: number }>;
    }>(page, '/player/slot-sessions?page=1&pageSize=1')
  ).items;
  expect(session).toMatchObject({ status: 'closed', cashIn: before });
  expect(session!.gamesPlayed).toBeGreaterThan(0);
  expect(await balance(page)).toBe(walletBeforeLeave + session!.cashOut);
});

/** Closes the game page mid-session and opens the lobby in a new page of the same browser. */
async function comeBack(page: Page): Promise<Page> {
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  await again.goto('/lobby');
  return again;
}

test('close the page mid-session, come back: the reconnect dialog continues with the same credits', async ({
  page,
}) => {
  await logIn(page, 'demo2');
  const before = await balance(page);
  const machineId = await joinFreeMachine(page);
  await page.getByTestId('all-in').click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', String(before));

  const again = await comeBack(page);
  const dialog = again.getByTestId('reconnect-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-status', 'waiting');
  await expect(again.getByRole('dialog')).toContainText('Connect again?');
  await expect(again.getByTestId('reconnect-credits')).toHaveAttribute(
    'data-cents',
    String(before),
  );

  await again.getByTestId('reconnect-continue').click();
  await expect(again).toHaveURL(new RegExp(`/game/${machineId}/`));
  await expect(again.getByTestId('machine-credits')).toHaveAttribute('data-cents', String(before));
  await expectLiveVideo(again);

  // Cashout from the dialog: the credits go back to the wallet, the session ends, and the player
  // rejoins the machine on a fresh session (§7), which leaving then closes.
  const last = await comeBack(again);
  await expect(last.getByTestId('reconnect-dialog')).toBeVisible();
  await last.getByTestId('reconnect-cashout').click();
  await expectRejoinedEmpty(last, machineId);
  expect(await balance(last)).toBe(before);
  await last.getByTestId('leave').click();
  await expect(last).toHaveURL(/\/lobby/);
});

/** After the reconnect dialog's Cashout: the same machine again, on a session with no credits. */
async function expectRejoinedEmpty(page: Page, machineId: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/game/${machineId}/`));
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', '0');
}

test('a dropped connection shows Connection Lost and recovers by itself; leaving leaves nothing open', async ({
  page,
}) => {
  await logIn(page, 'staff');
  await joinFreeMachine(page);
  // Marks this page load: it must survive the recovery (no reload).
  await page.evaluate(() => {
    (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
  });

  await page.evaluate(() => {
    for (const ws of (window as unknown as { __sockets: WebSocket[] }).__sockets) ws.close();
  });
  await expect(page.getByTestId('connection-lost')).toHaveText('Connection Lost, please wait.');
  await expect(page.getByTestId('connection-lost')).toHaveCount(0, { timeout: 15_000 });
  // The video is negotiated anew and plays: new frames arrive.
  await expectLiveVideo(page);
  const frames = await page.getByTestId('machine-video').evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        let n = 0;
        const tick = () => (++n < 5 ? v.requestVideoFrameCallback(tick) : resolve(n));
        v.requestVideoFrameCallback(tick);
      }),
  );
  expect(frames).toBe(5);
  expect(
    await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad),
  ).toBe(true);

  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
  await expect
    .poll(async () => (await (await page.request.get('/healthz')).json()).peers, {
      timeout: 10_000,
    })
    .toBe(0);
});

/** Staff mark a machine's video broken (its renderer or encoder down) or mended. */
async function setVideoFault(page: Page, machineId: number, active: boolean): Promise<void> {
  const login = await page.request.post('/login', {
    data: { username: 'staff', password: 'staff1234', site_id: 0 },
  });
  const res = await page.request.post('/staff/video-fault', {
    headers: { authorization: `Bearer ${(await login.json()).token}` },
    data: { machineId, active },
  });
  expect(res.ok()).toBe(true);
}

test('a machine whose video cannot start says 70000 and returns to the lobby; the credits wait', async ({
  page,
}) => {
  await logIn(page, 'demo2');
  const before = await balance(page);
  const machineId = await joinFreeMachine(page);
  await page.getByTestId('all-in').click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', String(before));

  await setVideoFault(page, machineId, true);
  try {
    // Back on the machine (a reload joins again and starts the video anew): it cannot start.
    await page.reload();
    await expect(
      page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Failed to start pipeline, contact technical team' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/lobby/);
  } finally {
    await setVideoFault(page, machineId, false);
  }

  // Nothing lost: the credits are still on the machine, in the session the dialog offers.
  await expect(page.getByTestId('reconnect-dialog')).toBeVisible();
  await expect(page.getByTestId('reconnect-credits')).toHaveAttribute('data-cents', String(before));
  await page.getByTestId('reconnect-cashout').click();
  await expectRejoinedEmpty(page, machineId);
  expect(await balance(page)).toBe(before);
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
});

async function gameInDevice(
  browser: Browser,
  device: { userAgent?: string; viewport: { width: number; height: number } },
  videoType: 'screen' | 'camera' = 'screen',
): Promise<Page> {
  const context = await browser.newContext(device);
  await inEnglish(context);
  const page = await context.newPage();
  await logIn(page, 'staff');
  await joinFreeMachine(page, videoType);
  return page;
}

const iphone15 = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
};

test('controls by device: no fullscreen on iPhone, rotation only in portrait, bands by Order', async ({
  browser,
}) => {
  const iphone = await gameInDevice(browser, iphone15);
  await expect(iphone.getByTestId('game-controls')).toBeVisible();
  await expect(iphone.getByTestId('control-fullscreen')).toHaveCount(0);
  // Rotation shows the machine's portrait layout, upright: the frames themselves turn tall.
  const video = iphone.getByTestId('machine-video');
  const frame = () =>
    video.evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, height: v.videoHeight }));
  await expect.poll(frame, { timeout: 15_000 }).toEqual({ width: 640, height: 480 });
  await iphone.getByTestId('control-rotate').click();
  await expect(video).toHaveAttribute('data-layout', 'portrait');
  await expect.poll(frame, { timeout: 15_000 }).toEqual({ width: 480, height: 640 });
  await iphone.getByTestId('control-rotate').click();
  await expect.poll(frame, { timeout: 15_000 }).toEqual({ width: 640, height: 480 });
  await expect(iphone.getByTestId('control-quality').locator('option')).toHaveText([
    'HD',
    'SD',
    'Low',
  ]);
  await iphone.getByTestId('leave').click();
  await iphone.context().close();

  const desktop = await gameInDevice(browser, { viewport: { width: 1280, height: 720 } });
  await expect(desktop.getByTestId('control-fullscreen')).toBeVisible();
  await expect(desktop.getByTestId('control-rotate')).toHaveCount(0);
  // A lower band really changes what the machine sends.
  await desktop.getByTestId('control-quality').selectOption('low');
  await expect
    .poll(
      () => desktop.getByTestId('machine-video').evaluate((v: HTMLVideoElement) => v.videoWidth),
      {
        timeout: 15_000,
      },
    )
    .toBe(320);
  await desktop.getByTestId('leave').click();
  await desktop.context().close();
});

test('a camera-type machine (WEBCAM on) plays live with no rotation control, even in portrait', async ({
  browser,
}) => {
  const iphone = await gameInDevice(browser, iphone15, 'camera');
  await expect(iphone.getByTestId('control-quality')).toBeVisible();
  await expect(iphone.getByTestId('control-rotate')).toHaveCount(0);
  await iphone.getByTestId('leave').click();
  await iphone.context().close();
});
