// A fetch that answers like the server for the routes a test names: `'POST /staff/deposit'` →
// a status and JSON, or a function of the request body. Anything else is a 404, and every call is
// recorded for the test to read.
import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };
type Handler = Answer | ((body: unknown, url: string) => Answer);

export type Call = { method: string; url: string; body: unknown; token: string | null };

export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const auth = (init.headers as Record<string, string> | undefined)?.Authorization ?? null;
    calls.push({ method, url, body, token: auth ? auth.replace('Bearer ', '') : null });
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    const answer: Answer = !handler
      ? { status: 404, body: { code: 40400, ErrorMessage: 'Not Found', Params: {} } }
      : typeof handler === 'function'
        ? handler(body, url)
        : handler;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

export const refusal = (status: number, code: number, message = 'refused') => ({
  status,
  body: { code, ErrorMessage: message, Params: {} },
});

export const me = (role: string, username = role) => ({
  code: 20000,
  ErrorMessage: 'Request successful',
  id: 90,
  username,
  name: 'Test',
  lastname: 'Staff',
  role,
  twoFactor: true,
});
