// Time-outs and self-exclusion, the deposit limit and the history export, with a clock the test
// moves: a break ends every open session with the credits back in the wallet, signs the player out
// and refuses sign-in with 10705 until it ends; staff see it and cannot shorten it. Operator
// deposits stop at the deposit limit (the claims are no deposits). The CSV holds the range's
// transactions and sessions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock';
import { callAs, login, playerRow, startTestServer, type TestServer, tokenFor } from './support';

const DAY_MS = 24 * 3600 * 1000;

describe('player protection: breaks, deposits and the export', () => {
  let server: TestServer & { clock: ManualClock };
  let demo: number;

  beforeEach(async () => {
    const clock = new ManualClock();
    const started = await startTestServer(
      'pglite',
      { SESSION_IDLE_MS: String(DAY_MS), MAX_SEATS_PER_PLAYER: '2' },
      undefined,
      undefined,
      { clock },
    );
    server = { ...started, clock };
    demo = (await playerRow(server, 'demo')).id;
  });
  afterEach(() => server.close());

  it('a 24 h time-out ends open sessions with the money intact, signs out and refuses sign-in until it ends', async () => {
    const { sessions, ledger, floor } = server.services;
    const token = await tokenFor(server, 'demo');
    const first = await sessions.open(demo, 1);
    const second = await sessions.open(demo, 2);
    await sessions.transfer(first.id, 1_500, 'break-1');
    await sessions.transfer(second.id, 700, 'break-2');
    const total = (await ledger.balance(demo)) + 1_500 + 700;
    const reasons: string[] = [];
    sessions.on('closed', (_s, reason) => reasons.push(reason));

    const answer = await callAs(server, token, 'POST', '/player/exclusion', {
      choice: 'timeout-24h',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.exclusion).toMatchObject({ kind: 'time-out' });
    expect(reasons).toEqual(['excluded', 'excluded']);
    expect(await ledger.balance(demo)).toBe(total);
    expect(floor.agent(1)!.state().credits + floor.agent(2)!.state().credits).toBe(0);
    expect(sessions.openSessionsOf(demo)).toEqual([]);

    // Signed out: the token no longer works, and a sign-in says until when.
    expect((await callAs(server, token, 'GET', '/player/balance')).status).toBe(401);
    const refused = await login(server, 'demo', 'demo1234');
    const endsAt = new Date(server.clock.now() + DAY_MS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 10705,
      Params: { until: endsAt.toISOString() },
    });
    expect(refused.json().ErrorMessage).toBe(
      `Your account is closed to play until ${endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    // Nor can money be moved onto a machine meanwhile, by any way in.
    await expect(server.services.playGuard.checkJoin(demo)).rejects.toMatchObject({ code: 10705 });

    // Another player plays on.
    expect((await login(server, 'demo2', 'demo1234')).statusCode).toBe(200);

    await server.clock.advance(DAY_MS - 60_000);
    expect((await login(server, 'demo', 'demo1234')).json().code).toBe(10705);
    await server.clock.advance(60_000);
    expect((await login(server, 'demo', 'demo1234')).statusCode).toBe(200);
  });

  it('staff see a self-exclusion and have no way to shorten it; a permanent one has no end', async () => {
    const token = await tokenFor(server, 'demo');
    const staff = await tokenFor(server, 'staff');
    await callAs(server, token, 'POST', '/player/exclusion', { choice: 'exclusion-permanent' });
    const seen = await callAs(server, staff, 'GET', `/staff/players/${demo}/protection`);
    expect(seen.status).toBe(200);
    expect(seen.body.exclusions).toEqual([
      expect.objectContaining({ kind: 'self-exclusion', endsAt: null }),
    ]);
    // A player may not read another's, nor use the staff view.
    const other = await tokenFor(server, 'demo2');
    expect((await callAs(server, other, 'GET', `/staff/players/${demo}/protection`)).status).toBe(
      403,
    );
    await server.clock.advance(10 * 365 * DAY_MS);
    const refused = await login(server, 'demo', 'demo1234');
    expect(refused.json()).toMatchObject({ code: 10705, Params: { context: 'permanent' } });
  });

  it('operator deposits stop at the deposit limit, exactly at it and one cent over', async () => {
    const token = await tokenFor(server, 'demo');
    const staff = await tokenFor(server, 'staff');
    await callAs(server, token, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      amount: 1_000,
    });
    const deposit = (amount: number, key: string) =>
      callAs(server, staff, 'POST', '/staff/deposit', {
        username: 'demo',
        amount,
        idempotencyKey: `deposit-limit-${key}`,
        reason: 'test',
      });
    const before = await server.services.ledger.balance(demo);
    expect((await deposit(600, 'a')).status).toBe(200);
    expect((await deposit(401, 'b')).body).toMatchObject({
      code: 40230,
      Params: { kind: 'deposit', leftCents: 400 },
    });
    expect((await deposit(400, 'c')).status).toBe(200);
    expect((await deposit(1, 'd')).body).toMatchObject({ code: 40230, Params: { leftCents: 0 } });
    // A retry of a deposit that landed answers as before.
    expect((await deposit(400, 'c')).body).toMatchObject({ applied: false });
    expect(await server.services.ledger.balance(demo)).toBe(before + 1_000);
    // Withdrawals are not limited.
    const withdraw = await callAs(server, staff, 'POST', '/staff/withdraw', {
      username: 'demo',
      amount: 100,
      idempotencyKey: 'deposit-limit-w',
      reason: 'test',
    });
    expect(withdraw.status).toBe(200);
  });

  it('exports the range’s transactions and slot sessions as CSV, 12 months at most', async () => {
    const { sessions } = server.services;
    const token = await tokenFor(server, 'demo');
    const session = await sessions.open(demo, 3);
    await sessions.transfer(session.id, 250, 'csv-1');
    await sessions.close(session.id, 'player');
    const today = new Date().toISOString().slice(0, 10);
    const res = await server.app.inject({
      method: 'GET',
      url: `/player/account-history.csv?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^record,id,time,type,amount,balance_after/);
    expect(lines.some((l) => /^transaction,\d+,[^,]+,Cash In,-2\.50,/.test(l))).toBe(true);
    expect(lines.some((l) => /^transaction,\d+,[^,]+,Cash Out,2\.50,/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith(`slot_session,${session.id},`))).toBe(true);
    const tooLong = await callAs(
      server,
      token,
      'GET',
      '/player/account-history.csv?from=2025-01-01&to=2026-01-02',
    );
    expect(tooLong).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});
