// A stand-in for fetch that answers the app's calls by path, so whole screens can render.
import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

export const profileAnswer = {
  id: 5,
  name: 'Ayşe',
  lastname: 'Yıldız',
  email: 'ayse@example.com',
  username: 'ayse',
  role: 'user',
  last_logon: '2025-05-01T10:00:00.000Z',
  last_logon_ip: '10.0.0.7',
  current_ip: '10.0.0.9',
  balance: 123_456,
  pin_is_default: true,
};

const defaults: Record<string, Handler> = {
  '/player/balance': () => jsonResponse(200, { balance: 123_456 }),
  '/player/profile': () => jsonResponse(200, profileAnswer),
  '/player/logs': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 }),
  '/machine/all': () => jsonResponse(200, []),
  '/machine/brands': () => jsonResponse(200, []),
  '/player/logout': () => jsonResponse(200, { code: 20000, ErrorMessage: 'Request successful' }),
  // The server stores the settings and answers them.
  '/player/settings': (init) => jsonResponse(200, JSON.parse(String(init?.body))),
};

/** Stubs fetch; handlers override the defaults by path. Returns the mock to inspect calls. */
export function fakeServer(handlers: Record<string, Handler> = {}) {
  const all = { ...defaults, ...handlers };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = all[url.pathname];
    if (!handler) return jsonResponse(404, { ErrorMessage: 'Not found', code: 40400, Params: {} });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls made to one path, with their parsed JSON bodies. */
export function callsTo(mock: ReturnType<typeof fakeServer>, path: string) {
  return mock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path)
    .map(({ url, init }) => ({
      url,
      init,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}
