// Found by `npm run sim:money` (seed 7: 1,500 ops, 3 kills, 50 players): a server killed between a
// transfer's Cash In commit and the write of the session's credits lost the money (the ledger had
// taken it from the wallet, the restart found no credits for it). The Cash In, Cash Out and hand
// pay postings now commit in one transaction with the session's credits and the machine's meters:
// a write that fails after the posting leaves the wallet, the machine and the meters as they were.
import type { MachineMeters } from '@reelcast/protocol/floor';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meterRepository } from '../src/modules/floor/meter-store';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { sessionsRepository } from '../src/modules/sessions/repository';
import { type DbKind, playerRow, startTestServer, type TestServer } from './support';

const MACHINE = 3;

/** What a restart would find: the wallet, the session's credits and hand pay, the saved meters. */
async function recorded(server: TestServer, playerId: number, sessionId: number) {
  const db = server.services.database.db;
  const open = await sessionsRepository.openForMachine(db, MACHINE);
  expect(open?.id).toBe(sessionId);
  return {
    balance: await server.services.ledger.balance(playerId),
    credits: open!.credits,
    handPay: open!.handPay,
    meters: await meterRepository.byMachine(db, MACHINE),
    ledger: await meterRepository.ledgerTotals(db, MACHINE),
  };
}

const reconciles = (
  m: MachineMeters | null,
  l: { cashIn: number; cashOut: number; handPay: number },
  credits: number,
) => (m ? m.coinIn - m.coinOut - m.handPaid : 0) + credits === l.cashIn - l.cashOut - l.handPay;

describe.each<DbKind>(['pglite', 'postgres'])('money moves commit whole on %s', (kind) => {
  let server: TestServer;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  async function seated() {
    server = await startTestServer(kind, { HAND_PAY_LIMIT: '100000' });
    const demo = (await playerRow(server, 'demo')).id;
    const session = await server.services.sessions.open(demo, MACHINE);
    return { demo, session, agent: server.services.floor.agent(MACHINE) as SimulatedAgent };
  }

  it('a transfer whose credits cannot be recorded takes nothing from the wallet', async () => {
    const { demo, session, agent } = await seated();
    const before = await recorded(server, demo, session.id);
    vi.spyOn(sessionsRepository, 'setCredits').mockRejectedValueOnce(new Error('crash'));
    await expect(
      server.services.sessions.transfer(session.id, 5_000, 'atomic-1'),
    ).rejects.toThrow();
    const after = await recorded(server, demo, session.id);
    expect(after.balance).toBe(before.balance);
    expect(after.ledger).toEqual(before.ledger);
    expect(agent.state().credits).toBe(0);
    expect(agent.meters().transferredIn).toBe(0);
    // The same request again lands, once, with everything recorded.
    await server.services.sessions.transfer(session.id, 5_000, 'atomic-1');
    const done = await recorded(server, demo, session.id);
    expect(done).toMatchObject({ balance: before.balance - 5_000, credits: 5_000 });
    expect(reconciles(done.meters, done.ledger, done.credits)).toBe(true);
  });

  it('a cash-out whose record fails pays nothing and leaves the credits on the machine', async () => {
    const { demo, session, agent } = await seated();
    await server.services.sessions.transfer(session.id, 3_000, 'atomic-2');
    const before = await recorded(server, demo, session.id);
    vi.spyOn(sessionsRepository, 'setCredits').mockRejectedValueOnce(new Error('crash'));
    await expect(server.services.sessions.cashOut(session.id)).rejects.toThrow();
    const after = await recorded(server, demo, session.id);
    expect(after).toEqual(before);
    expect(agent.state().credits).toBe(3_000);
    expect(reconciles(after.meters, after.ledger, after.credits)).toBe(true);
  });

  it('a hand pay reset whose record fails pays nothing and stays pending', async () => {
    const { demo, session, agent } = await seated();
    agent.egm.awardProgressive(150_000);
    await vi.waitFor(async () =>
      expect((await recorded(server, demo, session.id)).handPay).toBe(150_000),
    );
    const before = await recorded(server, demo, session.id);
    vi.spyOn(sessionsRepository, 'setHandPay').mockRejectedValueOnce(new Error('crash'));
    await expect(server.services.sessions.resetHandPay(MACHINE, 'attendant')).rejects.toThrow();
    expect(await recorded(server, demo, session.id)).toEqual(before);
    expect(agent.pendingHandPay()?.amount).toBe(150_000);
    const paid = await server.services.sessions.resetHandPay(MACHINE, 'attendant');
    expect(paid.amount).toBe(150_000);
    const after = await recorded(server, demo, session.id);
    expect(after).toMatchObject({ balance: before.balance + 150_000, handPay: 0 });
    expect(reconciles(after.meters, after.ledger, after.credits)).toBe(true);
  });
});
