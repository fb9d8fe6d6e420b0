// The history pages' totals (transactions, slot sessions): the count of every row the page is
// taken from, on a full page, the last one, one past the end and a filtered list, on both
// databases. The rows carry the count (db/page-total.ts); past the end it is asked for alone.
import { TransactionType } from '@reelcast/protocol/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  type DbKind,
  playerRow,
  startTestServer,
  type TestServer,
  tokenFor,
} from './support';

describe.each<DbKind>(['pglite', 'postgres'])('history pages on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let deposits: number;
  const get = async (url: string) => (await callAs(server, token, 'GET', url)).body;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const demo = await playerRow(server, 'demo2');
    token = await tokenFor(server, 'demo2');
    const before = (await get('/player/transactions?pageSize=200')).total as number;
    for (let i = 0; i < 5; i++) {
      await server.services.ledger.post({
        playerId: demo.id,
        type: TransactionType.deposit,
        amount: 100 + i,
        idempotencyKey: `history-pages-${kind}-${i}`,
      });
    }
    deposits = before + 5;
    // Three slot sessions, each opened and closed.
    for (const machineId of [1, 2, 3]) {
      const session = await server.services.sessions.open(demo.id, machineId);
      await server.services.sessions.close(session.id, 'player');
    }
  });
  afterAll(() => server.close());

  it('counts every transaction on each page, and past the end', async () => {
    const first = await get('/player/transactions?page=1&pageSize=2');
    expect([first.items.length, first.total]).toEqual([2, deposits]);
    const last = Math.ceil(deposits / 2);
    const end = await get(`/player/transactions?page=${last}&pageSize=2`);
    expect([end.items.length, end.total]).toEqual([deposits - 2 * (last - 1), deposits]);
    const past = await get(`/player/transactions?page=${last + 1}&pageSize=2`);
    expect([past.items.length, past.total]).toEqual([0, deposits]);
  });

  it('counts only the transactions a filter keeps', async () => {
    const all = (await get('/player/transactions?pageSize=200')).items as Array<{ type: number }>;
    const deposited = all.filter((e) => e.type === TransactionType.deposit).length;
    const page = await get(`/player/transactions?pageSize=1&type=${TransactionType.deposit}`);
    expect([page.items.length, page.total]).toEqual([1, deposited]);
  });

  it('counts every slot session on each page, and past the end', async () => {
    const first = await get('/player/slot-sessions?page=1&pageSize=2');
    expect([first.items.length, first.total]).toEqual([2, 3]);
    const second = await get('/player/slot-sessions?page=2&pageSize=2');
    expect([second.items.length, second.total]).toEqual([1, 3]);
    const past = await get('/player/slot-sessions?page=3&pageSize=2');
    expect([past.items.length, past.total]).toEqual([0, 3]);
  });

  it('answers 0 for a player with no history', async () => {
    const other = await tokenFor(server, 'demo0');
    expect((await callAs(server, other, 'GET', '/player/slot-sessions')).body.total).toBe(0);
  });
});
