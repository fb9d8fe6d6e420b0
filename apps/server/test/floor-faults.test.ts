// The floor's hand pay and faults as the lobby, the player's money and the staff see them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '../src/db/schema';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import type { TimerHandle, Timers } from '../src/modules/sessions/timers';
import { callAs, type DbKind, playerRow, startTestServer, tokenFor } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

/** Session timers the test fires by hand (grace periods). */
class HandTimers implements Timers {
  private seq = 0;
  readonly due = new Map<number, () => void>();
  setTimeout(fn: () => void): TimerHandle {
    this.due.set(++this.seq, fn);
    return this.seq as unknown as TimerHandle;
  }
  clearTimeout(handle: TimerHandle): void {
    this.due.delete(handle as unknown as number);
  }
  fireAll(): void {
    const fns = [...this.due.values()];
    this.due.clear();
    for (const fn of fns) fn();
  }
}

async function setUp(kind: DbKind, clock?: Timers) {
  // Every winning game is a hand pay: the lock is reached in a few games, not by luck.
  const server = await startTestServer(
    kind,
    { HAND_PAY_LIMIT: '1' },
    undefined,
    undefined,
    clock ? { clock } : {},
  );
  const demo = await playerRow(server, 'demo');
  const demo2 = await playerRow(server, 'demo2');
  const tokens = {
    demo: await tokenFor(server, 'demo'),
    demo2: await tokenFor(server, 'demo2'),
    staff: await tokenFor(server, 'staff'),
  };
  const call = (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callAs(server, tokens[who], method, url, payload);
  const lobbyStatus = async (machineId: number) => {
    const { body } = await call('demo2', 'GET', '/machine/all');
    return (body as Json[]).find((m) => m.id === machineId)?.status as string;
  };
  const lobbyPushes = vi.spyOn(server.services.notice, 'toLobby');
  const pushed = (machineId: number) =>
    lobbyPushes.mock.calls
      .flatMap(([event, payload]) => (event === 'lobby-update' ? (payload as Json).machines : []))
      .filter((change: Json) => change.id === machineId)
      .map((change: Json) => change.status);
  const balance = (playerId: number) => server.services.ledger.balance(playerId);
  const agent = (machineId: number) => server.services.floor.agent(machineId) as SimulatedAgent;
  /** The Cash In, Cash Out and Hand Pay ledger entries of a machine, summed by type. */
  const machineLedger = async (machineId: number) => {
    const rows = await server.services.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.machineId, machineId));
    const sum = (type: number) =>
      rows.filter((r) => r.type === type).reduce((s, r) => s + Math.abs(r.amount), 0);
    return { cashIn: sum(3), cashOut: sum(4), handPay: sum(5), rows };
  };
  return {
    server,
    demo,
    demo2,
    call,
    lobbyStatus,
    pushed,
    balance,
    agent,
    machineLedger,
  };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: number }) => e.code,
  );

describe.each(['pglite', 'postgres'] as const)('hand pay (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp(kind);
  });
  afterAll(() => t.server.close());

  it('a win over the limit locks the machine until staff pay it into the wallet, once', async () => {
    const { server, demo } = t;
    const sessions = server.services.sessions;
    // The classic game wins more than half its games.
    const machineId = [...server.services.floor.all()].find(
      (a) => (a as SimulatedAgent).egm.game.id === 'classic',
    )!.machineId;
    const agent = t.agent(machineId);
    const session = await sessions.open(demo.id, machineId);
    await sessions.transfer(session.id, 5000, 'hp-1');
    expect(await agent.press('auto')).toBe(true);

    // Autoplay stops by itself when a win locks the machine.
    await expect
      .poll(() => agent.state().status, { timeout: 60_000, interval: 100 })
      .toBe('handpay');
    const pending = agent.pendingHandPay()!;
    expect(pending.amount).toBeGreaterThan(0);
    expect(await t.lobbyStatus(machineId)).toBe('not_available');
    await expect.poll(() => t.pushed(machineId).at(-1)).toBe('not_available');
    expect(sessions.reconnectStatusOf(machineId)).toBe('cashout');

    // Money can neither go onto the machine nor off it; nothing is lost on the way.
    const wallet = await t.balance(demo.id);
    const credits = agent.state().credits;
    expect(await rejection(sessions.transfer(session.id, 1000, 'hp-2'))).toBe(40901);
    expect(await sessions.cashOut(session.id)).toBe(0);
    expect(await rejection(sessions.close(session.id, 'cancel'))).toBe(40901);
    expect(await t.balance(demo.id)).toBe(wallet);
    expect(agent.state().credits).toBe(credits);

    // Staff only, and a well-formed machine id.
    const asPlayer = await t.call('demo', 'POST', '/staff/handpay-reset', { machineId });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 40300]);
    const bad = await t.call('staff', 'POST', '/staff/handpay-reset', { machineId: 'three' });
    expect([bad.status, bad.body.code]).toEqual([400, 40000]);
    const unknown = await t.call('staff', 'POST', '/staff/handpay-reset', { machineId: 999 });
    expect([unknown.status, unknown.body.code]).toEqual([404, 40400]);

    const paid = await t.call('staff', 'POST', '/staff/handpay-reset', { machineId });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      machineId,
      sessionId: session.id,
      playerId: demo.id,
      amount: pending.amount,
      balance: wallet + pending.amount,
    });
    expect(await t.balance(demo.id)).toBe(wallet + pending.amount);
    const retry = await t.call('staff', 'POST', '/staff/handpay-reset', { machineId });
    expect([retry.status, retry.body.code]).toEqual([409, 40930]);
    expect(await t.balance(demo.id)).toBe(wallet + pending.amount);
    const handPays = await server.services.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.machineId, machineId), eq(ledgerEntries.type, 5)));
    expect(handPays.map((e) => [e.amount, e.sessionId, e.operator])).toEqual([
      [pending.amount, session.id, 'staff'],
    ]);

    // Unlocked: the player is back on it and money moves again.
    expect(agent.state().status).toBe('idle');
    await expect.poll(() => t.lobbyStatus(machineId)).toBe('playing');
    await sessions.transfer(session.id, 1000, 'hp-3');

    // SAS reconciliation: Σ Cash In − Σ Cash Out − Σ Hand Pay = coin in − coin out − hand paid +
    // credits, with credits still on the machine and again after they are cashed out.
    const reconciles = async () => {
      const l = await t.machineLedger(machineId);
      const m = agent.egm.meters;
      expect(l.cashIn - l.cashOut - l.handPay).toBe(
        m.coinIn - m.coinOut - m.handPaid + m.currentCredits,
      );
    };
    await reconciles();
    expect(agent.egm.meters.handPaid).toBe(pending.amount);
    const left = agent.state().credits;
    expect(await sessions.close(session.id, 'player')).toBe(left);
    await reconciles();
  });
});

describe('faults', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let timers: HandTimers;
  beforeAll(async () => {
    timers = new HandTimers();
    t = await setUp('pglite', timers);
  });
  afterAll(() => t.server.close());

  const fault = (machineId: number, f: string, active: boolean) =>
    t.call('staff', 'POST', '/staff/machine-fault', { machineId, fault: f, active });

  it('door open and off line make the machine unavailable and keep the credits; it resumes after', async () => {
    const { server, demo, demo2 } = t;
    const sessions = server.services.sessions;
    const machineId = 4;
    const agent = t.agent(machineId);
    const session = await sessions.open(demo.id, machineId);
    await sessions.transfer(session.id, 5000, 'f-1');
    const wallet = await t.balance(demo.id);

    const opened = await fault(machineId, 'door', true);
    expect(opened.status).toBe(200);
    expect(opened.body.machineStatus).toBe('fault');
    expect(await t.lobbyStatus(machineId)).toBe('not_available');
    await expect.poll(() => t.pushed(machineId).at(-1)).toBe('not_available');
    expect(sessions.reconnectStatusOf(machineId)).toBe('error');
    expect(await rejection(sessions.transfer(session.id, 1000, 'f-2'))).toBe(40901);
    expect(await agent.press('spin')).toBe(false);
    expect([await t.balance(demo.id), agent.state().credits]).toEqual([wallet, 5000]);

    // The player drops while the door is open: the grace period runs out and starts over.
    sessions.detach(session.id);
    timers.fireAll();
    // Queued behind whatever the grace period started on the machine: a close would answer 50100.
    expect(await rejection(sessions.transfer(session.id, 1000, 'f-2b'))).toBe(40901);
    expect(sessions.sessionOnMachine(machineId)?.id).toBe(session.id);
    expect(agent.state().credits).toBe(5000);

    await sessions.open(demo.id, machineId);
    expect((await fault(machineId, 'door', false)).body.machineStatus).toBe('idle');
    await expect.poll(() => t.lobbyStatus(machineId)).toBe('playing');
    await sessions.transfer(session.id, 1000, 'f-3');
    expect(agent.state().credits).toBe(6000);

    // Off line: no join, no play, no pay; the credits wait on the machine.
    expect((await fault(machineId, 'offline', true)).body.machineStatus).toBe('offline');
    expect(await t.lobbyStatus(machineId)).toBe('not_available');
    await expect.poll(() => t.pushed(machineId).at(-1)).toBe('not_available');
    expect(sessions.reconnectStatusOf(machineId)).toBe('offline');
    expect(await rejection(sessions.transfer(session.id, 1000, 'f-4'))).toBe(40901);
    expect(await sessions.cashOut(session.id)).toBe(0);
    expect(await rejection(sessions.open(demo2.id, machineId))).toBe(40400);
    expect(await agent.press('spin')).toBe(false);
    expect(agent.state().credits).toBe(6000);

    await fault(machineId, 'offline', false);
    await expect.poll(() => t.lobbyStatus(machineId)).toBe('playing');
    const before = await t.balance(demo.id);
    expect(await sessions.cashOut(session.id)).toBe(6000);
    expect(await t.balance(demo.id)).toBe(before + 6000);
  });

  it('a tilt shows in the lobby until it is cleared', async () => {
    expect((await fault(5, 'tilt', true)).body.machineStatus).toBe('fault');
    expect(await t.lobbyStatus(5)).toBe('not_available');
    await fault(5, 'tilt', false);
    expect(await t.lobbyStatus(5)).toBe('available');
  });

  it('is for staff only and refuses bad input', async () => {
    const asPlayer = await t.call('demo', 'POST', '/staff/machine-fault', {
      machineId: 6,
      fault: 'door',
      active: true,
    });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 40300]);
    for (const payload of [
      { machineId: 6, fault: 'fire', active: true },
      { machineId: 6, fault: 'door' },
      { machineId: -1, fault: 'door', active: true },
      { machineId: 6, fault: 'door', active: 'yes' },
    ]) {
      const bad = await t.call('staff', 'POST', '/staff/machine-fault', payload);
      expect([bad.status, bad.body.code]).toEqual([400, 40000]);
    }
    const unknown = await fault(999, 'door', true);
    expect([unknown.status, unknown.body.code]).toEqual([404, 40400]);
    expect(await t.lobbyStatus(6)).toBe('available');
  });
});
