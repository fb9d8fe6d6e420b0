// Screenshots of the staff console for docs/console/ and the README: starts its own server on a
// fresh embedded database (demo data, every win a hand pay needing a second supervisor), plays a
// little on two machines over the machine socket so the floor, a player and the reports have
// something to show, then photographs each screen at 1440×900, the floor on a tablet and in Arabic.
// Run inside a loopback-only namespace:
//   unshare -n sh -c 'ip link set lo up && node --import tsx scripts/console-screenshots.ts'
// (as root; `unshare -rn` otherwise)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/console');
const port = 8191;
const base = `http://127.0.0.1:${port}`;

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reelcast-console-shots-')),
      SEED_DEMO: 'true',
      PERMITTED_COUNTRIES: 'TR',
      LOG_LEVEL: 'warn',
      FLOOR_FPS: '5',
      FAULT_RATE_PER_HOUR: '0',
      HAND_PAY_LIMIT: '1',
      HAND_PAY_APPROVAL_ABOVE: '0',
    },
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function token(username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, site_id: 0 }),
  });
  return (await res.json()).token;
}

/** A player sits at a machine, moves money on and lets it play on autoplay. */
async function play(username: string, machineId: number) {
  const socket = io(`${base}/machine`, { transports: ['websocket'], forceNew: true });
  const ask = (event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload);
  await ask('init', { machineID: machineId, token: await token(username, 'demo1234') });
  await ask('transfer', { amount: 10_000, requestId: `shots-${username}-${Date.now()}` });
  await ask('press', { button: 'auto' });
  return socket;
}

async function staffPage(
  browser: Browser,
  username: string,
  size: { width: number; height: number },
  language = 'en',
) {
  const context = await browser.newContext({ viewport: size, baseURL: base });
  await context.addInitScript((lang) => localStorage.setItem('console_language', lang), language);
  const page = await context.newPage();
  await page.goto('/console/login');
  await page.locator('input[autocomplete=username]').fill(username);
  await page.locator('input[type=password]').fill('staff1234');
  await page.locator('button[type=submit]').click();
  await page.getByTestId('signed-in-as').waitFor();
  return page;
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(`docs/console/${name}.png`);
}

async function main() {
  mkdirSync(out, { recursive: true });
  const server = startServer();
  let browser: Browser | undefined;
  try {
    await waitFor('the server', async () => (await fetch(`${base}/healthz`)).ok || null);
    const first = await play('demo', 1);
    const second = await play('demo2', 2);
    const staff = await token('staff', 'staff1234');
    await waitFor('a hand pay', async () => {
      const res = await fetch(`${base}/staff/floor`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      const { machines } = await res.json();
      return (
        machines.some((m: { id: number; handPay: unknown }) => m.id === 1 && m.handPay) || null
      );
    });
    await fetch(`${base}/staff/handpay-reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ machineId: 1 }),
    });
    // A cashier's deposit with its reason, for the audit log and the player's ledger.
    await fetch(`${base}/staff/deposit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'demo',
        amount: 2_500,
        idempotencyKey: 'shots-deposit-1',
        reason: 'cash paid in at the desk',
      }),
    });
    browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const desk = { width: 1440, height: 900 };
    const signIn = await (await browser.newContext({ viewport: desk, baseURL: base })).newPage();
    await signIn.goto('/console/login?lang=en');
    await shot(signIn, 'sign-in');
    const page = await staffPage(browser, 'supervisor2', desk);
    await page.goto('/console/floor/1');
    await shot(page, 'floor');
    const players = await token('staff', 'staff1234');
    const found = await fetch(`${base}/staff/players?q=demo`, {
      headers: { authorization: `Bearer ${players}` },
    });
    const { items } = (await found.json()) as { items: Array<{ id: number; username: string }> };
    const demo = items.find((p) => p.username === 'demo');
    await page.goto(`/console/players/${demo?.id}?tab=sessions`);
    await page.locator('button[aria-expanded=false]').first().click({ timeout: 10_000 });
    await shot(page, 'player');
    await page.goto('/console/reports');
    await page.locator('#reconciliation-title').waitFor({ timeout: 30_000 });
    await page.locator('.uplot').first().waitFor();
    await shot(page, 'reports', true);
    await page.goto('/console/audit');
    await page.getByTestId('audit-entry').first().waitFor();
    await shot(page, 'audit');
    const tablet = await staffPage(browser, 'auditor', { width: 1024, height: 768 }, 'ar');
    await tablet.goto('/console/floor');
    await shot(tablet, 'floor-tablet-ar');
    first.disconnect();
    second.disconnect();
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
