// The §7 routes through fastify.inject, on PGlite and on the local PostgreSQL.

import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFloorFile } from '../src/db/floor-file';
import { type DbKind, login, loginToken, startTestServer, type TestServer } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('with the lockout policy off, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOCKOUT_ENABLED: 'false' });
  });
  afterAll(() => server.close());

  it('answers 10701 to wrong credentials, never locks, and the right password still works', async () => {
    for (const username of ['demo', 'demo', 'demo', 'demo', 'nobody']) {
      const res = await login(server, username, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        ErrorMessage: 'Username or password is wrong',
        code: 10701,
        Params: {},
      });
    }
    expect((await login(server, 'demo', 'demo1234')).statusCode).toBe(200);
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('HTTP API on %s', (kind) => {
  let server: TestServer;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await loginToken(server);
  });
  afterAll(() => server.close());

  describe('POST /login', () => {
    it('answers the spec fields and remembers the previous logon', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'demo', password: 'demo1234', site_id: 0 },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'ip_address',
          'last_logon',
          'last_logon_ip',
          'pin_code',
          'token',
          'versions',
          // the player beyond the token (§3, §6): test/player-account.test.ts
          'Permissions',
          'Group',
          'type',
          'displayName',
          'photoURL',
          'shortcuts',
          'settings',
        ].sort(),
      );
      expect(body.token.split('.')).toHaveLength(3);
      // Only a flag: the server checks the PIN (POST /player/pin/verify, test/pin.test.ts).
      expect(body.pin_code).toBe(PIN_CODE_MARKER);
      expect(body.ip_address).toBe('127.0.0.1');
      expect(body.last_logon).not.toBeNull();
      expect(body.last_logon_ip).toBe('127.0.0.1');
    });

    it('/validate answers as much as /login (§7): address, version, the logon before', async () => {
      const login = await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'demo', password: 'demo1234', site_id: 0 },
      });
      const signedIn = login.json();
      const validated = await server.app.inject({
        method: 'GET',
        url: '/validate',
        headers: { authorization: `Bearer ${signedIn.token}` },
      });
      expect(validated.statusCode).toBe(200);
      const body = validated.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(signedIn).sort());
      // The same sign-in: the same logon before it, not the one this login just recorded.
      expect(body).toMatchObject({
        ip_address: '127.0.0.1',
        versions: 'v2.4.5',
        last_logon: signedIn.last_logon,
        last_logon_ip: signedIn.last_logon_ip,
      });
      expect(body.last_logon).not.toBeNull();
    });

    it('signs in by e-mail too', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'demo2@reelcast.test', password: 'demo1234' },
      });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['a wrong password', { username: 'demo', password: 'wrong-password', site_id: 0 }],
      ['an unknown username', { username: 'nobody', password: 'demo1234', site_id: 0 }],
    ])('refuses %s with 10700 and the same answer', async (_label, payload) => {
      const res = await server.app.inject({ method: 'POST', url: '/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        ErrorMessage: 'Wrong username or password, remaining attempts 2, block time 15 minutes',
        code: 10700,
        Params: { left_count: 2, block_time: 15 },
      });
    });

    it.each([
      ['no body', undefined],
      ['a missing password', { username: 'demo' }],
      ['a number for a username', { username: 42, password: 'demo1234' }],
      ['malformed JSON', '{"username": "demo",'],
    ])('answers 400 with code 40000 for %s', async (_label, payload) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload ?? null),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 40000, ErrorMessage: 'Invalid request' });
    });
  });

  describe('tokens', () => {
    it('refuses protected routes without a token, and with a forged one as code 10', async () => {
      const none = await server.app.inject({ method: 'GET', url: '/player/balance' });
      expect(none.statusCode).toBe(401);
      const [h, p] = token.split('.');
      const forged = await server.app.inject({
        method: 'GET',
        url: '/player/balance',
        headers: { authorization: `Bearer ${h}.${p}.${'A'.repeat(43)}` },
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe(10);
    });

    it('validate answers a fresh token and revokes the old one; logout revokes the fresh one', async () => {
      const own = await loginToken(server);
      const balanceWith = (token: string) =>
        server.app.inject({
          method: 'GET',
          url: '/player/balance',
          headers: { authorization: `Bearer ${token}` },
        });
      const v = await server.app.inject({
        method: 'GET',
        url: '/validate',
        headers: { authorization: `Bearer ${own}` },
      });
      expect(v.statusCode).toBe(200);
      const fresh = v.json().token;
      expect(fresh).not.toBe(own);
      expect((await balanceWith(own)).statusCode).toBe(401);
      const out = await server.app.inject({
        method: 'POST',
        url: '/player/logout',
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(out.statusCode).toBe(200);
      expect((await balanceWith(fresh)).statusCode).toBe(401);
    });
  });

  it('GET /player/balance answers hundredths', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/player/balance', headers: auth() });
    expect(res.json()).toEqual({ balance: 100_000 });
  });

  it('GET /machine/brands lists brands with machine counts', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/machine/brands', headers: auth() });
    expect(res.statusCode).toBe(200);
    const brands = res.json();
    expect(brands.length).toBeGreaterThanOrEqual(3);
    for (const b of brands) {
      expect(Object.keys(b).sort()).toEqual(['id', 'image', 'jackpot', 'machineCount', 'name']);
      expect(typeof b.jackpot).toBe('string');
    }
    expect(brands.reduce((n: number, b: { machineCount: number }) => n + b.machineCount, 0)).toBe(
      readFloorFile().machines.length,
    );
  });

  it('GET /machine/all and /machine/{id} answer machines with brand and status', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/machine/all', headers: auth() });
    const machines = res.json();
    const floor = readFloorFile();
    expect(machines).toHaveLength(floor.machines.length);
    for (const [i, m] of machines.entries()) {
      expect(m).toMatchObject({ status: 'available', videoType: floor.machines[i]!.videoType });
      expect(m.brand).toEqual({ id: expect.any(Number), name: expect.any(String) });
      expect(m.image).toMatch(/^\/images\//);
    }
    const one = await server.app.inject({
      method: 'GET',
      url: `/machine/${machines[0].id}`,
      headers: auth(),
    });
    expect(one.json()).toEqual(machines[0]);
  });

  it('an unknown or malformed machine id is a clear error, not a 500', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/machine/9999',
      headers: auth(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(40400);
    const bad = await server.app.inject({ method: 'GET', url: '/machine/abc', headers: auth() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(40000);
  });

  it('serves /Settings.json with the §9 defaults and /healthz once the floor is up', async () => {
    const s = await server.app.inject({ method: 'GET', url: '/Settings.json' });
    expect(s.json()).toMatchObject({ CURRENCY: 'TRY', DEFAULT_LANGUAGE: 'tr', SITE_ID: 2004 });
    const h = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.statusCode).toBe(200);
  });

  it('sends a strict content security policy', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});
