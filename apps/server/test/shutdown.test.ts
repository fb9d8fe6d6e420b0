// Graceful shutdown loses nothing: a drain that begins mid-game refuses new seats, transfers and
// games (50300), lets the game end and records it once, writes the credits, tells every socket
// why (18820) before closing it, and the next start on the same data resumes the slot session
// with exactly those credits and an unchanged ledger. A game that outlasts SHUTDOWN_GRACE_MS is
// void on both sides: the restart gives its bet back.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, slotSessions, slotSpins } from '../src/db/schema';
import { meterRepository } from '../src/modules/floor/meter-store';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import type { AnyAck } from './machine-clients';
import { ManualClock, settle } from './manual-clock';
import { playerRow, startTestServer, type TestServer, tokenFor } from './support';

const SHUTDOWN_GRACE_MS = 15_000;

type Booted = TestServer & { clock: ManualClock; base: string };

/** A listening server on `dataDir`'s data (kept across boots), its seats on a manual clock. */
async function boot(dataDir: string): Promise<Booted> {
  const clock = new ManualClock();
  const server = await startTestServer(
    'pglite',
    {
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      // Nobody comes back in these tests: the sessions must outlive them, not close on a grace.
      SESSION_GRACE_MS: String(3_600_000),
    },
    undefined,
    { dataDir },
    { clock },
  );
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, clock, base: `http://127.0.0.1:${port}` };
}

const sockets: Socket[] = [];
const servers: Booted[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const s of servers.splice(0)) await s.close().catch(() => {});
});

/** A socket that records, in order, the info codes it hears and its disconnection. */
function connect(url: string, auth?: { token: string }): Socket & { heard: string[] } {
  const s = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  }) as Socket & { heard: string[] };
  s.heard = [];
  s.on('info', (info: { code: number }) => s.heard.push(`info ${info.code}`));
  s.on('disconnect', () => s.heard.push('disconnected'));
  sockets.push(s);
  return s;
}

const request = (s: Socket, event: string, payload: unknown = {}): Promise<AnyAck> =>
  s.timeout(5000).emitWithAck(event, payload);

const gone = (s: Socket) =>
  s.connected ? new Promise<void>((resolve) => s.once('disconnect', () => resolve())) : undefined;

/** What must not change across the drain and the restart: the wallet and the whole ledger. */
async function money(server: TestServer, playerId: number) {
  const [sums] = await server.services.database.db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries);
  return {
    balance: await server.services.ledger.balance(playerId),
    total: Number(sums?.total),
    entries: sums?.count,
  };
}

async function spinsOf(server: TestServer, sessionId: number) {
  return server.services.database.db
    .select()
    .from(slotSpins)
    .where(eq(slotSpins.sessionId, sessionId));
}

describe('graceful shutdown', () => {
  it('a game in play when the drain begins ends and counts once; the restart resumes the same credits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-drain-'));
    const first = await boot(dataDir);
    servers.push(first);
    const demo = (await playerRow(first, 'demo')).id;
    const token = await tokenFor(first, 'demo');
    const player = connect(`${first.base}/machine`);
    const joined = await request(player, 'init', { machineID: 6, token });
    expect(joined.code).toBe(20000);
    const sessionId: number = joined.session.id;
    expect(
      (await request(player, 'transfer', { amount: 5_000, requestId: 'drain-test-1' })).code,
    ).toBe(20000);
    const tab = connect(`${first.base}/notice`, { token });
    expect((await request(tab, 'init', { id: demo })).code).toBe(20000);
    const newcomer = connect(`${first.base}/machine`);
    await new Promise<void>((resolve) => newcomer.once('connect', () => resolve()));

    // The reels are held until the refusals below have been tried: the drain cannot end first.
    const agent = first.services.floor.agent(6) as SimulatedAgent;
    const reels = vi.spyOn(agent.egm, 'tick').mockImplementation(() => {});
    expect((await request(player, 'press', { button: 'spin' })).pressed).toBe(true);
    expect((await request(player, 'press', { button: 'auto' })).pressed).toBe(true);
    expect(agent.state()).toMatchObject({ spinning: true, autoplay: true });

    const drained = first.app.drain();
    expect(first.app.lifecycle.draining).toBe(true);
    // A load balancer sends no new players here from now on.
    const ready = await first.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().failed).toEqual(['draining']);
    const newcomerToken = await tokenFor(first, 'demo2');
    expect((await request(newcomer, 'init', { machineID: 7, token: newcomerToken })).code).toBe(
      50300,
    );
    expect((await request(player, 'transfer', { amount: 1_000 })).code).toBe(50300);
    expect((await request(player, 'press', { button: 'spin' })).code).toBe(50300);
    // Cash-out and leave stay open while draining; the credits stay on for this test.
    expect(first.services.sessions.sessionOnMachine(7)).toBeNull();

    const closed = [gone(player), gone(tab), gone(newcomer)];
    reels.mockRestore();
    const report = await drained;
    await Promise.all(closed);
    expect(report).toEqual({
      gamesInPlay: 1,
      gamesUnfinished: 0,
      machinesBusy: 0,
      socketsClosed: 3,
    });
    // Each socket heard why before its connection closed.
    for (const s of [player, tab, newcomer])
      expect(s.heard).toEqual(['info 18820', 'disconnected']);

    // Autoplay stopped: no next game starts after the one the drain waited for.
    expect(agent.state()).toMatchObject({ spinning: false, autoplay: false });
    const credits = agent.state().credits;
    const spins = await spinsOf(first, sessionId);
    expect(spins).toHaveLength(1);
    expect(spins[0]!.creditsAfter).toBe(credits);
    const [row] = await first.services.database.db
      .select()
      .from(slotSessions)
      .where(eq(slotSessions.id, sessionId));
    expect(row).toMatchObject({ credits, closedAt: null });
    const before = await money(first, demo);
    await first.close();

    const second = await boot(dataDir);
    servers.push(second);
    expect(second.services.floor.agent(6)!.state().credits).toBe(credits);
    expect(await money(second, demo)).toEqual(before);
    expect(await spinsOf(second, sessionId)).toHaveLength(1);
    // The player's tab comes back to the same session, with the same credits.
    const back = connect(`${second.base}/machine`);
    const rejoined = await request(back, 'init', {
      machineID: 6,
      token: await tokenFor(second, 'demo'),
    });
    expect(rejoined.code).toBe(20000);
    expect(rejoined.session.id).toBe(sessionId);
    expect(rejoined.machine.credits).toBe(credits);
  });

  it('a game still in play when SHUTDOWN_GRACE_MS runs out is void: the restart gives the bet back', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-drain-'));
    const first = await boot(dataDir);
    servers.push(first);
    const demo = (await playerRow(first, 'demo')).id;
    const session = await first.services.sessions.open(demo, 5);
    await first.services.sessions.transfer(session.id, 3_000, 'drain-void');
    const agent = first.services.floor.agent(5) as SimulatedAgent;
    // Reels that never stop (a cabinet stuck mid-game).
    vi.spyOn(agent.egm, 'tick').mockImplementation(() => {});
    expect(await agent.press('spin')).toBe(true);
    const before = await money(first, demo);

    let report: Awaited<ReturnType<typeof first.app.drain>> | null = null;
    const drained = first.app.drain().then((r) => {
      report = r;
    });
    await settle();
    await first.clock.advance(SHUTDOWN_GRACE_MS - 1);
    expect(report).toBeNull();
    await first.clock.advance(1);
    await drained;
    expect(report).toMatchObject({ gamesInPlay: 1, gamesUnfinished: 1 });
    await first.close();

    const second = await boot(dataDir);
    servers.push(second);
    const restarted = second.services.floor.agent(5)!;
    expect(restarted.state()).toMatchObject({ credits: 3_000, spinning: false });
    expect(await spinsOf(second, session.id)).toHaveLength(0);
    expect(await money(second, demo)).toEqual(before);
    // The meters voided the game too: they still reconcile with the ledger.
    const ledger = await meterRepository.ledgerTotals(second.services.database.db, 5);
    const m = restarted.meters();
    expect(ledger.cashIn - ledger.cashOut - ledger.handPay).toBe(
      m.coinIn - m.coinOut - m.handPaid + m.currentCredits,
    );
  });
});
