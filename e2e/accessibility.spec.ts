// Accessibility (issue 22): axe-core finds no serious or critical violation on the player's
// screens, in English and in right-to-left Arabic; and the lobby and the game's controls work
// with the keyboard alone, with a focus that can be seen.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';

type Language = 'en' | 'ar';

async function pageIn(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((lang) => {
    try {
      localStorage.setItem('language', lang);
    } catch {
      // about:blank has no storage.
    }
  }, language);
  return context.newPage();
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[autocomplete=username]').fill(username);
  await page.locator('input[type=password]').fill('demo1234');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/lobby/);
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
}

/**
 * axe cannot measure text contrast over a gradient (it reports "incomplete", not a pass), and the
 * casino floor's backgrounds are gradients. Each is flattened to the lightest colour any of its
 * layers reaches, over the colour beneath: light text that passes there passes everywhere on it.
 */
async function flattenGradients(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba[] =>
      [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
        const [r = 0, g = 0, b = 0, a = 1] = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [r, g, b, a];
      });
    const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [
      r * a + R * (1 - a),
      g * a + G * (1 - a),
      b * a + B * (1 - a),
      1,
    ];
    const light = ([r, g, b]: Rgba) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    /** The colour showing behind an element: the nearest opaque background up the tree. */
    const beneath = (element: Element | null): Rgba => {
      for (let e = element; e; e = e.parentElement) {
        const [colour] = parse(getComputedStyle(e).backgroundColor);
        if (colour && colour[3] > 0) return over(colour, [0, 0, 0, 1]);
      }
      return [255, 255, 255, 1];
    };
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (!style.backgroundImage.includes('gradient')) continue;
      // Bottom layer first: CSS lists background layers top first.
      const layers = style.backgroundImage
        .split(/,\s*(?=(?:linear|radial|conic)-gradient)/)
        .reverse();
      let colour = over(
        parse(style.backgroundColor)[0] ?? [0, 0, 0, 0],
        beneath(element.parentElement),
      );
      for (const layer of layers) {
        const stops = parse(layer).map((stop) => over(stop, colour));
        colour = stops.reduce((a, b) => (light(b) > light(a) ? b : a), colour);
      }
      const html = element as HTMLElement;
      html.style.setProperty('background-image', 'none', 'important');
      html.style.setProperty(
        'background-color',
        `rgb(${colour.slice(0, 3).join(',')})`,
        'important',
      );
    }
  });
}

/** axe's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await flattenGradients(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}

for (const language of ['en', 'ar'] as const) {
  test(`no serious or critical axe violation on the player's screens (${language})`, async ({
    browser,
  }) => {
    const page = await pageIn(browser, language);
    const found: Record<string, string[]> = {};
    await page.goto('/login');
    await expect(page.locator('button[type=submit]')).toBeVisible();
    found.login = await seriousViolations(page);

    await signIn(page, 'demo');
    found.lobby = await seriousViolations(page);

    // A slot session with money in and out first, so that the history pages have rows to check.
    await page
      .locator('[data-testid=machine-card][data-status=available] [data-testid=machine-link]')
      .last()
      .click();
    await expect(page.getByTestId('cashout')).toBeEnabled({ timeout: 15_000 });
    await page.getByTestId('all-in').click();
    await expect(page.getByTestId('machine-credits')).not.toHaveAttribute('data-cents', '0');
    found.game = await seriousViolations(page);
    await page.getByTestId('leave').click();
    await expect(page).toHaveURL(/\/lobby/);

    for (const path of ['/transactions', '/slot-sessions', '/profile']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      found[path] = await seriousViolations(page);
    }
    await page.context().close();

    expect(found).toEqual({
      login: [],
      lobby: [],
      game: [],
      '/transactions': [],
      '/slot-sessions': [],
      '/profile': [],
    });
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, selector: string, key = 'Tab', limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${key} never reached ${selector}`);
}

/**
 * How the focused element shows its focus: its outline, and whether a scrolling or clipping
 * ancestor cuts the outline off (an outline there is in the style but not on the screen).
 */
function focusRing(page: Page): Promise<{ outline: string; clippedBy: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    let clippedBy: string | null = null;
    for (let e = element.parentElement; e && !clippedBy; e = e.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(e);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const clip = e.getBoundingClientRect();
      const inside =
        box.left - reach >= clip.left + e.clientLeft &&
        box.top - reach >= clip.top + e.clientTop &&
        box.right + reach <= clip.left + e.clientLeft + e.clientWidth &&
        box.bottom + reach <= clip.top + e.clientTop + e.clientHeight;
      if (!inside) clippedBy = `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
    }
    const outline =
      style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) < 2
        ? 'none'
        : `${style.outlineWidth} ${style.outlineStyle}`;
    return { outline, clippedBy };
  });
}

test('the lobby and the game work with the keyboard alone, with a visible focus', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'en');
  await signIn(page, 'demo');
  await page.locator('body').focus();

  // From the top of the lobby to a machine that can be joined, and into its game with Enter.
  await tabTo(page, '[data-testid=machine-card][data-status=available] [data-testid=machine-link]');
  expect(await focusRing(page)).toEqual({ outline: '3px solid', clippedBy: null });
  const machine = await page.evaluate(() => document.activeElement?.getAttribute('href'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(machine ?? '/game');
  await expect(page.getByTestId('cashout')).toBeEnabled({ timeout: 15_000 });

  // Credits onto the machine, and the bet raised, with the keyboard.
  await tabTo(page, '[data-testid=all-in]');
  expect(await focusRing(page)).toEqual({ outline: '3px solid', clippedBy: null });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('machine-credits')).not.toHaveAttribute('data-cents', '0');
  const bet = Number(await page.getByTestId('machine-bet').getAttribute('data-cents'));
  await tabTo(page, 'button[aria-label="Raise bet"]');
  expect(await focusRing(page)).toEqual({ outline: '3px solid', clippedBy: null });
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => Number(await page.getByTestId('machine-bet').getAttribute('data-cents')))
    .toBeGreaterThan(bet);

  // A screen control toggles with Enter and Space alike.
  await tabTo(page, '[data-testid=control-cut]');
  expect(await focusRing(page)).toEqual({ outline: '3px solid', clippedBy: null });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('control-cut')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('control-cut')).toHaveAttribute('aria-pressed', 'false');

  // And back to the lobby, the credits cashed out.
  await tabTo(page, '[data-testid=leave]', 'Shift+Tab');
  expect(await focusRing(page)).toEqual({ outline: '3px solid', clippedBy: null });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lobby/);
  await page.context().close();
});
