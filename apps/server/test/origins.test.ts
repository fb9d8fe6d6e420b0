// A player app served from another origin than the API (§7: connections follow the configured
// URLs): the server allows exactly ALLOWED_ORIGINS, over HTTP (CORS, preflight) and at the
// socket handshake (WebSocket and long-polling), besides its own origin.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startListeningServer, type TestServer } from './support';

const listed = 'https://play.example.com';
const unlisted = 'https://evil.example.net';

describe('allowed origins', () => {
  let server: TestServer;
  let base: string;
  let token: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const started = await startListeningServer('pglite', {
      ALLOWED_ORIGINS: `${listed}, https://other.example.org`,
    });
    server = started.server;
    base = new URL(started.url).origin;
    token = await loginToken(server, 'demo');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  const balance = (origin?: string) =>
    fetch(`${base}/player/balance`, {
      headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
    });
  const preflight = (origin: string) =>
    fetch(`${base}/player/balance`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('answers a listed origin with CORS, its preflight included', async () => {
    const pre = await preflight(listed);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(listed);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
    const res = await balance(listed);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(listed);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect((await res.json()).balance).toBeTypeOf('number');
  });

  it('refuses an unlisted origin, preflight or not, and allows it nothing', async () => {
    for (const res of [await preflight(unlisted), await balance(unlisted)]) {
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toEqual({
        ErrorMessage: 'This site is not allowed to use the server',
        code: 40301,
        Params: { origin: unlisted },
      });
    }
    // The page served by this server and clients that send no Origin are not cross-origin.
    expect((await balance(base)).status).toBe(200);
    expect((await balance()).status).toBe(200);
  });

  /** Connects to /notice from a page of `origin`; answers whether the handshake was let in. */
  function connectsFrom(origin: string, transport: 'websocket' | 'polling'): Promise<boolean> {
    const s = io(`${base}/notice`, {
      transports: [transport],
      reconnection: false,
      forceNew: true,
      auth: { token },
      extraHeaders: { origin },
    });
    sockets.push(s);
    return new Promise((resolve) => {
      s.on('connect', () => resolve(true));
      s.on('connect_error', () => resolve(false));
    });
  }

  it.each(['websocket', 'polling'] as const)(
    'lets a listed origin open a socket (%s) and refuses an unlisted one',
    async (transport) => {
      expect(await connectsFrom(listed, transport)).toBe(true);
      expect(await connectsFrom(unlisted, transport)).toBe(false);
      expect(await connectsFrom(base, transport)).toBe(true);
    },
  );

  it('answers long-polling with CORS for a listed origin only', async () => {
    const handshake = (origin: string) =>
      fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const ok = await handshake(listed);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(listed);
    const refused = await handshake(unlisted);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the listed origins frame the information pages', async () => {
    const res = await fetch(`${base}/terms-of-use.html`, { headers: { origin: listed } });
    expect(res.headers.get('content-security-policy')).toContain(
      `frame-ancestors 'self' ${listed} https://other.example.org`,
    );
  });
});

describe('no allowed origins (the player app served by this server)', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    const started = await startListeningServer('pglite');
    server = started.server;
    base = new URL(started.url).origin;
  });
  afterAll(() => server.close());

  it('refuses every other origin and sends no CORS headers', async () => {
    const res = await fetch(`${base}/Settings.json`, { headers: { origin: listed } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${base}/Settings.json`, { headers: { origin: base } })).status).toBe(200);
  });
});

describe('ALLOWED_ORIGINS itself', () => {
  it.each(['play.example.com', 'https://play.example.com/', 'https://play.example.com/app'])(
    'stops the start on %s, which is no origin',
    async (value) => {
      await expect(startListeningServer('pglite', { ALLOWED_ORIGINS: value })).rejects.toThrow(
        /ALLOWED_ORIGINS.*not an origin/s,
      );
    },
  );
});
