// Staff two-factor sign-in: enrolment (a secret and its otpauth URI, on once a first code confirms
// it), then POST /login asks that account for a code, takes a right one once, and counts a wrong
// one like a wrong password, to the lockout; every failed staff sign-in is in the audit log.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from './console-support';
import { callAs, login, startTestServer, type TestServer } from './support';

/** The code the authenticator shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A code that is not the right one now, nor one step either side. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s)));
  let code = 0;
  while (near.includes(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

const signIn = (server: TestServer, otp?: string, password = 'staff1234') =>
  server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: 'cashier', password, site_id: 0, ...(otp ? { otp } : {}) },
  });

describe('staff two-factor sign-in', () => {
  let server: TestServer;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      LOCKOUT_ATTEMPTS: '3',
      LOGIN_RATE_PER_MINUTE: '1000',
    });
  });
  afterAll(() => server?.close());

  it('enrols a secret for the authenticator app, on once a first code from it is right', async () => {
    const res = await signIn(server);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const enrol = await callAs(server, token, 'POST', '/staff/two-factor/enrol');
    expect(enrol.status).toBe(200);
    secret = enrol.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol.body.uri).toBe(`otpauth://totp/Reelcast:cashier?secret=${secret}&issuer=Reelcast`);
    // Not on until confirmed: the sign-in still asks no code.
    expect((await callAs(server, token, 'GET', '/staff/me')).body.twoFactor).toBe(false);
    expect((await signIn(server)).statusCode).toBe(200);

    const wrong = await callAs(server, token, 'POST', '/staff/two-factor/confirm', {
      code: await wrongCode(secret),
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 10707]);
    const right = await callAs(server, token, 'POST', '/staff/two-factor/confirm', {
      code: await codeAt(secret),
    });
    expect(right).toMatchObject({ status: 200, body: { twoFactor: true } });
    expect((await callAs(server, token, 'GET', '/staff/me')).body.twoFactor).toBe(true);
    // On is on: a new secret only after an admin's reset.
    expect((await callAs(server, token, 'POST', '/staff/two-factor/enrol')).status).toBe(409);
    const actions = (await auditRows(server)).map((r) => [r.actor, r.action, r.outcome]);
    expect(actions).toContainEqual(['cashier', 'two-factor enrol', 'done']);
    expect(actions).toContainEqual(['cashier', 'two-factor on', 'done']);
    // The secret is in no entry.
    expect(JSON.stringify(await auditRows(server))).not.toContain(secret);
  });

  it('asks for the code, takes a right one once and counts wrong ones to the lockout', async () => {
    const before = (await auditRows(server)).length;
    const none = await signIn(server);
    expect([none.statusCode, none.json().code]).toEqual([401, 10706]);
    // A wrong password is still a wrong password, code or not.
    const badPassword = await signIn(server, await codeAt(secret, 1), 'not-the-password');
    expect(badPassword.json()).toMatchObject({ code: 10700, Params: { left_count: 2 } });

    // The code of the next step: the one of this step was used by the confirmation.
    const next = await codeAt(secret, 1);
    const ok = await signIn(server, next);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));

    // The same code again is refused, counted from a clean slate (the success reset it).
    const replay = await signIn(server, next);
    expect(replay.json()).toMatchObject({ code: 10707, Params: { left_count: 2 } });
    const wrong = await signIn(server, await wrongCode(secret));
    expect(wrong.json()).toMatchObject({ code: 10707, Params: { left_count: 1 } });
    const locked = await signIn(server, await wrongCode(secret));
    expect([locked.statusCode, locked.json().code]).toEqual([403, 10702]);
    // Locked: even the right code and password are refused now.
    expect((await signIn(server, await codeAt(secret, 1))).json().code).toBe(10702);

    const failed = (await auditRows(server))
      .slice(before)
      .filter((r) => r.action === 'sign-in' && r.outcome === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(5);
    expect(failed.every((r) => r.actor === 'cashier' && r.actorRole === 'cashier')).toBe(true);
    expect(failed.map((r) => (r.after as { detail: string }).detail)).toContain(
      'wrong two-factor code',
    );
  });

  it("leaves a player's sign-in as it was: no code is asked and no audit entry made", async () => {
    const before = (await auditRows(server)).length;
    expect((await login(server, 'demo', 'demo1234')).statusCode).toBe(200);
    expect((await login(server, 'demo', 'wrong-password')).statusCode).toBe(401);
    expect((await auditRows(server)).length).toBe(before);
  });
});
