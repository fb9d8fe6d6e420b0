// The staff console to axe (WCAG 2 A and AA, contrast included), in English and in Arabic: the
// sign-in page and every page the admin can open, read-only (no change is made).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { consoleSignIn, englishPage, signedInAs } from './console-support';

const pages = [
  '/console/floor/1',
  '/console/players',
  '/console/reports',
  '/console/audit',
  '/console/staff',
  '/console/two-factor',
];

async function violations(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const language of ['en', 'ar'] as const) {
  test(`the console passes axe in ${language}`, async ({ browser }) => {
    const page = await englishPage(browser);
    await page.goto(`/console/login?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(await violations(page)).toEqual([]);
    await page.goto('/console/login?lang=en');
    await consoleSignIn(page, 'admin');
    await signedInAs(page, 'admin');
    for (const url of pages) {
      await page.goto(`${url}?lang=${language}`);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.getByText(/Loading…|جارٍ التحميل/)).toHaveCount(0);
      expect([url, await violations(page)]).toEqual([url, []]);
    }
    await page.context().close();
  });
}
