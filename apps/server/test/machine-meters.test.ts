// A machine's SAS meters survive a server restart, like a cabinet's NVRAM, and keep reconciling
// with the ledger: Σ Cash In − (Σ Cash Out + Σ Hand Pay) = coinIn − coinOut − handPaid + credits.
// Credits and a hand pay put back after the restart are not counted again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MachineMeters } from '@reelcast/protocol/floor';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { readFloorFile } from '../src/db/floor-file';
import { seedIfEmpty } from '../src/db/seed';
import type { MachineAgent } from '../src/modules/floor/agent';
import { Floor } from '../src/modules/floor/floor';
import { MeterStore, meterRepository } from '../src/modules/floor/meter-store';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { lobbyRepository } from '../src/modules/lobby/repository';
import { Ledger } from '../src/modules/wallet/ledger';
import {
  createPostgresDatabase,
  type DbKind,
  playerRow,
  startTestServer,
  type TestServer,
  tokenFor,
} from './support';

const MACHINE = 5;
const HAND_PAY_LIMIT = 100_000;

/** A server on the given data: a PGlite directory or a PostgreSQL database, kept across boots. */
const boot = (where: { dataDir: string } | { databaseUrl: string }): Promise<TestServer> =>
  startTestServer(
    'dataDir' in where ? 'pglite' : 'postgres',
    {
      HAND_PAY_LIMIT: String(HAND_PAY_LIMIT),
      // Nobody is connected: the sessions must outlive the test, not close on their grace period.
      SESSION_GRACE_MS: String(3_600_000),
    },
    undefined,
    where,
  );

async function play(agent: MachineAgent): Promise<void> {
  let done = () => {};
  const ended = new Promise<void>((resolve) => {
    done = resolve;
  });
  agent.on('game-ended', done);
  expect(await agent.press('spin')).toBe(true);
  await ended;
  agent.off('game-ended', done);
}

/** The identity an operator reconciles with, from the ledger's side and the machine's. */
async function expectReconciled(server: TestServer, meters: MachineMeters) {
  const ledger = await meterRepository.ledgerTotals(server.services.database.db, MACHINE);
  expect(ledger.cashIn - (ledger.cashOut + ledger.handPay)).toBe(
    meters.coinIn - meters.coinOut - meters.handPaid + meters.currentCredits,
  );
  // The machine's own: every cent moved on or off it by transfer is played or still on it.
  expect(meters.transferredIn - meters.transferredOut).toBe(
    meters.coinIn - meters.coinOut + meters.currentCredits,
  );
  expect(meters.jackpot - meters.handPaid).toBe(
    server.services.floor.agent(MACHINE)!.pendingHandPay()?.amount ?? 0,
  );
  return ledger;
}

async function metersAcrossARestart(kind: DbKind) {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const where = pg
    ? { databaseUrl: pg.url }
    : { dataDir: mkdtempSync(path.join(tmpdir(), 'reelcast-meters-')) };
  try {
    const first = await boot(where);
    const demo = (await playerRow(first, 'demo')).id;
    const sessions = first.services.sessions;
    const agent = first.services.floor.agent(MACHINE)!;
    const egm = (agent as SimulatedAgent).egm;
    const session = await sessions.open(demo, MACHINE);
    await sessions.transfer(session.id, 5_000, 'meters-1');
    await play(agent);
    await play(agent);
    // A hand pay, paid by the attendant to the wallet.
    egm.awardProgressive(150_000);
    await sessions.resetHandPay(MACHINE, 'attendant');
    await play(agent);
    await sessions.cashOut(session.id);
    await sessions.transfer(session.id, 2_000, 'meters-2');
    await play(agent);
    // Left for the restart: credits on the machine and a hand pay waiting for an attendant.
    egm.awardProgressive(110_000);
    const before = agent.meters();
    expect(before).toMatchObject({ gamesPlayed: 4, transferredOut: expect.any(Number) });
    expect(before.currentCredits).toBeGreaterThan(0);
    expect(before.jackpot - before.handPaid).toBe(110_000);
    await expectReconciled(first, before);
    await first.close();

    const second = await boot(where);
    try {
      const restarted = second.services.floor.agent(MACHINE)!;
      // (a) the meters carry on from where they were, (c) the credits and the hand pay put back
      // were not counted again: no new transfer to the machine, no second jackpot.
      expect(restarted.meters()).toEqual(before);
      expect(restarted.state()).toMatchObject({
        credits: before.currentCredits,
        status: 'handpay',
      });
      expect(await meterRepository.byMachine(second.services.database.db, MACHINE)).toEqual(before);
      await expectReconciled(second, restarted.meters());

      // And they go on counting: the hand pay is paid, a game played, the credits cashed out.
      await second.services.sessions.resetHandPay(MACHINE, 'attendant');
      await play(restarted);
      await second.services.sessions.cashOut(session.id);
      const after = restarted.meters();
      expect(after).toMatchObject({
        gamesPlayed: 5,
        transferredIn: before.transferredIn,
        handPaid: before.handPaid + 110_000,
        currentCredits: 0,
      });
      const ledger = await expectReconciled(second, after);
      expect(ledger).toEqual({ cashIn: 7_000, cashOut: after.transferredOut, handPay: 260_000 });

      // Staff see the same figures to reconcile with; a player may not.
      const staff = await second.app.inject({
        method: 'GET',
        url: `/staff/machines/${MACHINE}/meters`,
        headers: { authorization: `Bearer ${await tokenFor(second, 'staff')}` },
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.json()).toMatchObject({ machineId: MACHINE, meters: after, ledger });
      const player = await second.app.inject({
        method: 'GET',
        url: `/staff/machines/${MACHINE}/meters`,
        headers: { authorization: `Bearer ${await tokenFor(second, 'demo')}` },
      });
      expect(player.statusCode).toBe(403);
      const unknown = await second.app.inject({
        method: 'GET',
        url: '/staff/machines/9999/meters',
        headers: { authorization: `Bearer ${await tokenFor(second, 'staff')}` },
      });
      expect(unknown.json().code).toBe(40400);
    } finally {
      await second.close();
    }
  } finally {
    await pg?.drop();
  }
}

describe('machine meters across a restart', () => {
  it(
    'carry on and reconcile with the ledger on PGlite',
    () => metersAcrossARestart('pglite'),
    60_000,
  );
  it(
    'carry on and reconcile with the ledger on PostgreSQL',
    () => metersAcrossARestart('postgres'),
    60_000,
  );
});

describe('machine meters mirror', () => {
  it('writes changes outside a slot session by shutdown, and not mid-game', async () => {
    const database = await openDatabase({});
    try {
      await seedIfEmpty(database.db, new Ledger(database.db), readFloorFile(), { demo: true });
      const machines = await lobbyRepository.machines(database.db);
      const floor = new Floor(
        machines.map((m) => ({ id: m.id, game: m.game })),
        1,
      );
      // A window longer than the test: only flush() can write.
      const store = new MeterStore(database.db, floor, 3_600_000);
      const agent = floor.agent(MACHINE)!;
      const egm = (agent as SimulatedAgent).egm;
      egm.awardProgressive(500);
      egm.awardProgressive(700);
      const settled = agent.meters();
      expect(await agent.press('spin')).toBe(true);
      // Mid-game the bet is metered, but a restart would void the game: the settled meters are
      // what is saved.
      await store.flush();
      floor.stop();
      expect(await meterRepository.byMachine(database.db, MACHINE)).toEqual(settled);
      expect(settled).toMatchObject({ progressive: 1_200, coinOut: 1_200, currentCredits: 1_200 });
      expect(await meterRepository.byMachine(database.db, MACHINE + 1)).toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe('machine meters when another instance took the machine meanwhile (#19)', () => {
  it('carry on from what that instance saved, not from what this one had, and reconcile', async () => {
    const pg = await createPostgresDatabase();
    const servers: TestServer[] = [];
    try {
      const where = { databaseUrl: pg.url };
      // Both up before any play: the second's cabinet starts from the meters as they were then.
      const first = await boot(where);
      servers.push(first);
      const second = await boot(where);
      servers.push(second);
      const demo = (await playerRow(first, 'demo')).id;

      // The first instance runs machine 5 for a while, then lets it go with a session open and
      // credits on it (its lease lapsed); the second takes it on.
      const one = first.services.sessions;
      const session = await one.open(demo, MACHINE);
      await one.transfer(session.id, 5_000, 'takeover-1');
      await play(first.services.floor.agent(MACHINE)!);
      await one.cashOut(session.id);
      await one.transfer(session.id, 1_500, 'takeover-2');
      const left = first.services.floor.agent(MACHINE)!.meters();
      expect(left.gamesPlayed).toBe(1);
      one.disown(MACHINE);
      await second.services.sessions.adopt([MACHINE]);

      const cabinet = second.services.floor.agent(MACHINE)!;
      expect(cabinet.meters()).toEqual(left);
      expect(second.services.sessions.openSessionsOf(demo)).toEqual([
        { session: expect.objectContaining({ id: session.id }), credits: 1_500 },
      ]);
      // Play goes on there: what it writes counts on from the first instance's meters.
      await play(cabinet);
      await second.services.sessions.close(session.id, 'player');
      const after = cabinet.meters();
      expect(after).toMatchObject({ gamesPlayed: 2, transferredIn: 6_500, currentCredits: 0 });
      await expectReconciled(second, after);
      expect(await meterRepository.byMachine(second.services.database.db, MACHINE)).toEqual(after);

      // And back again with no session open: the first instance's cabinet, which still had its
      // own older meters and the 1,500 credits, takes the saved ones and no credits.
      second.services.sessions.disown(MACHINE);
      await first.services.sessions.adopt([MACHINE]);
      expect(first.services.floor.agent(MACHINE)!.meters()).toEqual(after);
      expect(first.services.floor.agent(MACHINE)!.state().credits).toBe(0);
    } finally {
      for (const s of servers.reverse()) await s.close();
      await pg.drop();
    }
  }, 60_000);
});
