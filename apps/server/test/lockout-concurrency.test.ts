// Concurrent guesses cannot beat the lockout (PostgreSQL only: PGlite runs one statement at a
// time). Ten wrong passwords fired at once for one name must still count exactly three: the
// answers hold left_count 2 and 1 once each (a lost update would repeat one), everything else is
// 10702, three failures are logged and one lock started, and the right password is refused.
import { LogType } from '@reelcast/protocol/log-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../src/modules/auth/login-log';
import { login, startTestServer, type TestServer } from './support';

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
