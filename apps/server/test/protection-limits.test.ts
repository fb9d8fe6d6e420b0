// Player protection's limits on the server, with a clock the test moves: each money limit exactly
// at and one cent over (nothing moves on a refusal), net loss lowered by what comes back, the
// cooling-off of a looser limit, the session-time limit's warning and end with the credits
// returned, and the reality-check interval.
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock';
import { callAs, playerRow, startTestServer, type TestServer, tokenFor } from './support';

const DAY_MS = 24 * 3600 * 1000;

describe('player protection: limits', () => {
  let server: TestServer & { clock: ManualClock };
  let demo: number;
  let token: string;

  beforeEach(async () => {
    const clock = new ManualClock();
    const started = await startTestServer(
      'pglite',
      // No idle close while the clock runs for minutes: the limits are what is tested.
      { SESSION_IDLE_MS: String(DAY_MS) },
      undefined,
      undefined,
      { clock },
    );
    server = { ...started, clock };
    demo = (await playerRow(server, 'demo')).id;
    token = await tokenFor(server, 'demo');
  });
  afterEach(() => server.close());

  const setLimit = (kind: string, period: string, amount: number | null) =>
    callAs(server, token, 'PUT', '/player/limits', { kind, period, amount });
  type Limit = { kind: string; period: string; amount: number | null; used: number };
  const limitOf = (body: { limits: Limit[] }, kind: string, period = 'day') =>
    body.limits.find((l) => l.kind === kind && l.period === period);
  const balance = () => server.services.ledger.balance(demo);

  it('a daily cash-in limit: exactly at it passes, one cent over is refused and nothing moves', async () => {
    const { sessions, floor } = server.services;
    expect((await setLimit('cash_in', 'day', 500)).status).toBe(200);
    const session = await sessions.open(demo, 1);
    const before = await balance();
    await expect(sessions.transfer(session.id, 501, 'over-first')).rejects.toMatchObject({
      code: 40230,
      params: { kind: 'cash_in', context: 'day', amount: '5.00', left: '5.00', leftCents: 500 },
    });
    expect(await balance()).toBe(before);
    await sessions.transfer(session.id, 300, 'at-1');
    await sessions.transfer(session.id, 200, 'at-2');
    expect(await balance()).toBe(before - 500);
    const refused = sessions.transfer(session.id, 1, 'over-1');
    await expect(refused).rejects.toMatchObject({
      code: 40230,
      message: 'Your daily limit of 5.00 is reached: 0.00 left',
      params: { left: '0.00', leftCents: 0 },
    });
    expect(await balance()).toBe(before - 500);
    expect(floor.agent(1)!.state().credits).toBe(500);
    // A retry of a transfer that landed is answered as before, not refused.
    expect((await sessions.transfer(session.id, 200, 'at-2')).balance).toBe(before - 500);
    const { body } = await callAs(server, token, 'GET', '/player/limits');
    expect(limitOf(body, 'cash_in')).toMatchObject({ amount: 500, used: 500, pending: null });
  });

  it('a net-loss limit counts what came back: a cash-out makes room again', async () => {
    const { sessions } = server.services;
    await setLimit('net_loss', 'day', 1_000);
    const session = await sessions.open(demo, 2);
    await sessions.transfer(session.id, 800, 'loss-1');
    await expect(sessions.transfer(session.id, 201, 'loss-over')).rejects.toMatchObject({
      code: 40230,
      params: { kind: 'net_loss', leftCents: 200 },
    });
    expect(await sessions.cashOut(session.id)).toBe(800);
    await sessions.transfer(session.id, 1_000, 'loss-at');
    await expect(sessions.transfer(session.id, 1, 'loss-cent')).rejects.toMatchObject({
      code: 40230,
      params: { kind: 'net_loss', leftCents: 0 },
    });
    const { body } = await callAs(server, token, 'GET', '/player/limits');
    expect(limitOf(body, 'net_loss')?.used).toBe(1_000);
  });

  it('a tighter limit applies at once; a looser one waits 24 h, shown as pending', async () => {
    const { sessions } = server.services;
    await setLimit('cash_in', 'day', 500);
    const session = await sessions.open(demo, 3);
    await sessions.transfer(session.id, 500, 'cool-1');
    const loosened = await setLimit('cash_in', 'day', 1_000);
    const effectiveAt = new Date(server.clock.now() + DAY_MS).toISOString();
    expect(limitOf(loosened.body, 'cash_in')).toMatchObject({
      amount: 500,
      pending: { amount: 1_000, effectiveAt },
    });
    // Still the old limit until the cooling-off is over.
    await expect(sessions.transfer(session.id, 1, 'cool-2')).rejects.toMatchObject({ code: 40230 });
    await server.clock.advance(DAY_MS - 1_000);
    await expect(sessions.transfer(session.id, 1, 'cool-3')).rejects.toMatchObject({ code: 40230 });
    await server.clock.advance(1_000);
    const after = await callAs(server, token, 'GET', '/player/limits');
    expect(limitOf(after.body, 'cash_in')).toMatchObject({ amount: 1_000, pending: null });
    // The ledger's day is the database's: the 5.00 moved still counts against the 10.00.
    await sessions.transfer(session.id, 500, 'cool-4');
    await expect(sessions.transfer(session.id, 1, 'cool-5')).rejects.toMatchObject({
      code: 40230,
      params: { amount: '10.00' },
    });
    // Tightening calls off a loosening that waits, at once.
    await setLimit('cash_in', 'week', 2_000);
    await setLimit('cash_in', 'week', null);
    const tightened = await setLimit('cash_in', 'week', 1_500);
    expect(
      tightened.body.limits.find(
        (l: { period: string; kind: string }) => l.kind === 'cash_in' && l.period === 'week',
      ),
    ).toMatchObject({ amount: 1_500, pending: null });
  });

  it('removing a limit waits 24 h too', async () => {
    await setLimit('deposit', 'day', 1_000);
    const removed = await setLimit('deposit', 'day', null);
    expect(limitOf(removed.body, 'deposit')).toMatchObject({
      amount: 1_000,
      pending: { amount: null },
    });
    await server.clock.advance(DAY_MS);
    const { body } = await callAs(server, token, 'GET', '/player/limits');
    expect(limitOf(body, 'deposit')).toMatchObject({ amount: null, pending: null });
  });

  it('the session-time limit warns 5 minutes before, then closes the session with its credits returned', async () => {
    const { sessions } = server.services;
    const seen: InfoNotification[] = [];
    sessions.on('info', (_s, info) => seen.push(info));
    await setLimit('session_time', 'day', 10);
    const before = await balance();
    const session = await sessions.open(demo, 4);
    await sessions.transfer(session.id, 2_500, 'time-1');
    const closed = new Promise<string>((resolve) =>
      sessions.once('closed', (_s, reason) => resolve(reason)),
    );
    await server.clock.advance(5 * 60_000 - 1_000);
    expect(seen).toEqual([]);
    await server.clock.advance(1_000);
    expect(seen).toEqual([
      expect.objectContaining({ code: 18830, params: expect.objectContaining({ minutes: 5 }) }),
    ]);
    await server.clock.advance(5 * 60_000);
    expect(await closed).toBe('time-limit');
    expect(seen.at(-1)).toMatchObject({
      code: 40231,
      action: 'CLOSE_SESSION',
      params: { context: 'day', minutes: 10 },
    });
    expect(await balance()).toBe(before);
    expect(server.services.floor.agent(4)!.state().credits).toBe(0);
  });

  it('a new seat is refused (40231) once the day’s session time is used up', async () => {
    await setLimit('session_time', 'day', 10);
    // Eleven minutes played earlier today, as the slot sessions record them.
    await server.services.database.db.execute(
      sql`insert into slot_sessions (player_id, machine_id, status, opened_at, closed_at)
          values (${demo}, 5, 'closed', now() - interval '11 minutes', now())`,
    );
    await expect(server.services.playGuard.checkJoin(demo)).rejects.toMatchObject({
      code: 40231,
    });
    const { body } = await callAs(server, token, 'GET', '/player/limits');
    expect(limitOf(body, 'session_time')?.used).toBe(11);
  });

  it('keeps the reality-check interval and refuses one not offered', async () => {
    expect(
      (await callAs(server, token, 'PUT', '/player/reality-check', { minutes: 30 })).status,
    ).toBe(200);
    expect((await callAs(server, token, 'GET', '/player/limits')).body.realityCheckMinutes).toBe(
      30,
    );
    const bad = await callAs(server, token, 'PUT', '/player/reality-check', { minutes: 20 });
    expect(bad).toMatchObject({ status: 400, body: { code: 40000 } });
    const tooLong = await setLimit('session_time', 'day', 50_000);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});
