// The player as sign-in describes them, end to end (issue 9): the level-145 menu, the generated
// avatar and the shortcuts; /callback's splash; and §4 layout settings that follow the player to
// a browser that has never seen them. demo2's layout is put back at the end.
import { type Browser, expect, type Page, test } from '@playwright/test';

const lg = { width: 1440, height: 900 };

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: lg });
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    } catch {
      // about:blank has no storage.
    }
  });
  return context.newPage();
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill('demo1234');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/lobby/);
}

/** Clicks the fold button and waits for the server to have the new layout. */
async function toggleFold(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/player/settings') && response.status() === 200,
  );
  await page.getByTestId('navbar').getByRole('button', { name: 'Fold the menu' }).click();
  await saved;
}

test('a seeded player sees the level-145 menu, a generated avatar and their shortcuts', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signIn(page, 'demo2');
  const navbar = page.getByTestId('navbar');
  const menu = navbar.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link')).toHaveText([
    'Lobby',
    'Profile',
    'Game Sessions',
    'Transactions',
    'Limits',
    'Logout',
  ]);
  await expect(navbar.getByTestId('nav-display-name')).toHaveText('Deniz Yılmaz');
  await expect(navbar.getByTestId('user-avatar')).toHaveText('DY');
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await shortcuts.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(menu.getByRole('link', { name: 'Transactions' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.context().close();
});

test('/callback is a splash for a guest and sends a signed-in player to the lobby', async ({
  browser,
  request,
}) => {
  const page = await freshPage(browser);
  await page.goto('/callback');
  await expect(page.getByTestId('splash-screen')).toBeVisible();
  await expect(page.getByTestId('splash-screen').getByRole('status')).toHaveText('Signing you in…');
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  // A sign-in link with a token lands signed in, and a guests-only page sends them on.
  const login = await request.post('/login', {
    data: { username: 'demo2', password: 'demo1234', site_id: 0 },
  });
  const { token } = await login.json();
  await page.goto(`/callback?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/lobby$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/lobby$/);
  await page.goto('/game');
  await expect(page).toHaveURL(/\/lobby$/);
  await page.context().close();
});

test('a folded navbar is restored at the next sign-in from a fresh browser', async ({
  browser,
}) => {
  const first = await freshPage(browser);
  await signIn(first, 'demo2');
  await expect(first.getByTestId('navbar')).toHaveAttribute('data-folded', 'false');
  await toggleFold(first);
  await expect(first.getByTestId('navbar')).toHaveAttribute('data-folded', 'true');
  await first.getByTestId('navbar').getByRole('link', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await first.context().close();

  const second = await freshPage(browser);
  try {
    await signIn(second, 'demo2');
    await expect(second.getByTestId('navbar')).toHaveAttribute('data-folded', 'true');
    // Unfolded again, and saved so, for the specs that sign in as demo2 after this one.
    await toggleFold(second);
    await expect(second.getByTestId('navbar')).toHaveAttribute('data-folded', 'false');
  } finally {
    await second.context().close();
  }
});
