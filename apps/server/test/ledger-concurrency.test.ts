// Money under concurrency, on a real PostgreSQL server: PGlite runs one transaction at a time and
// would prove nothing about locking.
import { TransactionType } from '@reelcast/protocol/transactions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { ledgerEntries } from '../src/db/schema';
import { Ledger } from '../src/modules/wallet/ledger';
import { newFundedPlayer } from './funded-player';
import { createPostgresDatabase } from './support';

describe('ledger on PostgreSQL under concurrency', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let ledger: Ledger;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: pg.url });
    expect(database.kind).toBe('postgres');
    ledger = new Ledger(database.db);
  });
  afterAll(async () => {
    await database.close();
    await pg.drop();
  });

  const newPlayer = (username: string, opening: number) =>
    newFundedPlayer(database.db, ledger, username, opening);

  async function ledgerSum(playerId: number): Promise<number> {
    const [r] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, playerId));
    return Number(r!.sum);
  }

  it('50 concurrent transfers against a balance covering 14: exactly 14 land', async () => {
    const playerId = await newPlayer('racer', 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.post({
          playerId,
          type: TransactionType.cashIn,
          amount: -700,
          idempotencyKey: `race:${i}`,
        }),
      ),
    );
    const landed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(landed).toHaveLength(14);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.code).toBe(40200);
    const balance = await ledger.balance(playerId);
    expect(balance).toBe(10_000 - 14 * 700);
    expect(await ledgerSum(playerId)).toBe(balance);
    // Every entry's balance_after is what the balance was at that point: no gap, no overlap.
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, playerId))
      .orderBy(ledgerEntries.id);
    let running = 0;
    for (const e of entries) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
      expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  });

  it('one idempotency key posted 20 times at once lands once', async () => {
    const playerId = await newPlayer('retrier', 5_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        ledger.post({
          playerId,
          type: TransactionType.cashIn,
          amount: -1_000,
          idempotencyKey: 'same-key',
        }),
      ),
    );
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.applied);
    expect(applied).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await ledger.balance(playerId)).toBe(4_000);
    expect(await ledgerSum(playerId)).toBe(4_000);
  });

  it('mixed concurrent cash-ins and cash-outs keep the sum equal to the balance', async () => {
    const playerId = await newPlayer('mixer', 2_000);
    await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        ledger.post({
          playerId,
          type: i % 3 === 0 ? TransactionType.cashOut : TransactionType.cashIn,
          amount: i % 3 === 0 ? 300 : -250,
          idempotencyKey: `mix:${i}`,
        }),
      ),
    );
    const balance = await ledger.balance(playerId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(playerId)).toBe(balance);
  });
});
