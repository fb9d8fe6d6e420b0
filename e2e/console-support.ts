// What the console's specs share: signing in to the staff console in English, and the API as a
// staff member or a player would call it.
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

export const STAFF_PASSWORD = 'staff1234';

/** A page of its own (its own storage), in English. */
export async function englishPage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  await context.addInitScript(() => {
    try {
      localStorage.setItem('console_language', 'en');
      localStorage.setItem('language', 'en');
    } catch {
      // about:blank has no storage.
    }
  });
  return context.newPage();
}

/** Signs in to the console; staff accounts of the demo seed have no two-factor on. */
export async function consoleSignIn(page: Page, username: string, password = STAFF_PASSWORD) {
  await page.goto('/console/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signedInAs(page: Page, username: string) {
  await expect(page.getByTestId('signed-in-as')).toContainText(username);
}

export async function tokenOf(
  request: APIRequestContext,
  username: string,
  password = STAFF_PASSWORD,
  baseURL = '',
): Promise<string> {
  const res = await request.post(`${baseURL}/login`, {
    data: { username, password, site_id: 0 },
  });
  expect(res.ok(), `${username} signs in`).toBe(true);
  return (await res.json()).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A player's id and balance, as staff read them. */
export async function playerByName(
  request: APIRequestContext,
  staffToken: string,
  username: string,
) {
  const res = await request.get(`/staff/players?q=${username}`, { headers: bearer(staffToken) });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as {
    items: Array<{ id: number; username: string; balance: number }>;
  };
  const player = items.find((p) => p.username === username);
  expect(player, `${username} is found`).toBeTruthy();
  return player!;
}
