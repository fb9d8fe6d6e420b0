// The back office's floor: the overview shows each machine as it is (seated player, credits, hand
// pay, fault, agent, video); a hand pay above HAND_PAY_APPROVAL_ABOVE waits for a second
// supervisor; a machine taken out of service takes nobody new; a kick leaves the session open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { auditRows, consoleCaller, consoleTokens } from './console-support';
import { playerRow, startTestServer, type TestServer } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

describe('the floor in the back office', () => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;

  beforeAll(async () => {
    // Every winning game is a hand pay, and every hand pay needs a second supervisor.
    server = await startTestServer('pglite', { HAND_PAY_LIMIT: '1', HAND_PAY_APPROVAL_ABOVE: '0' });
    call = consoleCaller(server, await consoleTokens(server));
  });
  afterAll(() => server?.close());

  const machineOf = async (id: number): Promise<Json> =>
    (await call('auditor', 'GET', '/staff/floor')).body.machines.find((m: Json) => m.id === id);

  it('pays a hand pay above the threshold only on a different supervisor’s approval', async () => {
    const { sessions, floor } = server.services;
    const demo = await playerRow(server, 'demo');
    const agent = [...floor.all()].find(
      (a) => (a as SimulatedAgent).egm.game.id === 'classic',
    ) as SimulatedAgent;
    const machineId = agent.machineId;
    const session = await sessions.open(demo.id, machineId);
    await sessions.transfer(session.id, 5000, 'console-hp-1');
    expect(await agent.press('auto')).toBe(true);
    await expect
      .poll(() => agent.state().status, { timeout: 60_000, interval: 100 })
      .toBe('handpay');
    const pending = agent.pendingHandPay()!;

    const shown = await machineOf(machineId);
    expect(shown).toMatchObject({
      cabinet: 'handpay',
      handPay: pending,
      session: { id: session.id, playerId: demo.id, username: 'demo' },
      agentConnected: true,
      videoUp: true,
    });
    expect((await call('auditor', 'GET', '/staff/floor?status=handpay')).body.machines).toEqual([
      shown,
    ]);

    const asked = await call('supervisor', 'POST', '/staff/handpay-reset', { machineId });
    expect(asked.status).toBe(202);
    const approval = asked.body.approval;
    expect(approval).toMatchObject({
      amount: pending.amount,
      requestedBy: 'staff',
      status: 'pending',
    });
    // Asking again finds the same request; nothing is paid yet.
    const again = await call('supervisor', 'POST', '/staff/handpay-reset', { machineId });
    expect(again.body.approval.id).toBe(approval.id);
    const wallet = (await playerRow(server, 'demo')).balance;
    expect(agent.pendingHandPay()).toEqual(pending);

    const self = await call(
      'supervisor',
      'POST',
      `/staff/handpay-approvals/${approval.id}/approve`,
    );
    expect([self.status, self.body.code]).toEqual([403, 40931]);
    const cashier = await call(
      'cashier',
      'POST',
      `/staff/handpay-approvals/${approval.id}/approve`,
    );
    expect([cashier.status, cashier.body.code]).toEqual([403, 40300]);
    const listed = await call('auditor', 'GET', '/staff/handpay-approvals');
    expect(listed.body.approvals.map((a: Json) => a.id)).toEqual([approval.id]);

    const paid = await call(
      'supervisor2',
      'POST',
      `/staff/handpay-approvals/${approval.id}/approve`,
    );
    expect(paid).toMatchObject({
      status: 200,
      body: { machineId, amount: pending.amount, balance: wallet + pending.amount },
    });
    expect(agent.pendingHandPay()).toBeNull();
    const twice = await call(
      'supervisor2',
      'POST',
      `/staff/handpay-approvals/${approval.id}/approve`,
    );
    expect([twice.status, twice.body.code]).toEqual([409, 40930]);
    const settled = await call('auditor', 'GET', '/staff/handpay-approvals?status=paid');
    expect(settled.body.approvals[0]).toMatchObject({ approvedBy: 'supervisor2', status: 'paid' });

    const entries = (await auditRows(server)).map((r) => [r.actor, r.action, r.outcome]);
    expect(entries).toContainEqual(['staff', 'hand pay approval requested', 'done']);
    expect(entries).toContainEqual([
      'staff',
      `POST /staff/handpay-approvals/:id/approve`,
      'refused',
    ]);
    expect(entries).toContainEqual(['supervisor2', 'hand pay approved', 'done']);
    await sessions.close(session.id, 'player');
  });

  it('takes a machine out of service and back, with a reason', async () => {
    const machineId = 4;
    const demo2 = await playerRow(server, 'demo2');
    const off = await call('supervisor', 'POST', `/staff/machines/${machineId}/enabled`, {
      enabled: false,
      reason: 'glass cracked',
    });
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await machineOf(machineId)).toMatchObject({ enabled: false, status: 'not_available' });
    await expect(server.services.sessions.open(demo2.id, machineId)).rejects.toMatchObject({
      code: 40901,
    });
    const noReason = await call('supervisor', 'POST', `/staff/machines/${machineId}/enabled`, {
      enabled: true,
    });
    expect(noReason.status).toBe(400);
    await call('supervisor', 'POST', `/staff/machines/${machineId}/enabled`, {
      enabled: true,
      reason: 'glass replaced',
    });
    expect(await machineOf(machineId)).toMatchObject({ enabled: true, status: 'available' });
    const session = await server.services.sessions.open(demo2.id, machineId);
    expect((await auditRows(server)).filter((r) => r.targetId === String(machineId))).toEqual([
      expect.objectContaining({ action: 'disable machine', reason: 'glass cracked' }),
      expect.objectContaining({
        action: 'enable machine',
        before: { enabled: false },
        after: { enabled: true },
      }),
    ]);
    // Kicking the seated player's screens leaves the session and its credits where they are.
    const kicked = await call('supervisor', 'POST', `/staff/machines/${machineId}/kick`, {
      reason: 'abusive in chat',
    });
    expect(kicked).toMatchObject({ status: 200, body: { playerId: demo2.id, kicked: 0 } });
    expect(server.services.sessions.sessionOnMachine(machineId)?.id).toBe(session.id);
    const ended = await call('supervisor', 'POST', '/staff/quit-session', { machineId });
    expect(ended).toMatchObject({ status: 200, body: { sessionId: session.id } });
    expect(server.services.sessions.sessionOnMachine(machineId)).toBeNull();
  });

  it('shows a machine’s recent games, newest first, with its players', async () => {
    const games = await call('auditor', 'GET', '/staff/machines/1/games?pageSize=5');
    expect(games.status).toBe(200);
    const all = (await call('auditor', 'GET', '/staff/floor')).body.machines as Json[];
    const played = all.find((m) => m.game === 'classic')!.id;
    const recent = await call('auditor', 'GET', `/staff/machines/${played}/games?pageSize=3`);
    expect(recent.body.total).toBeGreaterThan(0);
    expect(recent.body.items[0]).toMatchObject({ username: 'demo', stops: expect.any(Array) });
    const ids = recent.body.items.map((g: Json) => g.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call('auditor', 'GET', '/staff/machines/999/games')).status).toBe(404);
  });
});
