// Issue 4 on the server: /Settings.json from the operator's file, the §1 country check and its
// enforcement at login (10703), the information pages, and the CSP's live-chat origins.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { infoPages } from '@reelcast/protocol/info-pages';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from './support';

const turkey = '78.160.1.1';
const unitedStates = '8.8.8.8';

describe('settings, country check, information pages and CSP', () => {
  let server: TestServer;
  const settingsFile = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-settings-')), 's.json');
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const writeSettings = (value: unknown) =>
    writeFileSync(settingsFile, typeof value === 'string' ? value : JSON.stringify(value));
  const get = (url: string, remoteAddress?: string) =>
    server.app.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
  const csp = async () => String((await get('/Settings.json')).headers['content-security-policy']);

  beforeAll(async () => {
    writeSettings({ PIN_CHECK: true });
    server = await startTestServer(
      'pglite',
      {
        SETTINGS_FILE: settingsFile,
        PERMITTED_COUNTRIES: 'tr,CY',
        GEO_ADDRESS_COUNTRIES: '10.9.9.9=US',
        LOG_LEVEL: 'warn',
      },
      logStream,
    );
  });
  afterAll(() => server.close());

  it("serves the operator's valid keys over the defaults and skips a bad one with a warning", async () => {
    writeSettings({ PIN_CHECK: true, CURRENCY: 'eur!', COLORS: { bonus: '#00ccff' } });
    const body = (await get('/Settings.json')).json();
    expect(body.PIN_CHECK).toBe(true);
    expect(body.CURRENCY).toBe(settingsDefaults.CURRENCY);
    expect(body.COLORS).toEqual({ ...settingsDefaults.COLORS, bonus: '#00ccff' });
    expect(logLines.join('')).toContain('"key":"CURRENCY"');
  });

  it('applies an edit of the file without a restart, and a broken file serves the defaults', async () => {
    writeSettings({ CURRENCY: 'USD', UI_VERSION: 'v2.4.5' });
    expect((await get('/Settings.json')).json().CURRENCY).toBe('USD');
    writeSettings('{ not json');
    const body = (await get('/Settings.json')).json();
    expect(body.CURRENCY).toBe(settingsDefaults.CURRENCY);
    expect(body.PIN_CHECK).toBe(false);
  });

  it('answers the check with the address, its country and whether it may play', async () => {
    expect((await get('/check', turkey)).json()).toEqual({
      status: true,
      code: 20000,
      ip: turkey,
      country: 'TR',
    });
    const refused = await get('/check', unitedStates);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ status: false, code: 10703, ip: unitedStates, country: 'US' });
    // The operator's override wins over the private range.
    expect((await get('/check', '10.9.9.9')).json()).toMatchObject({
      status: false,
      country: 'US',
    });
    expect((await get('/check', '127.0.0.1')).json()).toMatchObject({ status: true, country: '' });
  });

  it('refuses a login from a country not permitted with 10703, after the password', async () => {
    const refused = await login(server, 'demo', 'demo1234', unitedStates);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      ErrorMessage: 'IP not permitted',
      code: 10703,
      Params: { ip: unitedStates, country: 'US' },
    });
    // A wrong password from there is still just a wrong password: nothing is revealed.
    expect((await login(server, 'demo', 'wrong-pass', unitedStates)).json().code).toBe(10700);
    expect((await login(server, 'demo', 'demo1234', turkey)).statusCode).toBe(200);
  });

  it.each(['en', 'tr', 'ar'])(
    'serves all six information pages in %s, script-free',
    async (lang) => {
      for (const page of infoPages) {
        const res = await get(`/${page}.html?lang=${lang}`);
        expect(res.statusCode, page).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(res.body).toContain('<link rel="stylesheet" href="/info/info.css">');
        expect(res.body).not.toMatch(/<script|\son\w+=|style=/i);
        expect(res.body.length, page).toBeGreaterThan(1500);
        const policy = String(res.headers['content-security-policy']);
        expect(policy).toContain("frame-ancestors 'self'");
        expect(policy).toContain("default-src 'none'");
      }
      expect((await get('/info/info.css')).headers['content-type']).toContain('text/css');
    },
  );

  it("generates the paytables from the floor's games with the par sheet's exact RTP", async () => {
    const res = await get('/paytables.html?lang=en');
    expect(res.body).toContain('Golden Sevens');
    // computeParSheet(classicGame): 94.2618 %, hit frequency 53.95 %.
    expect(res.body).toContain('94.2618%');
    expect(res.body).toContain('53.9538%');
    expect(res.body).toContain('Aristocrat · Golden Sevens');
    expect(res.body).toMatch(/3 × Seven<\/td><td class="pay">300</);
    // Machines sharing a par sheet are named in its section: the classic's eight screens, and
    // the second 5-reel game's own exact RTP (94.4450 %).
    const classic = res.body.split('<section').find((part) => part.includes('94.2618%'))!;
    expect(classic).toContain('Machines sharing this par sheet');
    for (const name of ['Golden Sevens', 'Lucky Cherries', 'Cleopatra Classic'])
      expect(classic).toContain(name);
    const gems = res.body.split('<section').find((part) => part.includes('Five-Reel Gems'))!;
    expect(gems).toContain('94.445%');
    expect(gems).toContain('IGT · Crown Jewels');
    expect(gems).toContain('EGT · Ruby Palace');
    const turkish = await get('/paytables.html?lang=tr');
    expect(turkish.body).toContain('%94,2618');
  });

  it('falls back to the default language for an unknown one', async () => {
    const res = await get('/terms-of-use.html?lang=xx');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="tr"');
  });

  it('allows the configured small logo’s origin for images in the CSP (§9 SMALL_LOGO)', async () => {
    writeSettings({});
    expect(await csp()).toMatch(/img-src 'self' data: blob: ?;/);
    writeSettings({ SMALL_LOGO: 'https://cdn.example.com/brand/mark.png' });
    expect(await csp()).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com;/);
    expect((await get('/Settings.json')).json().SMALL_LOGO).toBe(
      'https://cdn.example.com/brand/mark.png',
    );
  });

  it("allows exactly the configured chat provider's origins in the CSP", async () => {
    writeSettings({});
    expect(await csp()).toMatch(/script-src 'self' ?;/);
    expect(await csp()).not.toMatch(/crisp|tawk/);
    writeSettings({ LIVE_CHAT_PROVIDER: 'crisp', CRISP_WEBSITE_ID: '' });
    expect(await csp()).not.toMatch(/crisp/);
    writeSettings({
      LIVE_CHAT_PROVIDER: 'crisp',
      CRISP_WEBSITE_ID: '8a1b5c2e-1111-4f00-9a00-0123456789ab',
    });
    const crisp = await csp();
    expect(crisp).toContain("script-src 'self' https://client.crisp.chat");
    expect(crisp).toContain('wss://client.relay.crisp.chat');
    expect(crisp).not.toContain('tawk');
    writeSettings({ LIVE_CHAT_PROVIDER: 'tawk', TAWK_PROPERTY_ID: '64f0c0ffee' });
    const tawk = await csp();
    expect(tawk).toContain("script-src 'self' https://embed.tawk.to");
    expect(tawk).not.toContain('crisp');
  });
});
