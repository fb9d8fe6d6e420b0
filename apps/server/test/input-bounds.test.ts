// Every id and string a client sends is bounded: ids out of int4 range, non-integers, strings of
// digits where a number belongs, NUL and other control characters, 10 kB strings all answer
// 400 / 40000 before a handler runs, on both databases, and never 500.
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbKind, startTestServer, type TestServer, tokenFor } from './support';

const TEN_KB = 'x'.repeat(10 * 1024);
/** Numbers (and look-alikes) no id may be. */
const badIds: unknown[] = [2 ** 31, 2 ** 53, -1, 0, 1.5, '1', null, true];
/** The same as they arrive in a path or a query string. */
const badIdTexts = ['2147483648', '9007199254740992', '-1', '0', '1.5', '1e3', '0x10', ' 1', 'x'];
/** Strings no name, password, key or reason may be. */
const badTexts = ['a\u0000b', 'ab\u0001cdefgh', 'ab\ncdefgh', 'ab\u007fcdefgh', TEN_KB];

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  as: 'demo' | 'staff' | null;
}

function cases(): Case[] {
  const out: Case[] = [];
  const body = (url: string, as: Case['as'], valid: Record<string, unknown>, field: string) => {
    const values = field.endsWith('Id') || field === 'site_id' ? badIds : badTexts;
    for (const v of values) {
      out.push({
        name: `${url} ${field}=${JSON.stringify(v).slice(0, 20)}`,
        method: 'POST',
        url,
        payload: { ...valid, [field]: v },
        as,
      });
    }
  };
  for (const url of ['/player/kick', '/player/cancel', '/player/reserve']) {
    body(url, 'demo', {}, 'machineId');
  }
  body('/login', null, { username: 'demo', password: 'demo1234' }, 'username');
  body('/login', null, { username: 'demo', password: 'demo1234' }, 'password');
  for (const v of [2 ** 31, 2 ** 53, -1, 1.5, 'x']) {
    out.push({
      name: `/login site_id=${v}`,
      method: 'POST',
      url: '/login',
      payload: { username: 'demo', password: 'demo1234', site_id: v },
      as: null,
    });
  }
  const password = { oldPassword: 'demo1234', newPassword: 'another-pass-1' };
  body('/player/password', 'demo', password, 'oldPassword');
  body('/player/password', 'demo', password, 'newPassword');
  body('/player/pin', 'demo', { password: 'demo1234', pin: '4321' }, 'password');
  body('/player/pin', 'demo', { password: 'demo1234', pin: '4321' }, 'pin');
  body('/player/pin/verify', 'demo', {}, 'pin');
  for (const url of ['/staff/quit-session', '/staff/handpay-reset'])
    body(url, 'staff', {}, 'machineId');
  body('/staff/machine-fault', 'staff', { fault: 'door', active: true }, 'machineId');
  body('/staff/video-fault', 'staff', { active: true }, 'machineId');
  for (const url of ['/staff/deposit', '/staff/withdraw']) {
    const money = { amount: 100, idempotencyKey: 'bounds-key-1', reason: 'bounds' };
    body(url, 'staff', money, 'playerId');
    body(url, 'staff', { ...money, username: undefined }, 'username');
    body(url, 'staff', { ...money, playerId: 1 }, 'idempotencyKey');
    body(url, 'staff', { ...money, playerId: 1 }, 'reason');
  }
  const texts = [...badIdTexts, '9'.repeat(10_000)].map(encodeURIComponent);
  for (const id of texts) {
    out.push({
      name: `/machine/${id.slice(0, 20)}`,
      method: 'GET',
      url: `/machine/${id}`,
      as: 'demo',
    });
    out.push({
      name: `spins ${id.slice(0, 20)}`,
      method: 'GET',
      url: `/player/slot-sessions/${id}/spins`,
      as: 'demo',
    });
    out.push({
      name: `meters ${id.slice(0, 20)}`,
      method: 'GET',
      url: `/staff/machines/${id}/meters`,
      as: 'staff',
    });
  }
  const lists = ['/player/logs', '/player/slot-sessions', '/player/transactions'];
  for (const url of [...lists, '/player/slot-sessions/1/spins']) {
    for (const param of ['page', 'pageSize']) {
      for (const v of texts) {
        out.push({
          name: `${url}?${param}=${v.slice(0, 20)}`,
          method: 'GET',
          url: `${url}?${param}=${v}`,
          as: 'demo',
        });
      }
    }
  }
  for (const param of ['type', 'from', 'to']) {
    for (const v of badTexts.map(encodeURIComponent)) {
      out.push({
        name: `transactions ${param}=${v.slice(0, 20)}`,
        method: 'GET',
        url: `/player/transactions?${param}=${v}`,
        as: 'demo',
      });
    }
  }
  return out;
}

describe.each<DbKind>(['pglite', 'postgres'])('input bounds on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '100000' });
    tokens.demo = await tokenFor(server, 'demo');
    tokens.staff = await tokenFor(server, 'staff');
  });
  afterAll(() => server?.close());

  it('answers 400 / 40000 to every out-of-bounds id and string, never 500', async () => {
    const wrong: string[] = [];
    for (const c of cases()) {
      const res = await server.app.inject({
        method: c.method,
        url: c.url,
        headers: c.as ? { authorization: `Bearer ${tokens[c.as]}` } : {},
        ...(c.payload ? { payload: c.payload } : {}),
      });
      const code = String(res.headers['content-type']).includes('json')
        ? res.json().code
        : res.body;
      if (res.statusCode !== 400 || code !== 40000) {
        wrong.push(`${c.name}: ${res.statusCode} ${String(code).slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still answers in-bounds ids as before', async () => {
    const auth = { authorization: `Bearer ${tokens.demo}` };
    const one = await server.app.inject({ method: 'GET', url: '/machine/1', headers: auth });
    expect(one.statusCode).toBe(200);
    const top = await server.app.inject({
      method: 'GET',
      url: '/machine/2147483647',
      headers: auth,
    });
    expect([top.statusCode, top.json().code]).toEqual([404, 40400]);
    const spins = await server.app.inject({
      method: 'GET',
      url: '/player/slot-sessions/2147483647/spins',
      headers: auth,
    });
    expect([spins.statusCode, spins.json().code]).toEqual([404, 40400]);
  });
});

describe('socket payload bounds', () => {
  let server: TestServer;
  let base: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  function connect(path: string, auth?: Record<string, unknown>): Promise<Socket> {
    const s = io(`${base}${path}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(auth ? { auth } : {}),
    });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  }

  it('refuses out-of-bounds ids and strings on /machine and /notice with 40000', async () => {
    const token = await tokenFor(server, 'demo');
    const machine = await connect('/machine');
    const wrong: string[] = [];
    const expect40000 = async (s: Socket, event: string, payload: unknown) => {
      const ack = await s.timeout(5000).emitWithAck(event, payload);
      if (ack.code !== 40000)
        wrong.push(`${event} ${JSON.stringify(payload).slice(0, 60)}: ${ack.code}`);
    };
    for (const machineID of [2 ** 31, 2 ** 53, -1, 0, 1.5, '2147483648', '0x10', true]) {
      await expect40000(machine, 'init', { machineID, token });
    }
    for (const t of ['a\u0000b', TEN_KB])
      await expect40000(machine, 'init', { machineID: 1, token: t });
    expect((await machine.timeout(5000).emitWithAck('init', { machineID: 1, token })).code).toBe(
      20000,
    );
    for (const requestId of ['abcdefgh\u0000', 'abcd\nefgh', TEN_KB]) {
      await expect40000(machine, 'transfer', { amount: 100, requestId });
    }
    for (const band of ['a\u0000', TEN_KB]) await expect40000(machine, 'quality', { band });
    await expect40000(machine, 'signal', { type: 'answer', sdp: 'v=0\u0000' });
    await expect40000(machine, 'signal', {
      type: 'candidate',
      candidate: { candidate: 'candidate:1', sdpMid: TEN_KB },
    });

    const notice = await connect('/notice', { token });
    for (const id of [2 ** 31, 2 ** 53, -1, 0, 1.5, '2147483648', true]) {
      await expect40000(notice, 'init', { id });
    }
    expect(wrong).toEqual([]);
  });
});
