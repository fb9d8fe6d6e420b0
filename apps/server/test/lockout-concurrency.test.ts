// Concurrent guesses cannot beat the lockout (PostgreSQL only: PGlite runs one statement at a
// time). Ten wrong passwords fired at once for one name must still count exactly three: the
// answers hold left_count 2 and 1 once each (a lost update would repeat one), everything else is
// 10702, three failures are logged and one lock started, and the right password is refused.
import { LogType } from '@reelcast/protocol/log-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../src/modules/auth/login-log';
import { type DbKind, login, startTestServer, type TestServer } from './support';

describe('lockout under concurrent guesses on postgres', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres', { LOGIN_RATE_PER_MINUTE: '1000' });
  });
  afterAll(() => server.close());

  it.each([
    ['a known name', 'demo'],
    ['an unknown name', 'ghost'],
  ])('10 concurrent wrong logins for %s count exactly 3', async (_label, username) => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(server, username, `wrong-${i}`).then((r) => r.json()),
      ),
    );
    const countdown = answers
      .filter((a) => a.code === 10700)
      .map((a) => a.Params.left_count)
      .sort();
    expect(countdown).toEqual([1, 2]);
    expect(answers.filter((a) => a.code === 10702)).toHaveLength(8);

    const db = server.services.database.db;
    expect(await loginLog.forLogin(db, username, LogType.loginFail)).toHaveLength(3);
    const blocked = await loginLog.forLogin(db, username, LogType.temporaryBlocked);
    expect(blocked.filter((e) => e.detail === 'too many failed attempts')).toHaveLength(1);
    expect(blocked.filter((e) => e.detail === 'refused while locked')).toHaveLength(7);

    expect((await login(server, username, 'demo1234')).json().code).toBe(10702);
  });
});

// A burst of nine wrong passwords and the right one, on both databases. Every attempt is counted
// before its password is checked, so once any answer said 10702 the right password cannot win a
// token any more, and the burst leaves the account locked whatever order the answers came in.
describe.each<DbKind>(['pglite', 'postgres'])(
  'lockout under a burst with the right password on %s',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '1000' });
    });
    afterAll(() => server.close());

    it('9 wrong and 1 right at once: no token after a 10702, and the account ends locked', async () => {
      // Completion order: each answer is pushed when it arrives.
      const arrived: Array<{ right: boolean; code: number; token: boolean }> = [];
      const attempt = (password: string, right: boolean) =>
        login(server, 'demo2', password).then((r) => {
          const body = r.json();
          arrived.push({
            right,
            code: body.code ?? r.statusCode,
            token: typeof body.token === 'string',
          });
        });
      await Promise.all([
        ...Array.from({ length: 9 }, (_, i) => attempt(`wrong-${i}`, false)),
        attempt('demo1234', true),
      ]);
      const firstLock = arrived.findIndex((a) => a.code === 10702);
      expect(firstLock).toBeGreaterThanOrEqual(0);
      expect(arrived.slice(firstLock).filter((a) => a.token)).toEqual([]);
      // Without a success in between, no more than LOCKOUT_ATTEMPTS failures were counted.
      const db = server.services.database.db;
      const failures = await loginLog.forLogin(db, 'demo2', LogType.loginFail);
      if (!arrived.some((a) => a.token)) expect(failures.length).toBeLessThanOrEqual(3);
      // Locked at the end: even the right password is refused and does not lift the lock.
      expect((await login(server, 'demo2', 'demo1234')).json().code).toBe(10702);
      expect((await login(server, 'demo2@reelcast.test', 'demo1234')).json().code).toBe(10702);
    });
  },
);
