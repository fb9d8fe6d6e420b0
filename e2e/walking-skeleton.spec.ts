// The whole path a player walks: log in, pick a machine, watch it live over WebRTC, move credits
// on, tap SPIN on the video, cash out, and see a balance that matches the server and the ledger.

import { expect, type Page, test } from '@playwright/test';
import { buttonLayout } from '@reelcast/egm/layout';
import { floor } from './floor';
import { cents, pageApi } from './player';

async function ledgerSum(page: Page): Promise<number> {
  let sum = 0;
  for (let p = 1; ; p++) {
    const r = await pageApi<{ items: Array<{ amount: number }>; total: number; pageSize: number }>(
      page,
      `/player/transactions?page=${p}&pageSize=200`,
    );
    for (const e of r.items) sum += e.amount;
    if (p * r.pageSize >= r.total) return sum;
  }
}

/** Clicks a point of the machine's own screen, given in its normalised coordinates. */
async function tapMachine(page: Page, x: number, y: number): Promise<void> {
  const video = page.getByTestId('machine-video');
  const box = await video.evaluate((v: HTMLVideoElement) => {
    const r = v.getBoundingClientRect();
    // object-fit: contain — the picture is centred and scaled to fit inside the element.
    const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
    const w = v.videoWidth * scale;
    const h = v.videoHeight * scale;
    return { left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, w, h };
  });
  await page.mouse.click(box.left + x * box.w, box.top + y * box.h);
}

test('log in, watch a machine live, transfer, spin, cash out', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);

  await page.locator('input[name=username]').fill('demo');
  await page.locator('input[name=password]').fill('demo1234');
  await page.locator('button[type=submit]').click();

  await expect(page).toHaveURL(/\/lobby/);
  const cards = page.getByTestId('machine-card');
  await expect(cards).toHaveCount(floor.machines.length);
  await expect(page.getByTestId('balance').first()).toHaveAttribute('data-cents', '100000');

  const card = page.locator('[data-testid=machine-card][data-status=available]').first();
  const machineId = await card.getAttribute('data-machine-id');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/game/${machineId}/`));
  if (testInfo.project.name !== 'direct') {
    // This floor's machines are a machine agent process's cabinets: the video and every action
    // below go through it.
    const health = await (await page.request.get('/healthz')).json();
    expect(health.agents[0].cabinets).toContain(Number(machineId));
    expect(health.agents[0].pid).not.toBe(process.pid);
  }

  // Live video: real frames decoded by Chromium.
  const video = page.getByTestId('machine-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const frames = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        let count = 0;
        const start = performance.now();
        const onFrame = () => {
          count++;
          if (performance.now() - start < 3000) v.requestVideoFrameCallback(onFrame);
          else resolve(count);
        };
        v.requestVideoFrameCallback(onFrame);
      }),
  );
  expect(frames).toBeGreaterThanOrEqual(20);
  // The latency indicator has both its figures (socket round trip, video delay), whichever way
  // the video comes: '–' stands for one it cannot measure.
  await expect(page.getByTestId('latency')).not.toContainText('–', { timeout: 10_000 });
  await expect(page.getByTestId('latency')).toContainText(/\d/);
  if (testInfo.project.name === 'sfu') {
    // Those frames came through the media server: one publisher, this machine's.
    const health = await (await page.request.get('/healthz')).json();
    expect(health.media).toEqual({ publishers: 1 });
  }

  // Move the smallest hot coin onto the machine.
  const coin = page.getByTestId('hot-coin').first();
  const coinCents = Number(await coin.getAttribute('data-cents'));
  await coin.click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute(
    'data-cents',
    String(coinCents),
  );
  await expect(page.getByTestId('balance').first()).toHaveAttribute(
    'data-cents',
    String(100000 - coinCents),
  );

  // Tap SPIN on the machine's own screen, through the video.
  const spin = buttonLayout.spin;
  await tapMachine(page, spin.x + spin.w / 2, spin.y + spin.h / 2);
  await expect.poll(() => cents(page, 'machine-credits'), { timeout: 10_000 }).not.toBe(coinCents);

  // Wait for the reels to stop, then cash out.
  await expect(page.getByTestId('machine-meters')).toHaveAttribute('data-spinning', 'false', {
    timeout: 10_000,
  });
  await page.getByTestId('cashout').click();
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', '0');

  const api = (await pageApi<{ balance: number }>(page, '/player/balance')).balance;
  // The credits leave the machine first; the wallet's new balance follows from the ledger.
  await expect.poll(() => cents(page, 'balance')).toBe(api);
  expect(await ledgerSum(page)).toBe(api);
  expect(api).not.toBe(100000 - coinCents);

  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
});

test('a wrong password shows the spec message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name=username]').fill('demo');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.locator('button[type=submit]').click();
  // §5: the server's refusal is shown on the password field (and as a toast), in the page's
  // language (Turkish by default).
  const password = page.locator('input[name=password]');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/\S/);
  await expect(page).toHaveURL(/\/login/);
});
