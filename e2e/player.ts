// What the player app's specs share: English pages, Settings.json overrides, signing in through
// the login form, the API as the signed-in page calls it, money on screen, and a free machine.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { Machine } from '@reelcast/protocol/http';

/** English texts on every page of the context: the product's default language is Turkish. */
export async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'en');
    } catch {
      // about:blank has no storage.
    }
  });
}

/**
 * The operator's Settings.json as the server serves it, with the test's overrides on top, for
 * every page of the context: the e2e server's one file is shared by every spec.
 */
export async function withSettings(
  context: BrowserContext,
  overrides: Record<string, unknown>,
): Promise<void> {
  await context.route('**/Settings.json', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: { ...json, ...overrides } });
  });
}

export type LoginOptions = {
  /** The demo players' password unless told. */
  password?: string;
  /**
   * Where the form is opened: /login, on another origin, or an address that sends a signed-out
   * player there and back after.
   */
  url?: string;
};

/**
 * Fills in and submits the login form (English labels), and no more: what follows is the test's
 * to check, a lobby or a refusal.
 */
export async function submitLogin(
  page: Page,
  username: string,
  { password = 'demo1234', url = '/login' }: LoginOptions = {},
): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in through the login form and waits for the lobby. */
export async function signIn(page: Page, username: string, options?: LoginOptions): Promise<void> {
  await submitLogin(page, username, options);
  await expect(page).toHaveURL(/\/lobby/);
}

/**
 * A player signed in, in English, on a page of a context of their own (their own storage, so two
 * players can be on at once); the page is on the lobby.
 */
export async function signedIn(
  browser: Browser,
  username: string,
  options: LoginOptions & { cookies?: Parameters<BrowserContext['addCookies']>[0] } = {},
): Promise<Page> {
  const { cookies, ...login } = options;
  const context = await browser.newContext();
  if (cookies) await context.addCookies(cookies);
  await inEnglish(context);
  const page = await context.newPage();
  await signIn(page, username, login);
  return page;
}

/** GET on the API with the page's own token, as the app would ask. */
export async function pageApi<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const token = localStorage.getItem('jwt_access_token');
    const res = await fetch(u, { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  }, url);
}

/** The amount an element shows, in hundredths, from its data-cents (not its formatted text). */
export const cents = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).first().getAttribute('data-cents'));

/**
 * A machine nobody is on, from the server's list: of one video type when asked (a camera-type
 * machine offers no rotation), and the last such rather than the first when asked, clear of the
 * one most specs take.
 */
export async function freeMachine(
  page: Page,
  { videoType, last = false }: { videoType?: Machine['videoType']; last?: boolean } = {},
): Promise<Machine> {
  const machines = await pageApi<Machine[]>(page, '/machine/all');
  const free = (m: Machine) =>
    m.status === 'available' && (videoType === undefined || m.videoType === videoType);
  const machine = last ? machines.findLast(free) : machines.find(free);
  if (!machine) throw new Error('no free machine');
  return machine;
}
