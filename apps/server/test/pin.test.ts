// The PIN of the idle lock: stored as an argon2id hash, checked by the server with an attempt
// limit (POST /player/pin/verify), never sent to the client in any form it could be recovered
// from; plain PINs of an older database are hashed at start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  type DbKind,
  login,
  playerRow,
  startTestServer,
  type TestServer,
  tokenFor,
} from './support';

/** What login, validate and the account changes answer as pin_code: a flag, no PIN in it. */
const PIN_CODE_MARKER = 'server';
const ATTEMPTS = 5;
const env = { LOGIN_RATE_PER_MINUTE: '10000' };

/** Every column of the player's row, as stored. */
async function storedRow(server: TestServer, username: string): Promise<Record<string, unknown>> {
  const result = (await server.services.database.db.execute(
    sql`select * from players where username = ${username}`,
  )) as unknown as { rows?: Record<string, unknown>[] } & Record<string, unknown>[];
  return (result.rows ?? result)[0]!;
}

function expectNoPlainPin(row: Record<string, unknown>, pin: string) {
  for (const [column, value] of Object.entries(row)) {
    expect(String(value), column).not.toBe(pin);
  }
  expect(String(row.pin_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
}

describe.each<DbKind>(['pglite', 'postgres'])('PIN on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, env);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const verify = (token: string, pin: string) => call(token, 'POST', '/player/pin/verify', { pin });

  it('is stored as an argon2id hash and no answer carries it', async () => {
    expectNoPlainPin(await storedRow(server, 'demo'), '1234');
    const signIn = await login(server, 'demo', 'demo1234');
    expect(signIn.json().pin_code).toBe(PIN_CODE_MARKER);
    const token = signIn.json().token;
    const validated = await call(token, 'GET', '/validate');
    expect(validated.body.pin_code).toBe(PIN_CODE_MARKER);
    const profile = await call(validated.body.token, 'GET', '/player/profile');
    expect(profile.body).not.toHaveProperty('default_pin');
    expect(profile.body.pin_is_default).toBe(true);
    expect(JSON.stringify(profile.body)).not.toContain('1234');
  });

  it('is verified by the server; a right PIN resets the count of wrong ones', async () => {
    const token = await tokenFor(server, 'demo2');
    expect((await verify(token, '1234')).body).toMatchObject({
      code: 20000,
      valid: true,
      signed_out: false,
      attempts_left: ATTEMPTS,
    });
    for (let i = 1; i < ATTEMPTS; i++) {
      expect((await verify(token, '9999')).body).toMatchObject({
        valid: false,
        signed_out: false,
        attempts_left: ATTEMPTS - i,
      });
    }
    expect((await verify(token, '1234')).body).toMatchObject({
      valid: true,
      attempts_left: ATTEMPTS,
    });
    expect((await verify(token, '0000')).body.attempts_left).toBe(ATTEMPTS - 1);
    await verify(token, '1234');
  });

  it('ends the sign-in at the 5th wrong PIN in a row; the next sign-in starts over', async () => {
    const signIn = await login(server, 'demo0', 'demo1234');
    const token = signIn.json().token;
    for (let i = 1; i < ATTEMPTS; i++) await verify(token, '1111');
    const last = await verify(token, '1111');
    expect(last.body).toMatchObject({ valid: false, signed_out: true, attempts_left: 0 });
    expect((await call(token, 'GET', '/player/profile')).status).toBe(401);
    expect((await verify(token, '1234')).status).toBe(401);

    // A new sign-in (the password again, a second later than the lock) counts afresh. Tokens
    // carry whole seconds and the lock the database's time: the lock moves a second back instead
    // of the test waiting one out.
    await server.services.database.db.execute(
      sql`update players set pin_locked_at = pin_locked_at - interval '1 second' where username = 'demo0'`,
    );
    const again = (await login(server, 'demo0', 'demo1234')).json().token;
    expect((await verify(again, '1234')).body).toMatchObject({
      valid: true,
      attempts_left: ATTEMPTS,
    });
  });

  it('a burst of guesses at once gets no more than the limit checked', async () => {
    const token = (await login(server, 'nomenu', 'demo1234')).json().token;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify(token, String(5000 + i))),
    );
    const checkedWrong = answers.filter((a) => a.status === 200 && a.body.valid === false);
    expect(checkedWrong.filter((a) => !a.body.signed_out).length).toBeLessThanOrEqual(ATTEMPTS - 1);
    expect(answers.some((a) => a.body.signed_out === true)).toBe(true);
    expect(answers.every((a) => a.body.valid !== true)).toBe(true);
    expect((await call(token, 'GET', '/player/profile')).status).toBe(401);
  });

  it('a changed PIN is stored hashed and is the one verified', async () => {
    const token = await tokenFor(server, 'staff');
    const changed = await call(token, 'POST', '/player/pin', {
      password: 'staff1234',
      pin: '864209',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.pin_code).toBe(PIN_CODE_MARKER);
    expectNoPlainPin(await storedRow(server, 'staff'), '864209');
    expect((await verify(token, '864209')).body.valid).toBe(true);
    expect((await verify(token, '1234')).body.valid).toBe(false);
    expect((await call(token, 'GET', '/player/profile')).body.pin_is_default).toBe(false);
    await verify(token, '864209');
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('plain PINs of an older database on %s', (kind) => {
  it('are hashed at the next start', async () => {
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    const on = pg
      ? { databaseUrl: pg.url }
      : { dataDir: mkdtempSync(path.join(tmpdir(), 'reelcast-pin-')) };
    try {
      const first = await startTestServer(kind, env, undefined, on);
      // As an older version stored it.
      await first.services.database.db.execute(
        sql`update players set pin_hash = '4321' where username = 'demo'`,
      );
      await first.close();
      const second = await startTestServer(kind, env, undefined, on);
      try {
        expectNoPlainPin(await storedRow(second, 'demo'), '4321');
        const token = await tokenFor(second, 'demo');
        const res = await second.app.inject({
          method: 'POST',
          url: '/player/pin/verify',
          headers: { authorization: `Bearer ${token}` },
          payload: { pin: '4321' },
        });
        expect(res.json()).toMatchObject({ valid: true });
        expect((await playerRow(second, 'demo')).username).toBe('demo');
      } finally {
        await second.close();
      }
    } finally {
      await pg?.drop();
    }
  });
});
