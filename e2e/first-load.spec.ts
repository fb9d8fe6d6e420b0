// The first-load budget counts what the browser really loads (issue 22): on a fresh load of
// /login, /lobby and /game, every script and stylesheet the page fetched is one the size budget
// (apps/player/first-load.mjs, `npm run size`) adds up, so a new lazy import on the way to the
// first screen cannot slip past the budget.
import { expect, type Page, test } from '@playwright/test';
import { languageFiles, type Route, readManifest, routeFiles } from '../apps/player/first-load.mjs';

const manifest = readManifest();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'en');
    } catch {
      // about:blank has no storage.
    }
  });
});

/** The built scripts and stylesheets the page fetched, dist-relative, once the network is quiet. */
async function assetsLoaded(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  return urls.filter((url) => /^\/assets\/.+\.(js|css)$/.test(url)).map((url) => url.slice(1));
}

function expectCounted(route: Route, loaded: string[]): void {
  const counted = new Set([...routeFiles(route, manifest), ...languageFiles(manifest)]);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !counted.has(file))).toEqual([]);
}

// An account of its own (the game specs watch machines as staff, one seat each), and the game
// is left at the end: a seat held in its grace period would keep that account out of others.
async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill('cashier');
  await page.getByLabel('Password', { exact: true }).fill('staff1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/lobby/);
}

test('/login loads only what its budget counts', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email or username')).toBeVisible();
  expectCounted('/login', await assetsLoaded(page));
});

test('/lobby and /game load only what their budgets count', async ({ page }) => {
  await signIn(page);
  await page.goto('/lobby');
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
  expectCounted('/lobby', await assetsLoaded(page));

  const link = page.getByTestId('machine-link').first();
  await page.goto((await link.getAttribute('href')) ?? '/lobby');
  await expect(page.getByTestId('machine-video')).toBeVisible();
  expectCounted('/game', await assetsLoaded(page));
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
});
