// The first-load budget counts what the browser really loads before the player can act (issue
// 22): on a fresh load of /login, /lobby and /game, the first screen works while the files the
// budget leaves for later (apps/player/first-load.mjs, deferredFiles) are held back, and every
// script and stylesheet the page fetched is one the budget adds up or one of those, so a new lazy
// import on the way to the first screen cannot slip past the budget.
import { expect, type Page, type Route as Request, test } from '@playwright/test';
import {
  deferredFiles,
  languageFiles,
  type Route,
  readManifest,
  routeFiles,
} from '../apps/player/first-load.mjs';
import { inEnglish, signIn } from './player';

const manifest = readManifest();

test.beforeEach(async ({ context }) => {
  await inEnglish(context);
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
  const counted = new Set([
    ...routeFiles(route, manifest),
    ...deferredFiles(route, manifest),
    ...languageFiles(manifest),
  ]);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !counted.has(file))).toEqual([]);
}

/**
 * Holds back the files the budget leaves for after the route's first screen (the `release`
 * function lets them through), so the first screen must come up without them.
 */
async function holdDeferred(page: Page, route: Route): Promise<() => Promise<void>> {
  const deferred = new Set(deferredFiles(route, manifest));
  const held: Request[] = [];
  let holding = true;
  await page.route(/\/assets\//, (request) => {
    const file = new URL(request.request().url()).pathname.slice(1);
    if (holding && deferred.has(file)) held.push(request);
    else void request.continue();
  });
  return async () => {
    holding = false;
    await Promise.all(held.map((request) => request.continue()));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
}

test('/login loads only what its budget counts', async ({ page }) => {
  const release = await holdDeferred(page, '/login');
  await page.goto('/login');
  await expect(page.getByLabel('Email or username')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await release();
  expectCounted('/login', await assetsLoaded(page));
});

/** Where each machine card of the lobby sits, and how tall it is. */
async function cardPlaces(page: Page): Promise<string[]> {
  const cards = await page.getByTestId('machine-card').all();
  return Promise.all(
    cards.map(async (card) => {
      const box = await card.boundingBox();
      return box ? `${box.x.toFixed(1)},${box.y.toFixed(1)} ${box.height.toFixed(1)}` : 'hidden';
    }),
  );
}

test('the lobby keeps its place when what waited for its first screen arrives', async ({
  page,
}) => {
  // A phone's width (mobile first): the rows wrap soonest there.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'cashier', { password: 'staff1234' });
  const release = await holdDeferred(page, '/lobby');
  await page.goto('/lobby');
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
  await expect(page.getByTestId('claim-discount')).toHaveCount(0);
  const reservable = await page
    .locator('[data-testid="machine-card"][data-status="available"]')
    .count();
  const before = await cardPlaces(page);

  await release();
  // The claim buttons, the jackpots and the reserve buttons in, and the whole stylesheet.
  await expect(page.getByTestId('claim-discount')).toBeVisible();
  await expect(page.getByTestId('brand-jackpots').first()).toBeVisible();
  if (reservable > 0) await expect(page.getByTestId('reserve-machine').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await cardPlaces(page)).toEqual(before);
});

test('/lobby and /game load only what their budgets count', async ({ page }) => {
  // An account of its own (the game specs watch machines as staff, one seat each), and the game
  // is left at the end: a seat held in its grace period would keep that account out of others.
  await signIn(page, 'cashier', { password: 'staff1234' });
  let release = await holdDeferred(page, '/lobby');
  await page.goto('/lobby');
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
  await release();
  expectCounted('/lobby', await assetsLoaded(page));

  const link = page.getByTestId('machine-link').first();
  release = await holdDeferred(page, '/game');
  await page.goto((await link.getAttribute('href')) ?? '/lobby');
  await expect(page.getByTestId('machine-video')).toBeVisible();
  await release();
  expectCounted('/game', await assetsLoaded(page));
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(/\/lobby/);
});
