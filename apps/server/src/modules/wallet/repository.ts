// SQL of the wallet. Every method takes the transaction it runs in.
import { desc, eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { ledgerEntries, players } from '../../db/schema';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

export const walletRepository = {
  /** Reads the balance and locks the player's row until the transaction ends. */
  async lockBalance(tx: Runner, playerId: number): Promise<number | null> {
    const rows = await tx
      .select({ balance: players.balance })
      .from(players)
      .where(eq(players.id, playerId))
      .for('update');
    return rows[0]?.balance ?? null;
  },

  async balance(tx: Runner, playerId: number): Promise<number | null> {
    const rows = await tx
      .select({ balance: players.balance })
      .from(players)
      .where(eq(players.id, playerId));
    return rows[0]?.balance ?? null;
  },

  async findByKey(tx: Runner, key: string): Promise<LedgerEntry | null> {
    const rows = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
    return rows[0] ?? null;
  },

  async append(tx: Runner, entry: NewLedgerEntry): Promise<LedgerEntry> {
    const rows = await tx.insert(ledgerEntries).values(entry).returning();
    return rows[0]!;
  },

  /** The player's entries, newest first. */
  async page(tx: Runner, playerId: number, limit: number, offset: number) {
    const [items, [count]] = await Promise.all([
      tx
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, playerId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit)
        .offset(offset),
      tx
        .select({ total: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, playerId)),
    ]);
    return { items, total: count?.total ?? 0 };
  },

  async setBalance(tx: Runner, playerId: number, balance: number): Promise<void> {
    await tx.update(players).set({ balance }).where(eq(players.id, playerId));
  },
};
