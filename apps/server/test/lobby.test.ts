// The lobby: live machine statuses, reservations, progressive jackpots, kick and cancel.
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFloorFile } from '../src/db/floor-file';
import { jackpots, ledgerEntries, machines } from '../src/db/schema';
import { loginLog } from '../src/modules/auth/login-log';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { jackpotRepository } from '../src/modules/lobby/jackpot-repository';
import { MICROS } from '../src/modules/lobby/jackpots';
import { callAs, type DbKind, playerRow, startTestServer, tokenFor } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

async function setUp(env: Record<string, string> = {}, kind: DbKind = 'pglite') {
  const server = await startTestServer(kind, env);
  const demo = await playerRow(server, 'demo');
  const demo2 = await playerRow(server, 'demo2');
  const tokens = { demo: await tokenFor(server, 'demo'), demo2: await tokenFor(server, 'demo2') };
  const call = (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callAs(server, tokens[who], method, url, payload);
  const statusOf = async (machineId: number, who: keyof typeof tokens = 'demo') =>
    (await call(who, 'GET', `/machine/${machineId}`)).body.status as string;
  // Every lobby push, as the /notice namespace would send it.
  const lobbyPushes = vi.spyOn(server.services.notice, 'toLobby');
  const toPlayer = vi.spyOn(server.services.notice, 'toPlayer');
  const pushedStatuses = (machineId: number) =>
    lobbyPushes.mock.calls
      .flatMap(([event, payload]) => (event === 'lobby-update' ? (payload as Json).machines : []))
      .filter((change: Json) => change.id === machineId)
      .map((change: Json) => change.status);
  return { server, demo, demo2, tokens, call, statusOf, lobbyPushes, toPlayer, pushedStatuses };
}

describe('machine statuses', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ SESSION_GRACE_MS: '300' });
  });
  afterAll(() => t.server.close());

  it('follow a slot session: available → playing → waiting during the grace → available', async () => {
    const { server, demo } = t;
    expect(await t.statusOf(1)).toBe('available');

    const session = await server.services.sessions.open(demo.id, 1);
    expect(await t.statusOf(1, 'demo2')).toBe('playing');

    server.services.sessions.detach(session.id);
    expect(await t.statusOf(1, 'demo2')).toBe('waiting');

    await expect.poll(() => t.statusOf(1, 'demo2'), { timeout: 5000 }).toBe('available');
    // Each change was pushed to every lobby as it happened.
    await expect
      .poll(() => t.pushedStatuses(1), { timeout: 2000 })
      .toEqual(['playing', 'waiting', 'available']);
  });

  it('is not available while the cabinet is faulted or the machine is disabled', async () => {
    const { server } = t;
    const agent = server.services.floor.agent(2) as SimulatedAgent;
    agent.egm.tilt('door open');
    expect(await t.statusOf(2)).toBe('not_available');
    await expect.poll(() => t.pushedStatuses(2).at(-1), { timeout: 2000 }).toBe('not_available');
    agent.egm.clearTilt();
    expect(await t.statusOf(2)).toBe('available');

    // As the back office's switch does (staff/machine-enabled.ts): the write, then the lobby told.
    await server.services.database.db
      .update(machines)
      .set({ enabled: false })
      .where(eq(machines.id, 3));
    server.services.lobby.machineChanged(3);
    expect(await t.statusOf(3)).toBe('not_available');
    const all = (await t.call('demo', 'GET', '/machine/all')).body as Json[];
    expect(all.find((m) => m.id === 3).status).toBe('not_available');
    await server.services.database.db
      .update(machines)
      .set({ enabled: true })
      .where(eq(machines.id, 3));
    server.services.lobby.machineChanged(3);
  });

  it('answers brands with their machine counts and jackpot strings', async () => {
    const brands = (await t.call('demo', 'GET', '/machine/brands')).body as Json[];
    expect(brands.map((b) => b.machineCount).reduce((a, b) => a + b, 0)).toBe(
      readFloorFile().machines.length,
    );
    for (const b of brands) expect(b.jackpot).toBe('100000,20000,2000');
  });
});

describe('reservations', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ RESERVATION_SECONDS: '1' });
  });
  afterAll(() => t.server.close());

  it('hold a machine for one player, keep others out, and lapse by themselves', async () => {
    const { server, demo2 } = t;
    const held = await t.call('demo', 'POST', '/player/reserve', { machineId: 4 });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ code: 20000, machineId: 4, expiresAt: expect.any(String) });

    const mine = (await t.call('demo', 'GET', '/machine/4')).body;
    expect(mine).toMatchObject({ status: 'reserved', reservation: { mine: true } });
    const theirs = (await t.call('demo2', 'GET', '/machine/4')).body;
    expect(theirs).toMatchObject({ status: 'reserved', reservation: { mine: false } });
    await expect.poll(() => t.pushedStatuses(4).at(-1), { timeout: 2000 }).toBe('reserved');

    // Another player can neither join nor reserve it.
    await expect(server.services.sessions.open(demo2.id, 4)).rejects.toMatchObject({
      code: 40921,
    });
    const refused = await t.call('demo2', 'POST', '/player/reserve', { machineId: 4 });
    expect(refused).toMatchObject({ status: 409, body: { code: 40921 } });

    // It lapses on its own and the lobby is told.
    await expect.poll(() => t.statusOf(4, 'demo2'), { timeout: 5000 }).toBe('available');
    await expect.poll(() => t.pushedStatuses(4).at(-1), { timeout: 2000 }).toBe('available');
    const session = await server.services.sessions.open(demo2.id, 4);
    await server.services.sessions.close(session.id, 'player');
  });

  it('lets the reserving player join, which uses the reservation up', async () => {
    const { server, demo } = t;
    await t.call('demo', 'POST', '/player/reserve', { machineId: 5 });
    const session = await server.services.sessions.open(demo.id, 5);
    expect(await t.statusOf(5, 'demo2')).toBe('playing');
    await expect
      .poll(async () => (await t.call('demo', 'GET', '/machine/5')).body.reservation, {
        timeout: 2000,
      })
      .toBeNull();
    // Only an available machine can be reserved.
    const busy = await t.call('demo2', 'POST', '/player/reserve', { machineId: 5 });
    expect(busy).toMatchObject({
      status: 409,
      body: { code: 40923, Params: { status: 'playing' } },
    });
    await server.services.sessions.close(session.id, 'player');
  });

  it('keeps one reservation per player and releases it on request', async () => {
    await t.call('demo', 'POST', '/player/reserve', { machineId: 6 });
    await t.call('demo', 'POST', '/player/reserve', { machineId: 7 });
    expect(await t.statusOf(6)).toBe('available');
    expect(await t.statusOf(7)).toBe('reserved');
    const all = (await t.call('demo', 'GET', '/machine/all')).body as Json[];
    expect(all.filter((m) => m.reservation).map((m) => m.id)).toEqual([7]);

    const released = await t.call('demo', 'POST', '/player/reserve/release');
    expect(released.body).toMatchObject({ code: 20000, machineId: 7 });
    expect(await t.statusOf(7)).toBe('available');
    expect((await t.call('demo', 'POST', '/player/reserve/release')).body.machineId).toBeNull();
  });

  it('refuses bad input with 40000 and an unknown machine with 40400', async () => {
    for (const payload of [{}, { machineId: 'x' }, { machineId: -1 }, { machineId: 1.5 }, 'nope']) {
      const res = await t.call('demo', 'POST', '/player/reserve', payload);
      // A body that is not JSON at all is refused for its type (415), still with 40000.
      expect(res.status).toBe(typeof payload === 'string' ? 415 : 400);
      expect(res.body.code).toBe(40000);
    }
    expect(await t.call('demo', 'POST', '/player/reserve', { machineId: 999 })).toMatchObject({
      status: 404,
      body: { code: 40400 },
    });
  });
});

describe('reservations on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({}, 'postgres');
  });
  afterAll(() => t.server.close());

  it('of one machine by two players at once: exactly one holds it', async () => {
    for (const machineId of [4, 5, 6]) {
      const answers = await Promise.all([
        t.call('demo', 'POST', '/player/reserve', { machineId }),
        t.call('demo2', 'POST', '/player/reserve', { machineId }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.code).toBe(40921);
      const winner = answers.findIndex((a) => a.status === 200) === 0 ? 'demo' : 'demo2';
      expect((await t.call(winner, 'GET', `/machine/${machineId}`)).body.reservation).toEqual({
        expiresAt: expect.any(String),
        mine: true,
      });
      await t.call(winner, 'POST', '/player/reserve/release');
    }
  });

  // The list's reservations are a prepared read with a time parameter, which PGlite and
  // PostgreSQL's driver take differently.
  it('shows in the lobby list, to the holder as theirs and to others as held', async () => {
    await t.call('demo', 'POST', '/player/reserve', { machineId: 7 });
    const reserved = async (who: 'demo' | 'demo2') =>
      ((await t.call(who, 'GET', '/machine/all')).body as Json[])
        .filter((m) => m.reservation)
        .map((m) => [m.id, m.status, (m.reservation as Json).mine]);
    expect(await reserved('demo')).toEqual([[7, 'reserved', true]]);
    expect(await reserved('demo2')).toEqual([[7, 'reserved', false]]);
    await t.call('demo', 'POST', '/player/reserve/release');
    expect(await reserved('demo')).toEqual([]);
  });
});

describe('progressive jackpots', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ JACKPOT_CONTRIBUTION: '0.1' });
  });
  afterAll(() => t.server.close());

  const levelsOf = async (machineId: number) => {
    const { db } = t.server.services.database;
    const [m] = await db.select().from(machines).where(eq(machines.id, machineId));
    return jackpotRepository.forBrand(db, m!.brandId!);
  };

  /** One game on the machine by the seated player, waited for until its jackpot work is done. */
  async function spin(machineId: number): Promise<number> {
    const agent = t.server.services.floor.agent(machineId) as SimulatedAgent;
    const bet = agent.state().bet;
    expect(await agent.press('spin')).toBe(true);
    await t.server.services.lobby.jackpots.settled();
    await expect.poll(() => agent.state().spinning, { timeout: 5000 }).toBe(false);
    return bet;
  }

  it('grow with every bet on the brand and are pushed to the lobby', async () => {
    const { server, demo } = t;
    const session = await server.services.sessions.open(demo.id, 1);
    await server.services.sessions.transfer(session.id, 5_000);
    const before = await levelsOf(1);

    const bet = await spin(1);

    const after = await levelsOf(1);
    for (const [i, level] of after.entries()) {
      expect(level.valueMicros - before[i]!.valueMicros).toBe(bet * 0.1 * MICROS);
    }
    const brandId = after[0]!.brandId;
    const expected = after.map((l) => Math.floor(l.valueMicros / MICROS)).join(',');
    const brands = (await t.call('demo2', 'GET', '/machine/brands')).body as Json[];
    expect(brands.find((b) => b.id === brandId).jackpot).toBe(expected);
    await expect
      .poll(
        () =>
          t.lobbyPushes.mock.calls.some(
            ([event, p]) =>
              event === 'lobby-update' &&
              (p as Json).jackpots.some(
                (j: Json) => j.brandId === brandId && j.jackpot === expected,
              ),
          ),
        { timeout: 3000 },
      )
      .toBe(true);
    await server.services.sessions.close(session.id, 'player');
  });

  it('pay a hit to the seated player as a JACKPOT entry, tell them, and reset to the seed', async () => {
    const { server, demo } = t;
    const { db } = server.services.database;
    const session = await server.services.sessions.open(demo.id, 2);
    await server.services.sessions.transfer(session.id, 5_000);
    const walletBefore = await server.services.ledger.balance(demo.id);
    // The hidden hit point of the smallest level is put just where the next game reaches it.
    const mini = (await levelsOf(2)).at(-1)!;
    const hitAt = Math.floor(mini.valueMicros / MICROS) + 1;
    await jackpotRepository.setHitAt(db, mini.id, hitAt);

    const bet = await spin(2);

    const won = Math.floor((mini.valueMicros + bet * 0.1 * MICROS) / MICROS);
    expect(won).toBeGreaterThanOrEqual(hitAt);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `jackpot:${mini.id}:1`));
    expect(entries).toEqual([
      expect.objectContaining({ type: 6, amount: won, playerId: demo.id, machineId: 2 }),
    ]);
    expect(await server.services.ledger.balance(demo.id)).toBe(walletBefore + won);
    const [reset] = await db.select().from(jackpots).where(eq(jackpots.id, mini.id));
    expect(Math.floor(reset!.valueMicros / MICROS)).toBe(mini.seedCents);
    expect(reset!.hits).toBe(1);
    expect(reset!.hitAtCents).toBeGreaterThan(mini.seedCents);
    expect(reset!.hitAtCents).toBeLessThanOrEqual(mini.mustHitByCents);
    expect(t.toPlayer).toHaveBeenCalledWith(
      demo.id,
      'jackpot-won',
      expect.objectContaining({ level: 'Mini', amount: won, machineId: 2 }),
    );
    // The other levels only grew.
    const others = (await levelsOf(2)).slice(0, -1);
    for (const level of others) expect(level.hits).toBe(0);
    await server.services.sessions.close(session.id, 'player');
  });
});

describe('kick and cancel', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await setUp();
    await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.server.app.server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}/machine`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.server.close();
  });

  function join(machineID: number, token: string): Promise<{ socket: Socket; ack: Json }> {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket
      .timeout(5000)
      .emitWithAck('init', { machineID, token })
      .then((ack) => ({ socket, ack }));
  }

  it('kick removes the player’s other connection and keeps the session and its credits', async () => {
    const { socket, ack } = await join(3, t.tokens.demo);
    expect(ack.code).toBe(20000);
    expect((await socket.timeout(5000).emitWithAck('transfer', { amount: 2_000 })).code).toBe(
      20000,
    );
    const told = new Promise<Json>((resolve) => socket.on('info', resolve));
    const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));

    // Another player cannot kick someone else's session.
    const refused = await t.call('demo2', 'POST', '/player/kick', { machineId: 3 });
    expect(refused).toMatchObject({ status: 409, body: { code: 40922 } });

    const res = await t.call('demo', 'POST', '/player/kick', { machineId: 3 });
    expect(res.body).toMatchObject({ code: 20000, machineId: 3, kicked: 1, status: 'waiting' });
    expect(await told).toMatchObject({ action: 'QUIT_REQUEST', code: 18810 });
    await closed;
    // §8 log type: the kick is in the player's login log.
    const log = await loginLog.page(t.server.services.database.db, t.demo.id, 5, 0);
    expect(log.items.map((e) => e.type)).toContain('kicked by player');

    // Continue: the same player joins again and finds the credits still there.
    const again = await join(3, t.tokens.demo);
    expect(again.ack).toMatchObject({ code: 20000, machine: { credits: 2_000 } });
    again.socket.disconnect();
  });

  it('cancel cashes the open session out to the wallet and frees the machine', async () => {
    const { server, demo } = t;
    const walletBefore = await server.services.ledger.balance(demo.id);
    const res = await t.call('demo', 'POST', '/player/cancel', { machineId: 3 });
    expect(res.body).toMatchObject({
      code: 20000,
      machineId: 3,
      amount: 2_000,
      balance: walletBefore + 2_000,
    });
    expect(await server.services.ledger.balance(demo.id)).toBe(walletBefore + 2_000);
    // The balance comes with the id of its ledger entry (the cash-out's), as /notice pushes it.
    const [latest] = await server.services.database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, demo.id))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    expect(res.body.seq).toBe(latest!.id);
    expect(await t.statusOf(3)).toBe('available');
    // The rejoin that follows a cancel opens a fresh session.
    const again = await join(3, t.tokens.demo);
    expect(again.ack).toMatchObject({ code: 20000, machine: { credits: 0 } });
    again.socket.disconnect();
  });

  it('refuses with a clear error when there is nothing to act on or the input is bad', async () => {
    const none = await t.call('demo2', 'POST', '/player/cancel', { machineId: 8 });
    expect(none).toMatchObject({
      status: 409,
      body: { code: 40922, ErrorMessage: expect.any(String) },
    });
    for (const path of ['/player/kick', '/player/cancel']) {
      for (const payload of [{}, { machineId: '3' }, { machineId: 0 }, [1]]) {
        const res = await t.call('demo', 'POST', path, payload);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(40000);
      }
    }
    const anonymous = await t.server.app.inject({
      method: 'POST',
      url: '/player/kick',
      payload: { machineId: 3 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
