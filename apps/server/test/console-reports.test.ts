// The daily reconciliation: after real play the ledger and the games agree for the machine and day
// (difference 0), the actual RTP stands beside the par sheet's; money the games cannot account
// for is marked as a discrepancy; the same rows come out as CSV.
import { TransactionType } from '@reelcast/protocol/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { consoleCaller, consoleTokens } from './console-support';
import { playerRow, startTestServer, type TestServer } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

const today = () => new Date().toISOString().slice(0, 10);

describe('the daily reconciliation', () => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;
  let machineId: number;
  let sessionId: number;

  beforeAll(async () => {
    server = await startTestServer('pglite', { HAND_PAY_LIMIT: String(1e12) });
    call = consoleCaller(server, await consoleTokens(server));
  });
  afterAll(() => server?.close());

  const report = async () =>
    (await call('auditor', 'GET', `/staff/reports/daily?from=${today()}&to=${today()}`)).body;

  it('reconciles the ledger with the games of the day, RTP beside the par sheet', async () => {
    // A few games on a machine, then everything back to the wallet.
    const { sessions, floor } = server.services;
    const demo = await playerRow(server, 'demo');
    const agent = [...floor.all()][0] as SimulatedAgent;
    machineId = agent.machineId;
    const session = await sessions.open(demo.id, machineId);
    sessionId = session.id;
    await sessions.transfer(session.id, 2000, 'report-1');
    expect(await agent.press('auto')).toBe(true);
    await expect.poll(() => agent.meters().gamesPlayed, { timeout: 60_000 }).toBeGreaterThan(3);
    agent.stopAutoplay();
    await sessions.close(session.id, 'player');

    const body = await report();
    const row = body.rows.find((r: Json) => r.machineId === machineId);
    expect(row).toMatchObject({
      day: today(),
      sessions: 1,
      openSessions: 0,
      cashIn: 2000,
      onMachine: 0,
      difference: 0,
      discrepancy: false,
    });
    expect(row.games).toBeGreaterThan(3);
    expect(row.cashOut).toBe(row.cashIn - row.coinIn + row.coinOut);
    expect(row.actualRtp).toBeCloseTo(row.coinOut / row.coinIn, 10);
    expect(row.parRtp).toBeGreaterThan(0.8);
    expect(row.parRtp).toBeLessThan(1);
    expect(body.totals).toMatchObject({ cashIn: 2000, discrepancies: 0 });
  });

  it('marks money the games cannot account for', async () => {
    const demo = await playerRow(server, 'demo');
    // A Cash Out the machine never paid: the ledger says more left it than the games allow.
    await server.services.ledger.post({
      playerId: demo.id,
      type: TransactionType.cashOut,
      amount: 150,
      idempotencyKey: 'report-phantom-cash-out',
      sessionId,
      machineId,
    });
    const row = (await report()).rows.find((r: Json) => r.machineId === machineId);
    expect(row).toMatchObject({ difference: -150, discrepancy: true });
  });

  it('writes the same rows as CSV, money in currency units', async () => {
    const url = `/staff/reports/daily.csv?from=${today()}&to=${today()}&machineId=${machineId}`;
    const res = await call('cashier', 'GET', url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, line, ...rest] = (res.body as string).trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    expect(header!.split(',')).toEqual(
      expect.arrayContaining(['day', 'machine', 'cash_in', 'coin_in', 'actual_rtp', 'par_rtp']),
    );
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, line!.split(',')[i]]));
    expect(cells).toMatchObject({
      day: today(),
      cash_in: '20.00',
      difference: '-1.50',
      discrepancy: 'yes',
    });
  });

  it('refuses a range that is not one', async () => {
    for (const q of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      expect((await call('auditor', 'GET', `/staff/reports/daily?${q}`)).status).toBe(400);
    }
  });
});
