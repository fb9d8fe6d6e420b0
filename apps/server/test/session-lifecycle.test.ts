// The slot-session lifecycle with a clock the test drives: idle warnings in order, cash-out on
// close, the disconnection grace period, resume after a restart, 50100 on a closed session, the
// staff QUIT_REQUEST, and the spins recorded for game recall.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slotSessions } from '../src/db/schema';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import type { Services } from '../src/services';
import { ManualClock } from './manual-clock';
import { playerRow, startTestServer, type TestServer, tokenFor } from './support';

const IDLE_MS = 60_000;
const GRACE_MS = 120_000;
/** §9 COUNTDOWN_START's default: the settings file may change it. */
const COUNTDOWN = 10;

/** A server as main.ts builds it, on its clock; on `dataDir`'s data to restart on it. */
async function boot(
  dataDir?: string,
  env: Record<string, string> = {},
): Promise<TestServer & { clock: ManualClock }> {
  const clock = new ManualClock();
  const server = await startTestServer(
    'pglite',
    {
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      SESSION_IDLE_MS: String(IDLE_MS),
      SESSION_GRACE_MS: String(GRACE_MS),
      ...env,
    },
    undefined,
    dataDir ? { dataDir } : undefined,
    { clock },
  );
  return { ...server, clock };
}

function collectInfo(services: Services): InfoNotification[] {
  const seen: InfoNotification[] = [];
  services.sessions.on('info', (_session, info) => seen.push(info));
  return seen;
}

const closedOnce = (services: Services) =>
  new Promise<string>((resolve) =>
    services.sessions.once('closed', (_s, reason) => resolve(reason)),
  );

async function sessionRow(services: Services, id: number) {
  const [row] = await services.database.db
    .select()
    .from(slotSessions)
    .where(eq(slotSessions.id, id));
  return row!;
}

describe('slot session lifecycle', () => {
  let server: TestServer & { clock: ManualClock };
  let demo: number;

  beforeEach(async () => {
    server = await boot();
    demo = (await playerRow(server, 'demo')).id;
  });
  afterEach(() => server.close());

  it('warns 18800 from 10 down to 1 without credits, then 18801 CLOSE_SESSION and closes', async () => {
    const { services, clock } = server;
    const seen = collectInfo(services);
    const session = await services.sessions.open(demo, 1);
    await clock.advance(IDLE_MS - 1);
    expect(seen).toEqual([]);
    await clock.advance(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      code: 18800,
      params: { count: 10 },
      action: 'SESSION_CLOSE_WARNING',
      message: 'You have 10 seconds left to deposit funds',
    });
    const closed = closedOnce(services);
    await clock.advance(COUNTDOWN * 1000);
    expect(seen.map((i) => i.params.count ?? i.code)).toEqual([
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 18801,
    ]);
    expect(seen.at(-1)).toMatchObject({ code: 18801, action: 'CLOSE_SESSION' });
    expect(await closed).toBe('idle');
    const row = await sessionRow(services, session.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'idle' });
  });

  it('with credits warns 18802 and the close cashes the credits out to the wallet', async () => {
    const { services, clock } = server;
    const seen = collectInfo(services);
    const before = await services.ledger.balance(demo);
    const session = await services.sessions.open(demo, 2);
    await services.sessions.transfer(session.id, 2_500, 'lifecycle-1');
    expect(await services.ledger.balance(demo)).toBe(before - 2_500);
    const closed = closedOnce(services);
    await clock.advance(IDLE_MS);
    expect(seen[0]).toMatchObject({ code: 18802, params: { count: 10 } });
    await clock.advance(COUNTDOWN * 1000);
    await closed;
    expect(await services.ledger.balance(demo)).toBe(before);
    expect(services.floor.agent(2)!.state().credits).toBe(0);
    // A money request on the closed session is refused with 50100, and nothing moves.
    await expect(services.sessions.transfer(session.id, 100)).rejects.toMatchObject({
      code: 50100,
    });
    await expect(services.sessions.cashOut(session.id)).rejects.toMatchObject({ code: 50100 });
    expect(await services.ledger.balance(demo)).toBe(before);
  });

  it('activity resets the idle time and calls off a running countdown', async () => {
    const { services, clock } = server;
    const seen = collectInfo(services);
    const session = await services.sessions.open(demo, 3);
    await clock.advance(IDLE_MS - 1000);
    services.sessions.activity(session.id);
    await clock.advance(IDLE_MS - 1000);
    expect(seen).toEqual([]);
    await clock.advance(1000 + 3000);
    expect(seen.map((i) => i.params.count)).toEqual([10, 9, 8, 7]);
    // A transfer is activity too.
    await services.sessions.transfer(session.id, 100, 'lifecycle-2');
    await clock.advance(IDLE_MS - 1);
    expect(seen).toHaveLength(4);
    expect(services.sessions.sessionOf(session.id)).not.toBeNull();
  });

  it('a player back within the grace period resumes the same session; after it, cash-out and close', async () => {
    const { services, clock } = server;
    const before = await services.ledger.balance(demo);
    const first = await services.sessions.open(demo, 4);
    await services.sessions.transfer(first.id, 3_000, 'lifecycle-3');
    services.sessions.detach(first.id);
    // No warnings while nobody is connected: the grace period governs.
    const seen = collectInfo(services);
    await clock.advance(GRACE_MS - 1);
    const again = await services.sessions.open(demo, 4);
    expect(again.id).toBe(first.id);
    expect(services.floor.agent(4)!.state().credits).toBe(3_000);
    expect(seen).toEqual([]);

    services.sessions.detach(again.id);
    const closed = closedOnce(services);
    await clock.advance(GRACE_MS);
    expect(await closed).toBe('disconnected');
    expect(await services.ledger.balance(demo)).toBe(before);
    expect((await sessionRow(services, first.id)).closeReason).toBe('disconnected');
  });

  it('staff remove the player with QUIT_REQUEST and a safe cash-out; a player may not', async () => {
    const { services, app } = server;
    const seen = collectInfo(services);
    const before = await services.ledger.balance(demo);
    const session = await services.sessions.open(demo, 5);
    await services.sessions.transfer(session.id, 1_200, 'lifecycle-4');
    const asPlayer = await app.inject({
      method: 'POST',
      url: '/staff/quit-session',
      headers: { authorization: `Bearer ${await tokenFor(server, 'demo')}` },
      payload: { machineId: 5 },
    });
    expect(asPlayer.statusCode).toBe(403);
    const asStaff = await app.inject({
      method: 'POST',
      url: '/staff/quit-session',
      headers: { authorization: `Bearer ${await tokenFor(server, 'staff')}` },
      payload: { machineId: 5 },
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toEqual({ sessionId: session.id, cashedOut: 1_200 });
    expect(seen).toEqual([expect.objectContaining({ code: 18801, action: 'QUIT_REQUEST' })]);
    expect(await services.ledger.balance(demo)).toBe(before);
    const nobody = await app.inject({
      method: 'POST',
      url: '/staff/quit-session',
      headers: { authorization: `Bearer ${await tokenFor(server, 'staff')}` },
      payload: { machineId: 5 },
    });
    expect(nobody.json().code).toBe(40400);
  });
});

describe('slot sessions across a restart', () => {
  it('an open session comes back with its credits and the player resumes it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-restart-'));
    const first = await boot(dataDir);
    const demo = (await playerRow(first, 'demo')).id;
    const session = await first.services.sessions.open(demo, 6);
    await first.services.sessions.transfer(session.id, 4_200, 'restart-1');
    const balance = await first.services.ledger.balance(demo);
    await first.close();

    const second = await boot(dataDir);
    try {
      expect(second.services.floor.agent(6)!.state().credits).toBe(4_200);
      expect(second.services.sessions.openSessionsOf(demo)).toEqual([
        { session: expect.objectContaining({ id: session.id }), credits: 4_200 },
      ]);
      const open = await second.app.inject({
        method: 'GET',
        url: '/player/slot-sessions/open',
        headers: { authorization: `Bearer ${await tokenFor(second, 'demo')}` },
      });
      expect(open.json()).toEqual([
        expect.objectContaining({
          id: session.id,
          machineId: 6,
          machineStatus: 'waiting',
          credits: 4_200,
        }),
      ]);
      const resumed = await second.services.sessions.open(demo, 6);
      expect(resumed.id).toBe(session.id);
      expect(await second.services.ledger.balance(demo)).toBe(balance);
      // Nobody came back in time: the credits return to the wallet.
      second.services.sessions.detach(resumed.id);
      const closed = closedOnce(second.services);
      await second.clock.advance(GRACE_MS);
      await closed;
      expect(await second.services.ledger.balance(demo)).toBe(balance + 4_200);
    } finally {
      await second.close();
    }
  });

  it('a hand pay pending at the restart is still owed, and paid once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-restart-'));
    const first = await boot(dataDir);
    const demo = (await playerRow(first, 'demo')).id;
    const session = await first.services.sessions.open(demo, 5);
    await first.services.sessions.transfer(session.id, 1_000, 'restart-hp');
    // A progressive over the hand-pay limit locks the machine for an attendant.
    (first.services.floor.agent(5) as SimulatedAgent).egm.awardProgressive(150_000);
    const pending = first.services.floor.agent(5)!.pendingHandPay()!;
    expect(pending.amount).toBe(150_000);
    // The record is written as the lock happens; wait for it before the "crash".
    await expect
      .poll(async () => {
        const [row] = await first.services.database.db
          .select()
          .from(slotSessions)
          .where(eq(slotSessions.id, session.id));
        return row?.handPay;
      })
      .toBe(150_000);
    const balance = await first.services.ledger.balance(demo);
    await first.close();

    const second = await boot(dataDir);
    try {
      const agent = second.services.floor.agent(5)!;
      expect(agent.state().status).toBe('handpay');
      expect(agent.state().credits).toBe(1_000);
      // Same hand pay, same id: a payment made just before the crash could not be made twice.
      expect(agent.pendingHandPay()).toEqual(pending);
      const paid = await second.services.sessions.resetHandPay(5, 'attendant');
      expect(paid.amount).toBe(150_000);
      expect(await second.services.ledger.balance(demo)).toBe(balance + 150_000);
      await expect(second.services.sessions.resetHandPay(5, 'attendant')).rejects.toMatchObject({
        code: 40930,
      });
      expect(await second.services.ledger.balance(demo)).toBe(balance + 150_000);
    } finally {
      await second.close();
    }
  });
});

describe('game recall', () => {
  let server: TestServer & { clock: ManualClock };
  beforeEach(async () => {
    server = await boot();
  });
  afterEach(() => server.close());

  it('records each spin with stops and credits, and lists only the player’s own sessions', async () => {
    const { services, app } = server;
    const demo = (await playerRow(server, 'demo')).id;
    const session = await services.sessions.open(demo, 7);
    await services.sessions.transfer(session.id, 5_000, 'recall-1');
    const agent = services.floor.agent(7)!;
    const ended = new Promise<void>((resolve) => {
      const done = () => {
        agent.off('game-ended', done);
        resolve();
      };
      agent.on('game-ended', done);
    });
    expect(await agent.press('spin')).toBe(true);
    await ended;
    await services.sessions.close(session.id, 'player');

    const auth = { authorization: `Bearer ${await tokenFor(server, 'demo')}` };
    const list = await app.inject({ method: 'GET', url: '/player/slot-sessions', headers: auth });
    expect(list.statusCode).toBe(200);
    const summary = list.json().items[0];
    expect(summary).toMatchObject({
      id: session.id,
      machineId: 7,
      status: 'closed',
      cashIn: 5_000,
      gamesPlayed: 1,
      closeReason: 'player',
    });
    expect(summary.cashOut).toBe(5_000 - summary.totalBet + summary.totalWon);
    expect(summary.result).toBe(summary.cashOut - summary.cashIn);

    const recall = await app.inject({
      method: 'GET',
      url: `/player/slot-sessions/${session.id}/spins`,
      headers: auth,
    });
    expect(recall.statusCode).toBe(200);
    const [spin] = recall.json().items;
    expect(spin.creditsBefore).toBe(5_000);
    expect(spin.creditsAfter).toBe(5_000 - spin.bet + spin.win);
    expect(spin.stops).toHaveLength(spin.grid.length);
    expect(spin.grid[0].length).toBeGreaterThan(0);

    const other = { authorization: `Bearer ${await tokenFor(server, 'demo2')}` };
    const theirs = await app.inject({
      method: 'GET',
      url: `/player/slot-sessions/${session.id}/spins`,
      headers: other,
    });
    // Another player's session is answered exactly like a missing one (ids cannot be probed).
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 40400]);
    expect(
      (await app.inject({ method: 'GET', url: '/player/slot-sessions', headers: other })).json()
        .total,
    ).toBe(0);
    const missing = await app.inject({
      method: 'GET',
      url: '/player/slot-sessions/99999/spins',
      headers: auth,
    });
    expect(missing.json().code).toBe(40400);
  });
});

describe('the countdown follows the settings (§9 COUNTDOWN_START)', () => {
  it('counts down from the settings file, read again at each countdown', async () => {
    const settingsFile = path.join(
      mkdtempSync(path.join(tmpdir(), 'reelcast-settings-')),
      's.json',
    );
    writeFileSync(settingsFile, JSON.stringify({ COUNTDOWN_START: 3 }));
    const server = await boot(undefined, { SETTINGS_FILE: settingsFile });
    try {
      const { services, clock } = server;
      const demo = (await playerRow(server, 'demo')).id;
      const seen = collectInfo(services);
      await services.sessions.open(demo, 1);
      const closed = closedOnce(services);
      await clock.advance(IDLE_MS + 3_000);
      expect(seen.map((i) => i.params.count ?? i.code)).toEqual([3, 2, 1, 18801]);
      await closed;

      // An edit applies to the next countdown, without a restart.
      writeFileSync(settingsFile, JSON.stringify({ COUNTDOWN_START: 12 }));
      seen.length = 0;
      await services.sessions.open(demo, 1);
      await clock.advance(IDLE_MS);
      expect(seen[0]).toMatchObject({ code: 18800, params: { count: 12 } });
    } finally {
      await server.close();
    }
  });
});
