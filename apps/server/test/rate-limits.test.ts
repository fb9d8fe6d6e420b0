// Guessing and flooding are slowed down: /login per address, and every event on a machine socket.
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokenFor } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('pglite', {
    LOGIN_RATE_PER_MINUTE: '5',
    SIGNAL_RATE_PER_SECOND: '20',
  });
});
afterAll(() => server.close());

it('answers 429 with code 42900 once an address passes the login rate', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 7; i++) {
    // A different name each time, so the lockout does not answer first.
    const res = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: `guess-${i}`, password: `guess-${i}` },
    });
    codes.push(res.json().code);
  }
  expect(codes).toEqual([10700, 10700, 10700, 10700, 10700, 42900, 42900]);
  // Another address still gets through.
  const other = await server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: 'demo', password: 'demo1234' },
    remoteAddress: '10.0.0.9',
  });
  expect(other.statusCode).toBe(200);
});

it('limits password changes, which check the password, at the login rate', async () => {
  const token = await tokenFor(server, 'demo2');
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/player/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: `guess-${i}`, newPassword: 'long-enough-1' },
    });
    codes.push(res.json().code);
  }
  expect(codes).toEqual([40001, 40001, 40001, 40001, 40001, 42900]);
});

it('refuses machine-socket events past the signalling rate with 42900', async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as AddressInfo).port;
  const s = io(`http://127.0.0.1:${port}/machine`, { transports: ['websocket'], forceNew: true });
  try {
    // The login rate of this test file is spent: sign the token directly.
    const token = await tokenFor(server, 'demo');
    expect((await s.timeout(5000).emitWithAck('init', { machineID: 4, token })).code).toBe(20000);
    const acks = await Promise.all(
      Array.from({ length: 100 }, () => s.timeout(5000).emitWithAck('touch', { x: 0.01, y: 0.01 })),
    );
    const limited = acks.filter((a) => a.code === 42900).length;
    expect(limited).toBeGreaterThan(40);
    expect(acks.filter((a) => a.code === 20000).length).toBeGreaterThanOrEqual(35);
  } finally {
    s.disconnect();
  }
});
