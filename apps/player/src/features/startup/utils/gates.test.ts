import { describe, expect, it } from 'vitest';
import {
  browserFamily,
  browserSupported,
  checkUrl,
  countryName,
  decideIpCheck,
  runIpCheck,
  webRtcAvailable,
} from './gates';

const agents = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  ie: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
};

describe('browser gate', () => {
  it.each([
    ['chrome', 'chromium'],
    ['edge', 'chromium'],
    ['samsung', 'chromium'],
    ['headless', 'chromium'],
    ['chromeIos', 'chromium'],
    ['firefox', 'firefox'],
    ['firefoxIos', 'firefox'],
    ['safari', 'safari'],
    ['ie', 'other'],
  ] as const)('%s is of the %s family', (agent, family) => {
    expect(browserFamily(agents[agent])).toBe(family);
  });

  it('lets the configured families through and stops the others', () => {
    const defaults = ['chromium', 'firefox'];
    expect(browserSupported(agents.edge, defaults)).toBe(true);
    expect(browserSupported(agents.firefox, defaults)).toBe(true);
    expect(browserSupported(agents.safari, defaults)).toBe(false);
    expect(browserSupported(agents.ie, defaults)).toBe(false);
    expect(browserSupported(agents.safari, [...defaults, 'safari'])).toBe(true);
    expect(browserSupported(agents.firefox, ['chromium'])).toBe(false);
  });
});

describe('WebRTC gate', () => {
  it('passes with a peer connection constructor and stops without one', () => {
    expect(webRtcAvailable({ RTCPeerConnection: class {} })).toBe(true);
    expect(webRtcAvailable({ webkitRTCPeerConnection: class {} })).toBe(true);
    expect(webRtcAvailable({})).toBe(false);
    expect(webRtcAvailable({ RTCPeerConnection: undefined })).toBe(false);
  });
});

describe('IP check gate', () => {
  it('asks one level above the API base', () => {
    expect(checkUrl('')).toBe('/check');
    expect(checkUrl('https://casino.example/api')).toBe('https://casino.example/check');
    expect(checkUrl('https://casino.example/api/v1/')).toBe('https://casino.example/api/check');
    expect(checkUrl('https://casino.example')).toBe('https://casino.example/check');
    expect(checkUrl('/api')).toBe('/check');
  });

  it('decides allowed, blocked with address and country, or a network error', () => {
    expect(decideIpCheck(200, { status: true, code: 20000, ip: '1.2.3.4', country: 'TR' })).toEqual(
      {
        kind: 'allowed',
      },
    );
    expect(
      decideIpCheck(200, { status: false, code: 10703, ip: '8.8.8.8', country: 'US' }),
    ).toEqual({
      kind: 'blocked',
      ip: '8.8.8.8',
      country: 'US',
    });
    expect(decideIpCheck(500, { status: true })).toEqual({ kind: 'failed' });
    expect(decideIpCheck(200, 'nonsense')).toEqual({ kind: 'failed' });
    expect(decideIpCheck(200, { code: 20000 })).toEqual({ kind: 'failed' });
  });

  it('turns a failed request into a network error', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await runIpCheck('/check', offline)).toEqual({ kind: 'failed' });
    const html = (() => Promise.resolve(new Response('<html>', { status: 200 }))) as typeof fetch;
    expect(await runIpCheck('/check', html)).toEqual({ kind: 'failed' });
  });

  it("names the country in the player's language", () => {
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('DE', 'tr')).toBe('Almanya');
    expect(countryName('', 'en')).toBe('?');
  });
});
