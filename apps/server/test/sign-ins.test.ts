// A sign-in is the chain of tokens renewed from one /login (claim `sid`): /validate rotates the
// token, the chain has an absolute lifetime, logout ends all of it, and open sockets end with the
// token that opened them (at its expiry, or when its sign-in ends). Staff routes read the role
// from the database, not the token.
import type { AddressInfo } from 'node:net';
import { MACHINE_NAMESPACE } from '@reelcast/protocol/machine-socket';
import { NOTICE_NAMESPACE } from '@reelcast/protocol/notice';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, signIns } from '../src/db/schema';
import {
  callAs,
  type DbKind,
  login,
  signToken,
  startTestServer,
  type TestServer,
  tokenFor,
} from './support';

const now = () => Math.floor(Date.now() / 1000);
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
    exp: number;
    iat: number;
    jti: string;
  };

async function signedIn(server: TestServer, username = 'demo', password = 'demo1234') {
  const res = await login(server, username, password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const balance = (server: TestServer, token: string) =>
  callAs(server, token, 'GET', '/player/balance');
const validate = (server: TestServer, token: string) => callAs(server, token, 'GET', '/validate');
/** The sign-in's end has passed, by the database clock that set it. */
async function signInOver(server: TestServer, sid: string): Promise<boolean> {
  const [row] = await server.services.database.db
    .select({ over: sql<boolean>`${signIns.endsAt} <= now()` })
    .from(signIns)
    .where(eq(signIns.id, sid));
  return row?.over ?? false;
}

describe.each<DbKind>(['pglite', 'postgres'])('sign-ins on %s', (kind) => {
  let server: TestServer;
  let base: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '1000' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  function connect(namespace: string, options: object = {}): Socket {
    const s = io(`${base}${namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...options,
    });
    sockets.push(s);
    return s;
  }

  /** A /notice socket let in with `token`; resolves once connected. */
  async function noticeSocket(token: string): Promise<Socket> {
    const s = connect(NOTICE_NAMESPACE, { auth: { token } });
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve());
      s.on('connect_error', reject);
    });
    return s;
  }

  /** A /machine socket that has joined `machineID` with `token`. */
  async function machineSocket(token: string, machineID: number): Promise<Socket> {
    const s = connect(MACHINE_NAMESPACE);
    const ack = await s.timeout(5000).emitWithAck('init', { machineID, token });
    expect(ack.code).toBe(20000);
    return s;
  }

  const dropped = (s: Socket, withinMs: number) =>
    new Promise<boolean>((resolve) => {
      if (!s.connected) return resolve(true);
      const timer = setTimeout(() => resolve(false), withinMs);
      s.on('disconnect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  it('/validate rotates: the presented token stops working once the new one is issued', async () => {
    const first = await signedIn(server);
    const renewed = await validate(server, first);
    expect(renewed.status).toBe(200);
    const second = renewed.body.token as string;
    expect(payloadOf(second).sid).toBe(payloadOf(first).sid);
    expect((await balance(server, second)).status).toBe(200);
    expect(await balance(server, first)).toMatchObject({ status: 401, body: { code: 40100 } });
    // A stolen copy cannot renew the chain a second time either.
    expect((await validate(server, first)).body.code).toBe(40100);
  });

  it('two renewals of one token at once: only one gets a new token', async () => {
    const token = await signedIn(server);
    const answers = await Promise.all([validate(server, token), validate(server, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('logout ends the whole sign-in: every token renewed from the login', async () => {
    const token = await signedIn(server);
    // Another live token of the same sign-in (as a second tab would hold).
    const sibling = await signToken(server, 'demo', { sid: payloadOf(token).sid });
    expect((await balance(server, sibling)).status).toBe(200);
    expect((await callAs(server, token, 'POST', '/player/logout')).status).toBe(200);
    expect(await balance(server, sibling)).toMatchObject({ status: 401, body: { code: 40100 } });
    expect((await validate(server, sibling)).status).toBe(401);
    // Other sign-ins of the same player go on.
    expect((await balance(server, await signedIn(server))).status).toBe(200);
  });

  it('tokens.revoke(claims) ends the whole sign-in too', async () => {
    const token = await signedIn(server, 'demo2');
    const sibling = await signToken(server, 'demo2', { sid: payloadOf(token).sid });
    await server.services.tokens.revoke(await server.services.tokens.verify(token));
    expect((await balance(server, token)).status).toBe(401);
    expect((await balance(server, sibling)).status).toBe(401);
  });

  it('/notice and /machine sockets are dropped when their token expires', async () => {
    const sid = payloadOf(await signedIn(server, 'demo0')).sid;
    const shortLived = await signToken(server, 'demo0', { sid, exp: now() + 2 });
    const notice = await noticeSocket(shortLived);
    const machine = await machineSocket(shortLived, 5);
    const told = new Promise((resolve) => machine.on('info', resolve));
    expect(await Promise.all([dropped(notice, 5_000), dropped(machine, 5_000)])).toEqual([
      true,
      true,
    ]);
    expect(await told).toMatchObject({ code: 40100 });
  });

  it('ending a sign-in drops the sockets of every token of that sign-in', async () => {
    const token = await signedIn(server, 'nomenu');
    const sibling = await signToken(server, 'nomenu', { sid: payloadOf(token).sid });
    const other = await signedIn(server, 'nomenu');
    const notice = await noticeSocket(sibling);
    const machine = await machineSocket(sibling, 6);
    const untouched = await noticeSocket(other);
    expect((await callAs(server, token, 'POST', '/player/logout')).status).toBe(200);
    expect(await Promise.all([dropped(notice, 3_000), dropped(machine, 3_000)])).toEqual([
      true,
      true,
    ]);
    expect(untouched.connected).toBe(true);
  });

  it('a demoted staff member loses the staff API at the next call', async () => {
    const staff = await tokenFor(server, 'staff');
    const meters = () => callAs(server, staff, 'GET', '/staff/machines/3/meters');
    expect((await meters()).status).toBe(200);
    const db = server.services.database.db;
    await db.update(players).set({ role: 'user' }).where(eq(players.username, 'staff'));
    try {
      expect(await meters()).toMatchObject({ status: 403, body: { code: 40300 } });
    } finally {
      await db.update(players).set({ role: 'supervisor' }).where(eq(players.username, 'staff'));
    }
    expect((await meters()).status).toBe(200);
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('sign-in lifetime on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      LOGIN_RATE_PER_MINUTE: '1000',
      SIGN_IN_MAX_SECONDS: '2',
    });
  });
  afterAll(() => server.close());

  it('renewal is refused once SIGN_IN_MAX_SECONDS have passed since /login', async () => {
    const first = await signedIn(server);
    const started = payloadOf(first).iat;
    // No token of the chain outlives the sign-in.
    expect(payloadOf(first).exp).toBeLessThanOrEqual(started + 3);
    // Renewed in a later second than the login, and capped all the same.
    await expect.poll(now, { timeout: 2_000, interval: 20 }).toBeGreaterThan(started);
    const renewed = await validate(server, first);
    expect(renewed.status).toBe(200);
    expect(payloadOf(renewed.body.token).exp).toBeLessThanOrEqual(started + 3);
    // Once the database clock (the sign-in's) is past its end, its last token is refused too.
    await expect
      .poll(() => signInOver(server, payloadOf(first).sid), { timeout: 3_200 })
      .toBe(true);
    expect(await validate(server, renewed.body.token)).toMatchObject({
      status: 401,
      body: { code: 40100 },
    });
  });
});
