// Player protection's limits under concurrency, on a real PostgreSQL server (PGlite runs one
// transaction at a time and would prove nothing about locking): Cash Ins racing each other on
// several machines at once never pass a limit together, and nothing refused moves any money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerRow, startTestServer, type TestServer } from './support';

const MACHINES = [1, 2, 3, 4, 5, 6, 7, 8];

describe('player protection on PostgreSQL under concurrency', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres', { MAX_SEATS_PER_PLAYER: String(MACHINES.length) });
    expect(server.services.database.kind).toBe('postgres');
  });
  afterAll(() => server.close());

  /** Two transfers of `amount` on each machine at once; answers how many landed and were refused. */
  async function race(username: string, amount: number, tag: string) {
    const { sessions, ledger, floor } = server.services;
    const playerId = (await playerRow(server, username)).id;
    const seats = await Promise.all(MACHINES.map((m) => sessions.open(playerId, m)));
    const before = await ledger.balance(playerId);
    const results = await Promise.allSettled(
      seats.flatMap((seat) =>
        [0, 1].map((i) => sessions.transfer(seat.id, amount, `${tag}-${seat.id}-${i}`)),
      ),
    );
    const landed = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
    const moved = before - (await ledger.balance(playerId));
    const onMachines = MACHINES.reduce((sum, m) => sum + floor.agent(m)!.state().credits, 0);
    await Promise.all(seats.map((seat) => sessions.close(seat.id, 'player')));
    return { playerId, landed, refusals, moved, onMachines };
  }

  it('sixteen transfers racing a daily cash-in limit of 5.50: exactly five of 1.00 land', async () => {
    const playerId = (await playerRow(server, 'demo')).id;
    await server.services.protection.setLimit(playerId, {
      kind: 'cash_in',
      period: 'day',
      amount: 550,
    });
    const { landed, refusals, moved, onMachines } = await race('demo', 100, 'cash-in-race');
    expect(landed).toBe(5);
    expect(refusals).toEqual(Array(11).fill(40230));
    expect(moved).toBe(500);
    expect(onMachines).toBe(500);
  });

  it('the same race against a weekly net-loss limit', async () => {
    const playerId = (await playerRow(server, 'demo2')).id;
    await server.services.protection.setLimit(playerId, {
      kind: 'net_loss',
      period: 'week',
      amount: 799,
    });
    const { landed, refusals, moved } = await race('demo2', 200, 'loss-race');
    expect(landed).toBe(3);
    expect(refusals).toEqual(Array(13).fill(40230));
    expect(moved).toBe(600);
  });
});
