// The player app served from another origin than the API (§7: connections from configuration).
// A static server here serves the built app on its own port with a Settings.json that names the
// API; the API lists that origin in ALLOWED_ORIGINS (playwright.config.ts). Sign-in, the lobby,
// the notification socket and a machine's socket all reach the API from there; the same app
// served from an origin that is not listed gets nothing from it.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { submitLogin } from './player';

const apiPort = Number(process.env.E2E_PORT ?? 8181);
const api = `http://127.0.0.1:${apiPort}`;
const listedPort = apiPort + 2;
// Clear of the servers of playwright.config.ts (main port + 1, + 3, + 4) and the listed host.
const unlistedPort = apiPort + 9;
const dist = path.resolve(import.meta.dirname, '../apps/player/dist');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** The built app on its own port, as a CDN or another web server would serve it. */
function playerHost(port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/Settings.json') {
      response.writeHead(200, { 'content-type': types['.json']! });
      // The automatic claims would credit the wallet mid-test; English for the texts below.
      response.end(
        JSON.stringify({
          API_URL: api,
          DEFAULT_LANGUAGE: 'en',
          AUTO_DISCOUNT: false,
          AUTO_BONUS: false,
        }),
      );
      return;
    }
    const extension = path.extname(url.pathname);
    // A page of the app (/login, /lobby, /game/…) is its index.html.
    const file = extension
      ? path.join(dist, path.normalize(url.pathname))
      : path.join(dist, 'index.html');
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const hosts: Server[] = [];
test.beforeAll(async () => {
  hosts.push(await playerHost(listedPort), await playerHost(unlistedPort));
});
test.afterAll(async () => {
  await Promise.all(hosts.map((h) => new Promise((resolve) => h.close(resolve))));
});

// An account of its own: a seat it left behind could not keep the other specs' staff account out.
const logIn = (page: Page, origin: string) =>
  submitLogin(page, 'supervisor2', { password: 'staff1234', url: `${origin}/login` });

test('the app on a listed origin signs in, shows the lobby and plays over the API’s sockets', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${listedPort}`;
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await logIn(page, origin);
  await expect(page).toHaveURL(`${origin}/lobby`);
  await expect(page.getByTestId('machine-card').first()).toBeVisible();
  // The notification connection goes to the API's server, not the page's.
  await expect
    .poll(() => sockets.some((url) => url.startsWith(`ws://127.0.0.1:${apiPort}/`)))
    .toBe(true);
  expect(sockets.some((url) => url.includes(`:${listedPort}/`))).toBe(false);

  // A machine: its socket joins on the API's server and its video starts.
  await page.getByTestId('machine-link').first().click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/game/`));
  const machineId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByTestId('machine-credits')).toHaveAttribute('data-cents', /\d+/);
  await expect
    .poll(() => page.getByTestId('machine-video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(`${origin}/lobby`);
  // Leaving reached the API's server: the machine is free again, not held for the player.
  await expect
    .poll(async () => {
      const res = await page.request.get(`${api}/machine/all`, {
        headers: { authorization: `Bearer ${await token(page)}` },
      });
      const all = (await res.json()) as Array<{ id: number; status: string }>;
      return all.find((m) => m.id === machineId)?.status;
    })
    .toBe('available');
});

/** The signed-in player's token, as the app keeps it. */
const token = (page: Page) =>
  page.evaluate(
    () => localStorage.getItem('jwt_access_token') ?? sessionStorage.getItem('jwt_access_token'),
  );

test('the same app on an origin the API does not list cannot sign in', async ({ page }) => {
  const origin = `http://127.0.0.1:${unlistedPort}`;
  await logIn(page, origin);
  // The API refuses the preflight: to the page the call never got through.
  await expect(page.getByRole('alert')).toHaveText('Network Error, please check your connection');
  await expect(page).toHaveURL(`${origin}/login`);
});
