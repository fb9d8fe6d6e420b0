// The staff console and the player app from one server: /console and every page under it load the
// console's index.html, everything else the player app's, each app's files from its own build, and
// both under the same strict CSP.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

function builtApp(title: string, asset: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `reelcast-${title}-`));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(path.join(dir, 'assets', asset), `/* ${title} */`);
  return dir;
}

describe('the console served beside the player app', () => {
  let server: TestServer;
  const page = (url: string) =>
    server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      PLAYER_DIST: builtApp('player', 'player.js'),
      CONSOLE_DIST: builtApp('console', 'console.js'),
    });
  });
  afterAll(() => server?.close());

  it('answers every console page with the console and every other page with the player app', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/floor',
      '/console/players/3?tab=ledger',
    ]) {
      const res = await page(url);
      expect([url, res.statusCode, res.body]).toEqual([
        url,
        200,
        expect.stringContaining('console'),
      ]);
    }
    for (const url of ['/', '/lobby', '/login', '/consoles']) {
      const res = await page(url);
      expect([url, res.statusCode, res.body]).toEqual([
        url,
        200,
        expect.stringContaining('player'),
      ]);
    }
  });

  it('serves each app its own files, and a missing one is the JSON 404', async () => {
    expect((await page('/console/assets/console.js')).body).toContain('console');
    expect((await page('/assets/player.js')).body).toContain('player');
    const missing = await page('/console/assets/player.js');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 40400]);
    const api = await server.app.inject({ method: 'GET', url: '/console/nothing.json' });
    expect(api.statusCode).toBe(404);
  });

  it('keeps the strict CSP on the console', async () => {
    const res = await page('/console/players');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
