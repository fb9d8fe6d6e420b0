// Behind HAProxy or nginx every request comes from the proxy: TRUST_PROXY names the proxies whose
// X-Forwarded-For is believed for the client's address; anyone else's header is ignored, so a
// player cannot pick the address a login limit or the country check is keyed by.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function loginFrom(remoteAddress: string, forwardedFor: string) {
  const res = await server!.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: 'demo', password: 'demo1234', site_id: 0 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().ip_address as string;
}

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the listed proxy', async () => {
    server = await startTestServer('pglite', { TRUST_PROXY: '127.0.0.1' });
    expect(await loginFrom('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // Sent straight to the server by someone else: the header is theirs to invent, not believed.
    expect(await loginFrom('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('believes no header when unset (the default)', async () => {
    server = await startTestServer('pglite');
    expect(await loginFrom('127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });
});
