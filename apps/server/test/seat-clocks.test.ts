// The seats' clocks outlive the instance that ran them (issue #19): a dropped player's grace end
// is written to the session's row and the next instance to hold the machine closes the seat at
// that end, not a whole grace period later; a connected player's idle end is written a few
// seconds behind at most, not at every press; an instance that lets a machine go leaves its
// session open with its credits for the next owner to adopt; and of two instances that both
// hold one seat and close it at once, the credits reach the wallet once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slotSessions } from '../src/db/schema';
import { sessionsRepository } from '../src/modules/sessions/repository';
import type { Services } from '../src/services';
import { ManualClock, settle } from './manual-clock';
import {
  createPostgresDatabase,
  type DbKind,
  playerRow,
  startTestServer,
  type TestServer,
} from './support';

const IDLE_MS = 60_000;
const GRACE_MS = 120_000;
const env = { SESSION_IDLE_MS: String(IDLE_MS), SESSION_GRACE_MS: String(GRACE_MS) };

type Booted = TestServer & { clock: ManualClock };
const servers: Booted[] = [];

/** A server on its own clock; on `on`'s data (a PGlite directory, a database) to share it. */
async function boot(
  clock = new ManualClock(),
  on?: { dataDir: string } | { databaseUrl: string },
  kind: DbKind = 'pglite',
): Promise<Booted> {
  const dataDir: Record<string, string> = on && 'dataDir' in on ? { DATA_DIR: on.dataDir } : {};
  const server = await startTestServer(kind, { ...env, ...dataDir }, undefined, on, { clock });
  const booted = { ...server, clock };
  servers.push(booted);
  return booted;
}

afterEach(async () => {
  vi.restoreAllMocks();
  // The last one started first: a server on another's database closes before that one drops it.
  for (const s of servers.splice(0).reverse()) await s.close();
});

async function sessionRow(services: Services, id: number) {
  const [row] = await services.database.db
    .select()
    .from(slotSessions)
    .where(eq(slotSessions.id, id));
  return row!;
}

/** The row's clocks in ms (null: not running), once the writes under way have landed. */
async function clocksOf(services: Services, id: number) {
  await settle();
  const row = await sessionRow(services, id);
  return { grace: row.graceEndsAt?.getTime() ?? null, idle: row.idleEndsAt?.getTime() ?? null };
}

const closedOnce = (services: Services) =>
  new Promise<string>((resolve) =>
    services.sessions.once('closed', (_s, reason) => resolve(reason)),
  );

describe('a dropped player’s grace period on the next instance', () => {
  /** A player with 42.00 on machine 6 drops; the instance goes; another starts `awayMs` later. */
  async function dropThenRestart(awayMs: number) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-clocks-'));
    const first = await boot(new ManualClock(), { dataDir });
    const demo = (await playerRow(first, 'demo')).id;
    const session = await first.services.sessions.open(demo, 6);
    await first.services.sessions.transfer(session.id, 4_200, 'clocks-1');
    const balance = await first.services.ledger.balance(demo);
    first.services.sessions.detach(session.id);
    const graceEnd = first.clock.now() + GRACE_MS;
    // Written as the grace period starts; the idle period of a player gone is over.
    await expect
      .poll(() => clocksOf(first.services, session.id))
      .toEqual({
        grace: graceEnd,
        idle: null,
      });
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const clock = new ManualClock();
    await clock.advance(awayMs);
    const second = await boot(clock, { dataDir });
    const closed = closedOnce(second.services);
    return { second, session, demo, balance, graceEnd, closed };
  }

  it('ends at the end written down, not a whole grace period after the next start', async () => {
    const { second, session, demo, balance, graceEnd, closed } = await dropThenRestart(90_000);
    const { services, clock } = second;
    expect(services.sessions.openSessionsOf(demo)).toEqual([
      { session: expect.objectContaining({ id: session.id }), credits: 4_200 },
    ]);
    expect(graceEnd - clock.now()).toBeLessThan(GRACE_MS - 60_000);
    await clock.advance(graceEnd - clock.now() - 1);
    expect(services.sessions.sessionOnMachine(6)?.id).toBe(session.id);
    expect((await sessionRow(services, session.id)).status).toBe('open');
    await clock.advance(1);
    expect(await closed).toBe('disconnected');
    expect(await services.ledger.balance(demo)).toBe(balance + 4_200);
    expect(await sessionRow(services, session.id)).toMatchObject({
      status: 'closed',
      closeReason: 'disconnected',
      graceEndsAt: null,
      idleEndsAt: null,
    });
  });

  it('one that ran out while no instance held the seat ends at once, the credits paid', async () => {
    const { second, session, demo, balance, closed } = await dropThenRestart(GRACE_MS + 60_000);
    await second.clock.advance(0);
    expect(await closed).toBe('disconnected');
    expect(await second.services.ledger.balance(demo)).toBe(balance + 4_200);
    expect((await sessionRow(second.services, session.id)).status).toBe('closed');
  });

  it('a player connected when the instance went gets a whole grace period, written down', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-clocks-'));
    const first = await boot(new ManualClock(), { dataDir });
    const demo = (await playerRow(first, 'demo')).id;
    const session = await first.services.sessions.open(demo, 7);
    await expect
      .poll(async () => (await clocksOf(first.services, session.id)).idle)
      .toBe(first.clock.now() + IDLE_MS);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await boot(new ManualClock(), { dataDir });
    const { services, clock } = second;
    const graceEnd = clock.now() + GRACE_MS;
    // Another instance taking over from this one would count on from here.
    await expect
      .poll(() => clocksOf(services, session.id))
      .toEqual({
        grace: graceEnd,
        idle: null,
      });
    const closed = closedOnce(services);
    await clock.advance(GRACE_MS - 1);
    expect(services.sessions.sessionOnMachine(7)?.id).toBe(session.id);
    await clock.advance(1);
    expect(await closed).toBe('disconnected');
  });
});

describe('a connected player’s idle end', () => {
  it('is written as play goes on, a few seconds behind at most, not at every press', async () => {
    const server = await boot();
    const { services, clock } = server;
    const demo = (await playerRow(server, 'demo')).id;
    const session = await services.sessions.open(demo, 1);
    await expect
      .poll(async () => (await clocksOf(services, session.id)).idle)
      .toBe(clock.now() + IDLE_MS);
    const writes = vi.spyOn(sessionsRepository, 'setClocks');
    // 50 presses over 10 s, each given the time to be written before the next.
    for (let i = 0; i < 50; i++) {
      await clock.advance(200);
      services.sessions.activity(session.id);
      await settle();
    }
    const idleEnd = clock.now() + IDLE_MS;
    // The last end written is less than 5 s behind the real one (and never ahead of it).
    await expect
      .poll(async () => idleEnd - (await clocksOf(services, session.id)).idle!)
      .toBeLessThan(5_000);
    expect((await clocksOf(services, session.id)).idle).toBeLessThanOrEqual(idleEnd);
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(2);

    // The player drops: the idle end goes and the grace end comes, together.
    writes.mockClear();
    services.sessions.detach(session.id);
    await expect
      .poll(() => clocksOf(services, session.id))
      .toEqual({
        grace: clock.now() + GRACE_MS,
        idle: null,
      });
    expect(writes).toHaveBeenCalledTimes(1);
    // Back within it: the grace period is over, the idle one runs again.
    await clock.advance(10_000);
    await services.sessions.open(demo, 1);
    await expect
      .poll(() => clocksOf(services, session.id))
      .toEqual({
        grace: null,
        idle: clock.now() + IDLE_MS,
      });
  });
});

describe('an instance that lets a machine go', () => {
  it('leaves its session open with its credits; adopting it brings the seat back', async () => {
    const server = await boot();
    const { services, clock } = server;
    const demo = (await playerRow(server, 'demo')).id;
    const session = await services.sessions.open(demo, 3);
    await services.sessions.transfer(session.id, 2_500, 'clocks-disown');
    const balance = await services.ledger.balance(demo);
    const statuses: number[] = [];
    services.sessions.on('status', (machineId) => statuses.push(machineId));
    const closes: string[] = [];
    services.sessions.on('closed', (_s, reason) => closes.push(reason));

    services.sessions.disown(3);
    expect(statuses).toEqual([3]);
    expect(services.sessions.sessionOnMachine(3)).toBeNull();
    expect(services.sessions.openSessionsOf(demo)).toEqual([]);
    // No clock of it runs here any more: nothing closes it, nothing is paid out.
    await clock.advance(IDLE_MS + GRACE_MS * 2);
    expect(closes).toEqual([]);
    expect(await sessionRow(services, session.id)).toMatchObject({
      status: 'open',
      credits: 2_500,
    });
    expect(await services.ledger.balance(demo)).toBe(balance);
    expect(services.floor.agent(3)!.state().credits).toBe(2_500);

    await services.sessions.adopt([3]);
    // Taken on once, however often asked.
    await services.sessions.adopt([3]);
    await services.sessions.adopt();
    expect(services.sessions.openSessionsOf(demo)).toEqual([
      { session: expect.objectContaining({ id: session.id }), credits: 2_500 },
    ]);
    // Its player was connected when the machine was let go: a whole grace period.
    const closed = closedOnce(services);
    await clock.advance(GRACE_MS - 1);
    expect(closes).toEqual([]);
    await clock.advance(1);
    expect(await closed).toBe('disconnected');
    expect(await services.ledger.balance(demo)).toBe(balance + 2_500);
  });
});

describe('two instances holding one seat', () => {
  it('close it at once: the credits reach the wallet once, the later close finds it gone', async () => {
    const db = await createPostgresDatabase();
    try {
      const first = await boot(new ManualClock(), { databaseUrl: db.url }, 'postgres');
      const demo = (await playerRow(first, 'demo')).id;
      const session = await first.services.sessions.open(demo, 4);
      await first.services.sessions.transfer(session.id, 3_000, 'clocks-twice');
      const balance = await first.services.ledger.balance(demo);
      // Another instance takes the seat on while this one still runs it (a lease lost unnoticed).
      const second = await boot(new ManualClock(), { databaseUrl: db.url }, 'postgres');
      expect(second.services.sessions.openSessionsOf(demo)).toEqual([
        { session: expect.objectContaining({ id: session.id }), credits: 3_000 },
      ]);
      const reasons: string[] = [];
      second.services.sessions.on('closed', (_s, reason) => reasons.push(reason));

      const paid = await Promise.all([
        first.services.sessions.close(session.id, 'player'),
        second.services.sessions.close(session.id, 'quit'),
      ]);
      expect(paid.sort()).toEqual([0, 3_000]);
      expect(await first.services.ledger.balance(demo)).toBe(balance + 3_000);
      const row = await sessionRow(first.services, session.id);
      expect(row.status).toBe('closed');
      // Gone on both: the one that did not close it heard the other's reason.
      expect(reasons).toEqual([row.closeReason]);
      expect(first.services.sessions.sessionOnMachine(4)).toBeNull();
      expect(second.services.sessions.sessionOnMachine(4)).toBeNull();
      // A Cash Out asked of either afterwards finds no session (50100) and moves nothing.
      await expect(second.services.sessions.cashOut(session.id)).rejects.toMatchObject({
        code: 50100,
      });
      expect(await first.services.ledger.balance(demo)).toBe(balance + 3_000);
    } finally {
      for (const s of servers.splice(0).reverse()) await s.close();
      await db.drop();
    }
  });
});
