// The installable app (issue 22): a web manifest with its icons, and a service worker that works
// under the server's content security policy, keeps nothing of the app, the API or the video,
// and shows a page in the player's language saying the game needs the network when a page load
// finds none; back online, the same address loads the app again.
import { expect, type Page, test } from '@playwright/test';

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Every request URL the page's origin holds in Cache Storage, across all caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
}

test('the manifest names the app, its colours and its icons', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const response = await request.get(href ?? '');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Reelcast',
    short_name: 'Reelcast',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0c0a12',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body()).join('x')).toBe(icon.sizes);
  }
});

test('offline, a page load says in the player’s language that the game needs the network', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'ar');
    } catch {
      // about:blank has no storage.
    }
    // Anything the server's content security policy refuses (the worker, the manifest) lands here.
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __violations: string[] }).__violations.push(event.violatedDirective),
    );
  });
  await page.goto('/login');
  await expect(page.getByLabel('البريد الإلكتروني أو اسم المستخدم')).toBeVisible();
  // Registered once the first screen is up (issue 22, first load): ready may find it activating.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state)))
    .toBe('activated');
  // The worker keeps the offline page and the player's language, nothing of the app or the API.
  await expect.poll(() => cachedUrls(page)).toEqual(['/offline-language', '/offline.html']);
  expect(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  ).toEqual([]);

  await context.setOffline(true);
  await page.goto('/lobby').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'لا يوجد اتصال بالإنترنت' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'No internet connection' })).toBeHidden();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'حاول مرة أخرى' }).click();
  await expect(page.getByLabel('البريد الإلكتروني أو اسم المستخدم')).toBeVisible();
  expect(await cachedUrls(page)).toEqual(['/offline-language', '/offline.html']);
});
