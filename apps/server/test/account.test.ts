// The account through HTTP, on PGlite and on the local PostgreSQL: bans and IP allow-lists,
// profile, password and PIN changes, the login log.
import { LogType, PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../src/modules/auth/login-log';
import { authRepository } from '../src/modules/auth/repository';
import {
  type DbKind,
  login,
  playerRow,
  startTestServer,
  type TestServer,
  tokenFor,
} from './support';

describe.each<DbKind>(['pglite', 'postgres'])('account on %s', (kind) => {
  let server: TestServer;
  const db = () => server.services.database.db;
  const get = (url: string, token: string, remoteAddress?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const post = (url: string, token: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '1000' });
  });
  afterAll(() => server.close());

  describe('10704 banned', () => {
    it('refuses the right password with 10704, logs it, and ends the tokens issued before', async () => {
      const before = await tokenFor(server, 'demo2');
      const id = (await playerRow(server, 'demo2')).id;
      await authRepository.setBanned(db(), id, true);
      try {
        const res = await login(server, 'demo2', 'demo1234');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ ErrorMessage: 'Banned', code: 10704, Params: {} });
        expect((await get('/player/balance', before)).statusCode).toBe(401);
        // A wrong password says nothing about the ban and is counted like any other.
        expect((await login(server, 'demo2', 'wrong-password')).json()).toMatchObject({
          code: 10700,
          Params: { left_count: 2 },
        });
        const refusals = await loginLog.forLogin(db(), 'demo2', LogType.notAllowed);
        expect(refusals.map((e) => [e.playerId, e.detail])).toEqual([[id, 'banned']]);
      } finally {
        await authRepository.setBanned(db(), id, false);
      }
      expect((await login(server, 'demo2', 'demo1234')).statusCode).toBe(200);
    });
  });

  describe('10703 IP allow-list', () => {
    it('refuses a sign-in from an address outside the list, and allows one inside it', async () => {
      const id = (await playerRow(server, 'staff')).id;
      await authRepository.setIpAllowList(db(), id, ['10.9.0.0/16', '192.0.2.1']);
      try {
        const refused = await login(server, 'staff', 'staff1234');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          ErrorMessage: 'IP not permitted',
          code: 10703,
          Params: { ip: '127.0.0.1' },
        });
        // A wrong password from the wrong address is a plain failure: no hint the name exists.
        expect((await login(server, 'staff', 'nope')).json().code).toBe(10700);
        const inside = await login(server, 'staff', 'staff1234', '10.9.3.4');
        expect(inside.statusCode).toBe(200);
        expect(inside.json().ip_address).toBe('10.9.3.4');
        // /validate from outside the list is refused too.
        const token = inside.json().token;
        expect((await get('/validate', token)).json().code).toBe(10703);
        const validated = await get('/validate', token, '192.0.2.1');
        expect(validated.statusCode).toBe(200);
        const types = (await get('/player/logs', validated.json().token, '192.0.2.1'))
          .json()
          .items.map((e: { type: string; ip: string }) => [e.type, e.ip]);
        expect(types).toContainEqual([LogType.notAllowed, '127.0.0.1']);
        expect(types).toContainEqual([LogType.success, '10.9.3.4']);
      } finally {
        await authRepository.setIpAllowList(db(), id, []);
      }
    });
  });

  describe('GET /player/profile', () => {
    it('answers the player, the previous sign-in, this address, the balance and the default PIN', async () => {
      await login(server, 'demo', 'demo1234', '198.51.100.1');
      const second = await login(server, 'demo', 'demo1234', '198.51.100.2');
      const res = await get('/player/profile', second.json().token, '203.0.113.5');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        id: (await playerRow(server, 'demo')).id,
        name: 'Demo',
        lastname: 'Player',
        email: 'demo@reelcast.test',
        username: 'demo',
        role: 'user',
        last_logon: second.json().last_logon,
        last_logon_ip: '198.51.100.1',
        current_ip: '203.0.113.5',
        balance: 100_000,
        pin_is_default: true,
      });
      expect(Date.parse(body.last_logon)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('says the demo floor staff account is a supervisor (issue #21 roles)', async () => {
      const res = await get('/player/profile', await tokenFor(server, 'staff'));
      expect(res.json().role).toBe('supervisor');
    });
  });

  describe('POST /player/password', () => {
    it('answers 40101 for a short new password and 40001 for a wrong old one, changing nothing', async () => {
      const token = await tokenFor(server, 'demo');
      const short = await post('/player/password', token, {
        oldPassword: 'demo1234',
        newPassword: 'short77',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 40101, ErrorMessage: 'Password is too short' });
      const wrongOld = await post('/player/password', token, {
        oldPassword: 'not-my-password',
        newPassword: 'a-good-new-one',
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toMatchObject({ code: 40001, ErrorMessage: 'Old password is wrong' });
      const missing = await post('/player/password', token, { oldPassword: 'demo1234' });
      expect(missing.json().code).toBe(40000);
      // Still signed in, old password unchanged.
      expect((await get('/player/balance', token)).statusCode).toBe(200);
      expect((await login(server, 'demo', 'demo1234')).statusCode).toBe(200);
    });

    it('changes it: every earlier token ends, the answered token works, the new password signs in', async () => {
      const token = await tokenFor(server, 'demo');
      const other = await tokenFor(server, 'demo');
      const res = await post('/player/password', token, {
        oldPassword: 'demo1234',
        newPassword: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 20000, ErrorMessage: 'Request successful' });
      expect(body.pin_code).toBe(PIN_CODE_MARKER);
      expect((await get('/player/balance', token)).statusCode).toBe(401);
      expect((await get('/player/balance', other)).statusCode).toBe(401);
      expect((await get('/player/balance', body.token)).statusCode).toBe(200);
      expect((await login(server, 'demo', 'demo1234')).json().code).toBe(10700);
      expect((await login(server, 'demo', 'brand-new-pass')).statusCode).toBe(200);
      const logs = (await get('/player/logs', body.token)).json();
      expect(logs.items[0]).toMatchObject({ type: LogType.success });
      expect(logs.items.map((e: { type: string }) => e.type)).toContain(LogType.passwordChanged);
      // Put it back for the other tests.
      const back = await post('/player/password', body.token, {
        oldPassword: 'brand-new-pass',
        newPassword: 'demo1234',
      });
      expect(back.statusCode).toBe(200);
    });
  });

  describe('POST /player/pin', () => {
    it('needs the account password, checks the PIN format, and answers only the pin_code flag', async () => {
      const token = await tokenFor(server, 'demo');
      const wrong = await post('/player/pin', token, { password: 'not-it', pin: '8642' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe(40001);
      for (const pin of ['123', '1234567', '12a4', '']) {
        const bad = await post('/player/pin', token, { password: 'demo1234', pin });
        expect(bad.json().code).toBe(40000);
      }
      const ok = await post('/player/pin', token, { password: 'demo1234', pin: '864209' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ code: 20000, ErrorMessage: 'Request successful' });
      expect(ok.json().token).toBeUndefined();
      expect(ok.json().pin_code).toBe(PIN_CODE_MARKER);
      // The token stays valid; the profile no longer says the PIN is the default; the new PIN is
      // the one the lock's check accepts.
      expect((await get('/player/profile', token)).json().pin_is_default).toBe(false);
      const check = (pin: string) => post('/player/pin/verify', token, { pin });
      expect((await check('864209')).json().valid).toBe(true);
      expect((await check('1234')).json().valid).toBe(false);
      expect((await check('864209')).json().valid).toBe(true);
    });
  });

  describe('GET /player/logs', () => {
    it('answers only the player’s own entries, newest first, in pages', async () => {
      // A fresh trail for demo2: three sign-ins, a validate and a logout.
      for (let i = 0; i < 3; i++) await login(server, 'demo2', 'demo1234', `198.51.100.${10 + i}`);
      const signedIn = (await login(server, 'demo2', 'demo1234', '198.51.100.20')).json().token;
      // /validate rotates: the renewed token is the one that works from here on.
      const token = (await get('/validate', signedIn)).json().token;
      const all = (await get('/player/logs?pageSize=200', token)).json();
      expect(all.total).toBe(all.items.length);
      expect(all.items.map((e: { type: string }) => e.type).slice(0, 5)).toEqual([
        LogType.checkSuccess,
        LogType.success,
        LogType.success,
        LogType.success,
        LogType.success,
      ]);
      expect(all.items[1].ip).toBe('198.51.100.20');
      const ids = all.items.map((e: { id: number }) => e.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      // Nothing of other players: demo signed in from these addresses in the profile test.
      const ips = all.items.map((e: { ip: string }) => e.ip);
      expect(ips).not.toContain('198.51.100.1');
      expect(ips).not.toContain('198.51.100.2');

      const page1 = (await get('/player/logs?page=1&pageSize=2', token)).json();
      const page2 = (await get('/player/logs?page=2&pageSize=2', token)).json();
      expect(page1).toMatchObject({ page: 1, pageSize: 2, total: all.total });
      expect(page1.items).toEqual(all.items.slice(0, 2));
      expect(page2.items).toEqual(all.items.slice(2, 4));
      const beyond = (await get(`/player/logs?page=${all.total + 1}&pageSize=1`, token)).json();
      expect(beyond.items).toEqual([]);
      for (const q of ['page=0', 'pageSize=0', 'pageSize=201', 'page=abc']) {
        const bad = await get(`/player/logs?${q}`, token);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe(40000);
      }

      const out = await post('/player/logout', token, undefined);
      expect(out.statusCode).toBe(200);
      const after = (await get('/player/logs', await tokenFor(server, 'demo2'))).json();
      expect(after.items[0].type).toBe(LogType.logoutSuccess);
    });
  });
});
