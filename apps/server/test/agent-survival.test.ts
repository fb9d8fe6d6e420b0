// What a machine agent's cabinet must survive (issue #17), each against the real agent process:
// SIGKILL mid-spin, mid-cash-out and with a hand pay pending; its connection dropped and
// restored with the process alive; the server restarted while the agent keeps running. After
// each, the credits are intact, the meters reconcile with the ledger, and every movement is in
// the ledger exactly once.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENT_NAMESPACE } from '@reelcast/protocol/agent';
import { TransactionType } from '@reelcast/protocol/transactions';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, slotSessions, slotSpins } from '../src/db/schema';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/credentials';
import { agentRepository } from '../src/modules/agents/repository';
import { nvramDir, reconciled, request, socketTo, startAgentProcess } from './agent-support';
import { startTestServer, type TestServer, tokenFor } from './support';

const MACHINE = 4;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-agent-survival-'));
const nvram = nvramDir();
const secret = newAgentSecret();
let server: TestServer;
let port = 0;
let agent: ChildProcess | null = null;
const sockets: Socket[] = [];

async function listen(): Promise<void> {
  server = await startTestServer('pglite', {}, undefined, { dataDir });
  await server.app.listen({ port, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const first = await startTestServer('pglite', {}, undefined, { dataDir });
  const hash = await hashAgentSecret(secret);
  await agentRepository.add(first.services.database.db, 'box-survival', hash, [MACHINE]);
  await first.close();
  await listen();
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  agent?.kill('SIGKILL');
  await server.close();
});

/** The agent process; every win is a hand pay when `handPays` (its limit is 0.01). */
function startAgent(handPays = false): void {
  agent = startAgentProcess({
    url: `http://127.0.0.1:${port}`,
    agentId: 'box-survival',
    secret,
    cabinets: `${MACHINE}:classic`,
    nvram,
    ...(handPays ? { env: { AGENT_HAND_PAY_LIMIT: '1' } } : {}),
  });
}

async function killAgent(): Promise<void> {
  const child = agent!;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
  // The server has seen it go: an `up()` after this waits for the next agent's hello (and the
  // journal it announces), not for the cabinet as the dead one left it.
  await expect.poll(() => server.services.floor.agent(MACHINE)!.status).toBe('offline');
}

const cabinet = () => server.services.floor.agent(MACHINE)!;
const status = () => cabinet().state().status;
const up = () => expect.poll(status, { timeout: 30_000 }).toBe('idle');

function player(): Socket {
  const s = socketTo(`http://127.0.0.1:${port}/machine`);
  sockets.push(s);
  return s;
}

async function expectReconciled(): Promise<void> {
  await expect
    .poll(async () => {
      const r = await reconciled(server, MACHINE);
      return r.meters - r.ledger;
    })
    .toBe(0);
}

/** The player (demo) on the machine with `amount` moved onto it. */
async function seated(amount: number): Promise<Socket> {
  const token = await tokenFor(server, 'demo');
  const s = player();
  expect((await request(s, 'init', { machineID: MACHINE, token })).code).toBe(20000);
  if (amount > 0) expect((await request(s, 'transfer', { amount })).code).toBe(20000);
  return s;
}

/** The ledger's Cash Out entries for the machine. */
async function cashOuts(): Promise<number> {
  const rows = await server.services.database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.machineId, MACHINE), eq(ledgerEntries.type, TransactionType.cashOut)),
    );
  return rows.length;
}

/**
 * The server stopped and started again on the same address while the agent keeps running: the
 * agent finds it and says hello again.
 */
async function restartServer(player: Socket): Promise<void> {
  player.disconnect();
  await server.close();
  await listen();
  await up();
}

async function openSession() {
  const [session] = await server.services.database.db
    .select()
    .from(slotSessions)
    .where(and(eq(slotSessions.machineId, MACHINE), eq(slotSessions.status, 'open')));
  return session!;
}

async function sessionRow(id: number) {
  const [row] = await server.services.database.db
    .select()
    .from(slotSessions)
    .where(eq(slotSessions.id, id));
  return row!;
}

async function gamesOf(sessionId: number): Promise<number> {
  const rows = await server.services.database.db
    .select({ id: slotSpins.id })
    .from(slotSpins)
    .where(eq(slotSpins.sessionId, sessionId));
  return rows.length;
}

/**
 * The closed session's money: what came on = what went back + the net of its recorded games
 * (a game lost from the record shows here as cents gone or made).
 */
async function expectNoMoneyAdrift(sessionId: number): Promise<void> {
  await expect.poll(async () => (await sessionRow(sessionId)).status).not.toBe('open');
  const entries = await server.services.database.db
    .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sessionId, sessionId));
  const games = await server.services.database.db
    .select({ bet: slotSpins.bet, win: slotSpins.win })
    .from(slotSpins)
    .where(eq(slotSpins.sessionId, sessionId));
  const moved = entries.reduce((sum, e) => sum + e.amount, 0); // −in + out
  const net = games.reduce((sum, g) => sum + g.win - g.bet, 0);
  expect(moved).toBe(net);
}

describe('a machine agent’s cabinet survives', () => {
  it('SIGKILL mid-spin and mid-cash-out: credits intact, each movement in the ledger once', async () => {
    startAgent();
    await up();
    const s = await seated(1_000);
    // Mid-spin: the game in play dies with the agent; its bet was never written, so it is void.
    expect((await request(s, 'press', { button: 'spin' })).pressed).toBe(true);
    await killAgent();
    await expect.poll(status).toBe('offline');
    startAgent();
    await up();
    await expectReconciled();
    const credits = cabinet().state().credits;
    expect(credits).toBeGreaterThan(0);

    // Mid-cash-out: killed while the request is on its way. It either happened (in the ledger
    // once, credits off) or did not (credits still on the machine); never both, never neither.
    const wallet = await server.services.ledger.balance(1);
    const outs = await cashOuts();
    const cashOut = request(s, 'cashout');
    await killAgent();
    const answer = await cashOut;
    startAgent();
    await up();
    await expectReconciled();
    const moved = (await server.services.ledger.balance(1)) - wallet;
    if (answer.code === 20000) {
      expect(moved).toBe(credits);
      expect(await cashOuts()).toBe(outs + 1);
    } else {
      // Refused or in doubt: whatever the cabinet did was asked about and undone.
      expect(moved).toBe(0);
      expect(cabinet().state().credits).toBe(credits);
      const out = await request(s, 'cashout');
      expect(out).toMatchObject({ code: 20000, amount: credits });
      expect(await cashOuts()).toBe(outs + 1);
    }
    expect(cabinet().state().credits).toBe(0);
    expect((await request(s, 'leave')).code).toBe(20000);
  }, 120_000);

  it('SIGKILL with a hand pay pending: it comes back, and is paid once', async () => {
    await killAgent();
    startAgent(true);
    await up();
    const s = await seated(2_000);
    // Every win is a hand pay at this limit: play until one locks the machine.
    for (let i = 0; i < 60 && !cabinet().pendingHandPay(); i++) {
      if (cabinet().state().credits === 0) break;
      await request(s, 'press', { button: 'spin' });
      await expect.poll(() => cabinet().state().spinning, { timeout: 10_000 }).toBe(false);
    }
    const pending = cabinet().pendingHandPay();
    expect(pending).not.toBeNull();
    await killAgent();
    startAgent(true);
    await expect.poll(() => cabinet().state().status, { timeout: 30_000 }).toBe('handpay');
    expect(cabinet().pendingHandPay()).toEqual(pending);
    await expectReconciled();

    const wallet = await server.services.ledger.balance(1);
    const paid = await server.services.sessions.resetHandPay(MACHINE, 'attendant');
    expect(paid.amount).toBe(pending!.amount);
    expect(await server.services.ledger.balance(1)).toBe(wallet + pending!.amount);
    await expect(server.services.sessions.resetHandPay(MACHINE, 'attendant')).rejects.toThrow();
    expect(await server.services.ledger.balance(1)).toBe(wallet + pending!.amount);
    await expectReconciled();
    await request(s, 'cashout');
    expect((await request(s, 'leave')).code).toBe(20000);
  }, 120_000);

  it('its connection dropped and restored, the process alive: back on line, nothing lost', async () => {
    await up();
    const s = await seated(500);
    // The link is cut under the agent's socket (its transport closes, as in a network cut);
    // the agent reconnects by itself.
    const nsp = server.app.io.of(AGENT_NAMESPACE);
    for (const socket of nsp.sockets.values()) socket.conn.close();
    await expect.poll(status).toBe('offline');
    await up();
    expect(cabinet().state().credits).toBe(500);
    await expectReconciled();
    expect((await request(s, 'cashout')).amount).toBe(500);
    expect((await request(s, 'leave')).code).toBe(20000);
  }, 90_000);

  it('a game that ends while the link is cut is recorded once it is back; autoplay stops with it', async () => {
    // An agent whose wins are paid on the machine (the hand-pay test's locks every one).
    await killAgent();
    startAgent();
    await up();
    const s = await seated(500);
    const [session] = await server.services.database.db
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.machineId, MACHINE), eq(slotSessions.status, 'open')));
    const games = async () =>
      (
        await server.services.database.db
          .select({ win: slotSpins.win, bet: slotSpins.bet })
          .from(slotSpins)
          .where(eq(slotSpins.sessionId, session!.id))
      ).length;
    const before = await games();
    // Autoplay on: its first game starts now; the link is cut while it is in play, so it ends
    // with no server to tell (an agent used to drop that event, and the game was never recorded).
    expect((await request(s, 'press', { button: 'auto' })).pressed).toBe(true);
    const nsp = server.app.io.of(AGENT_NAMESPACE);
    for (const socket of nsp.sockets.values()) socket.conn.close();
    await expect.poll(status).toBe('offline');
    await up();
    // The game is in the session's record, the session's credits are the cabinet's, and no game
    // started without the server: autoplay stopped with the link.
    await expect.poll(games).toBe(before + 1);
    expect(cabinet().state()).toMatchObject({ autoplay: false, spinning: false });
    const [after] = await server.services.database.db
      .select({ credits: slotSessions.credits })
      .from(slotSessions)
      .where(eq(slotSessions.id, session!.id));
    expect(after!.credits).toBe(cabinet().state().credits);
    await expectReconciled();
    expect((await request(s, 'leave')).code).toBe(20000);
    await expectReconciled();
  }, 90_000);

  it('a game whose event died with its agent is recorded from the cabinet’s journal at the next hello', async () => {
    await up();
    const s = await seated(500);
    const session = await openSession();
    const before = await gamesOf(session.id);
    // The agent cannot come back while the game ends: its event is held in the process, and the
    // process is then killed (the local agent goes with a killed server, as sim:money found).
    let blocked = true;
    const nsp = server.app.io.of(AGENT_NAMESPACE);
    nsp.use((_socket, next) => (blocked ? next(new Error('blocked')) : next()));
    expect((await request(s, 'press', { button: 'spin' })).pressed).toBe(true);
    for (const socket of nsp.sockets.values()) socket.conn.close();
    await expect.poll(status).toBe('offline');
    await new Promise((r) => setTimeout(r, 2500)); // the game (1.2 s) ends with no server
    await killAgent();
    blocked = false;
    startAgent();
    await up();
    await expect.poll(() => gamesOf(session.id)).toBe(before + 1);
    expect((await sessionRow(session.id)).credits).toBe(cabinet().state().credits);
    await expectReconciled();
    expect((await request(s, 'leave')).code).toBe(20000);
    await expectNoMoneyAdrift(session.id);
  }, 90_000);

  it('a game recorded before its agent died, told again by its journal, is recorded once', async () => {
    await up();
    const s = await seated(500);
    const session = await openSession();
    const before = await gamesOf(session.id);
    expect((await request(s, 'press', { button: 'spin' })).pressed).toBe(true);
    await expect.poll(() => gamesOf(session.id), { timeout: 10_000 }).toBe(before + 1);
    // The server's word that it is recorded reached the agent, but not yet its NVRAM (written
    // with the next money or game): the restarted agent tells the game again.
    await killAgent();
    startAgent();
    await up();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await gamesOf(session.id)).toBe(before + 1);
    expect((await sessionRow(session.id)).credits).toBe(cabinet().state().credits);
    expect((await request(s, 'leave')).code).toBe(20000);
    await expectNoMoneyAdrift(session.id);
  }, 90_000);

  it('a transfer the cabinet made and the ledger never recorded is undone at the next hello', async () => {
    await up();
    const s = await seated(300);
    const session = await openSession();
    // What a server killed between the cabinet's answer and the posting's commit leaves: the
    // credits on the cabinet, no Cash In (the command sent as the seat's money sends it).
    await cabinet().transferIn(200, 'orphan-transfer-0001');
    expect(cabinet().state().credits).toBe(500);
    await restartServer(s);
    // Asked about and undone before the cabinet takes money again, not held for an attendant.
    expect(cabinet().state().credits).toBe(300);
    await expectReconciled();
    const again = await seated(0);
    expect((await request(again, 'cashout')).amount).toBe(300);
    expect((await request(again, 'leave')).code).toBe(20000);
    await expectNoMoneyAdrift(session.id);
  }, 90_000);

  it('the server restarted while the agent keeps running: the seat and credits come back', async () => {
    const s = await seated(700);
    const wallet = await server.services.ledger.balance(1);
    await restartServer(s);
    expect(cabinet().state().credits).toBe(700);
    await expectReconciled();
    const again = await seated(0);
    expect((await request(again, 'cashout')).amount).toBe(700);
    expect(await server.services.ledger.balance(1)).toBe(wallet + 700);
    expect((await request(again, 'leave')).code).toBe(20000);
    await expectReconciled();
  }, 90_000);
});
