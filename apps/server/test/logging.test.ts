// No token or password in any log line, whatever the request carried.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginToken, startTestServer, type TestServer } from './support';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer('pglite', { LOG_LEVEL: 'trace' }, sink);
});
afterAll(() => server.close());

it('logs requests without tokens or passwords', async () => {
  const token = await loginToken(server);
  await server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: 'demo', password: 'secret-wrong-pass' },
  });
  await server.app.inject({
    method: 'GET',
    url: `/player/balance?token=${token}`,
    headers: { authorization: `Bearer ${token}` },
  });
  await server.app.inject({
    method: 'POST',
    url: '/player/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { oldPassword: 'secret-old-pass', newPassword: 'secret-new-pass' },
  });
  await server.app.inject({
    method: 'POST',
    url: '/player/pin',
    headers: { authorization: `Bearer ${token}` },
    payload: { password: 'secret-pin-pass', pin: '975310' },
  });
  const log = lines.join('');
  expect(log).toContain('/player/balance');
  expect(log).not.toContain(token);
  expect(log).not.toContain(token.split('.')[2]);
  expect(log).not.toContain('demo1234');
  expect(log).not.toContain('secret-wrong-pass');
  for (const secret of ['secret-old-pass', 'secret-new-pass', 'secret-pin-pass', '975310']) {
    expect(log).not.toContain(secret);
  }
});
