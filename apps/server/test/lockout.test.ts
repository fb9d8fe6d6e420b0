// GLI-19 §2.5.3 lockout through POST /login, on PGlite and on the local PostgreSQL: the 10700
// countdown, the 10702 lock and its end, and unknown names that answer exactly like real ones.
import { LogType } from '@reelcast/protocol/log-types';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../src/db/schema';
import { loginLog } from '../src/modules/auth/login-log';
import { type DbKind, login, playerRow, startTestServer, type TestServer } from './support';

const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });

const wrong = (left: number, blockTime = 15) => ({
  status: 401,
  body: {
    ErrorMessage: `Wrong username or password, remaining attempts ${left}, block time ${blockTime} minutes`,
    code: 10700,
    Params: { left_count: left, block_time: blockTime },
  },
});
const locked = (blockTime = 15) => ({
  status: 403,
  body: {
    ErrorMessage: 'Account protected due to too many false attempts',
    code: 10702,
    Params: { block_time: blockTime },
  },
});

describe.each<DbKind>(['pglite', 'postgres'])('lockout on %s', (kind) => {
  describe('with the default policy (3 attempts, 15 minutes)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '1000' });
    });
    afterAll(() => server.close());

    it('counts down 2, 1, locks on the 3rd failure, then refuses even the right password', async () => {
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(answer(await login(server, 'demo', `wrong-${i}`)));
      seen.push(answer(await login(server, 'demo', 'demo1234')));
      expect(seen).toEqual([wrong(2), wrong(1), locked(), locked()]);
      // Another spelling of the same name shares the counter.
      expect(answer(await login(server, 'DEMO', 'demo1234'))).toEqual(locked());
      // Other players are not affected.
      expect((await login(server, 'demo2', 'demo1234')).statusCode).toBe(200);
    });

    it('logs the failures, the lock and the refusals against the player', async () => {
      const id = (await playerRow(server, 'demo')).id;
      const entries = await loginLog.forLogin(server.services.database.db, 'demo');
      expect(entries.map((e) => [e.type, e.detail, e.playerId])).toEqual([
        [LogType.loginFail, 'wrong password', id],
        [LogType.loginFail, 'wrong password', id],
        [LogType.loginFail, 'wrong password', id],
        [LogType.temporaryBlocked, 'too many failed attempts', id],
        [LogType.temporaryBlocked, 'refused while locked', id],
        // 'DEMO' shares the counter but names no player (usernames are case-sensitive).
        [LogType.temporaryBlocked, 'refused while locked', null],
      ]);
    });

    it('answers an unknown name exactly like a known one: same codes, params and statuses', async () => {
      const sequence = async (username: string) => {
        const seen = [];
        for (let i = 0; i < 4; i++) seen.push(answer(await login(server, username, `bad-${i}`)));
        seen.push(answer(await login(server, username, 'demo1234')));
        return seen;
      };
      const known = await sequence('demo2');
      const unknown = await sequence('no-such-player');
      expect(unknown).toEqual(known);
      expect(known).toEqual([wrong(2), wrong(1), locked(), locked(), locked()]);
      // The unknown name is counted and locked in the same table, with no player behind it.
      const entries = await loginLog.forLogin(server.services.database.db, 'no-such-player');
      expect(entries.map((e) => e.type)).toEqual([
        LogType.loginFail,
        LogType.loginFail,
        LogType.loginFail,
        LogType.temporaryBlocked,
        LogType.temporaryBlocked,
        LogType.temporaryBlocked,
      ]);
      expect(entries.every((e) => e.playerId === null)).toBe(true);
    });

    it('the username and the e-mail of one account share one counter', async () => {
      expect(answer(await login(server, 'demo0', 'wrong-0'))).toEqual(wrong(2));
      expect(answer(await login(server, 'demo0', 'wrong-1'))).toEqual(wrong(1));
      expect(answer(await login(server, 'demo0@reelcast.test', 'wrong-2'))).toEqual(locked());
      expect(answer(await login(server, 'demo0', 'demo1234'))).toEqual(locked());
      expect(answer(await login(server, 'Demo0@Reelcast.test', 'demo1234'))).toEqual(locked());
    });

    it('a success forgets earlier failures', async () => {
      const staff = 'staff';
      expect(answer(await login(server, staff, 'nope-1'))).toEqual(wrong(2));
      expect(answer(await login(server, staff, 'nope-2'))).toEqual(wrong(1));
      expect((await login(server, staff, 'staff1234')).statusCode).toBe(200);
      expect(answer(await login(server, staff, 'nope-3'))).toEqual(wrong(2));
      expect((await login(server, staff, 'staff1234')).statusCode).toBe(200);
    });
  });

  describe('with a 1-minute lock and a 2-minute window', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, {
        LOGIN_RATE_PER_MINUTE: '1000',
        LOCKOUT_BLOCK_MINUTES: '1',
        LOCKOUT_WINDOW_MINUTES: '2',
      });
    });
    afterAll(() => server.close());

    /**
     * The lockout reads its times from the database clock, which a test cannot set: instead the
     * name's recorded times move back by `seconds`, which is the same as that time passing for it.
     */
    async function timePasses(username: string, seconds: number): Promise<void> {
      const key = `player:${(await playerRow(server, username)).id}`;
      const back = sql`${seconds}::double precision * interval '1 second'`;
      await server.services.database.db
        .update(loginAttempts)
        .set({
          windowStartedAt: sql`${loginAttempts.windowStartedAt} - ${back}`,
          lockedUntil: sql`${loginAttempts.lockedUntil} - ${back}`,
        })
        .where(eq(loginAttempts.login, key));
    }

    it('unlocks after block_time: the right password works again, a wrong one counts from 2', async () => {
      for (let i = 0; i < 2; i++) await login(server, 'demo', `wrong-${i}`);
      expect(answer(await login(server, 'demo', 'wrong-2'))).toEqual(locked(1));
      expect(answer(await login(server, 'demo', 'demo1234'))).toEqual(locked(1));
      await timePasses('demo', 50);
      expect(answer(await login(server, 'demo', 'demo1234'))).toEqual(locked(1));
      await timePasses('demo', 10);
      expect(answer(await login(server, 'demo', 'wrong-3'))).toEqual(wrong(2, 1));
      expect((await login(server, 'demo', 'demo1234')).statusCode).toBe(200);
    });

    it('failures older than the window are forgotten', async () => {
      expect(answer(await login(server, 'demo2', 'wrong-0'))).toEqual(wrong(2, 1));
      expect(answer(await login(server, 'demo2', 'wrong-1'))).toEqual(wrong(1, 1));
      await timePasses('demo2', 120);
      expect(answer(await login(server, 'demo2', 'wrong-2'))).toEqual(wrong(2, 1));
    });
  });
});
