import { TransactionType } from '@reelcast/protocol/transactions';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { pageTotal, totalOver } from '../../db/page-total';
import { brands, ledgerEntries, machines, slotSessions, slotSpins } from '../../db/schema';

export type SlotSession = typeof slotSessions.$inferSelect;
export type SpinRow = typeof slotSpins.$inferSelect;
export type NewSpin = Omit<typeof slotSpins.$inferInsert, 'id'>;

export interface SessionRow extends SlotSession {
  machineName: string;
  brandName: string | null;
  cashIn: number;
  cashOut: number;
}

export const sessionsRepository = {
  async openForMachine(tx: Runner, machineId: number): Promise<SlotSession | null> {
    const rows = await tx
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.machineId, machineId), eq(slotSessions.status, 'open')));
    return rows[0] ?? null;
  },

  /** Every machine's name by id, as the lobby shows it. */
  async machineNames(tx: Runner): Promise<Map<number, string>> {
    const rows = await tx.select({ id: machines.id, name: machines.name }).from(machines);
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async openOfPlayer(tx: Runner, playerId: number): Promise<SlotSession[]> {
    return tx
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.playerId, playerId), eq(slotSessions.status, 'open')));
  },

  async allOpen(tx: Runner): Promise<SlotSession[]> {
    return tx.select().from(slotSessions).where(eq(slotSessions.status, 'open'));
  },

  /** The open sessions on these machines. */
  async openOn(tx: Runner, machineIds: number[]): Promise<SlotSession[]> {
    if (machineIds.length === 0) return [];
    return tx
      .select()
      .from(slotSessions)
      .where(and(inArray(slotSessions.machineId, machineIds), eq(slotSessions.status, 'open')));
  },

  /**
   * Locks the session's row until the transaction ends and answers whether it is still open (and
   * why it closed if not): money moved for a session waits here for any close of it under way,
   * on whichever instance, and is not moved for one that closed meanwhile.
   */
  async lockOpen(
    tx: Runner,
    id: number,
  ): Promise<{ open: true } | { open: false; closeReason: string | null }> {
    const [row] = await tx
      .select({ status: slotSessions.status, closeReason: slotSessions.closeReason })
      .from(slotSessions)
      .where(eq(slotSessions.id, id))
      .for('update');
    if (row?.status === 'open') return { open: true };
    return { open: false, closeReason: row?.closeReason ?? null };
  },

  /** The seat's clocks as they run now (null: not running); a closed session is left as it is. */
  async setClocks(
    tx: Runner,
    id: number,
    clocks: { graceEndsAt?: Date | null; idleEndsAt?: Date | null },
  ): Promise<void> {
    await tx
      .update(slotSessions)
      .set(clocks)
      .where(and(eq(slotSessions.id, id), eq(slotSessions.status, 'open')));
  },

  async create(tx: Runner, playerId: number, machineId: number): Promise<SlotSession> {
    const rows = await tx.insert(slotSessions).values({ playerId, machineId }).returning();
    return rows[0]!;
  },

  async setHandPay(
    tx: Runner,
    id: number,
    amount: number,
    handPayId: string | null,
  ): Promise<void> {
    await tx
      .update(slotSessions)
      .set({ handPay: amount, handPayId })
      .where(eq(slotSessions.id, id));
  },

  async setCredits(tx: Runner, id: number, credits: number): Promise<void> {
    await tx.update(slotSessions).set({ credits }).where(eq(slotSessions.id, id));
  },

  /** Closes the session if it is still open; answers false when it was closed already. */
  async close(tx: Runner, id: number, reason: string): Promise<boolean> {
    const rows = await tx
      .update(slotSessions)
      .set({
        status: 'closed',
        closedAt: new Date(),
        credits: 0,
        closeReason: reason,
        graceEndsAt: null,
        idleEndsAt: null,
      })
      .where(and(eq(slotSessions.id, id), eq(slotSessions.status, 'open')))
      .returning({ id: slotSessions.id });
    return rows.length > 0;
  },

  /** One game of the session: its recall record and the session's totals, together. */
  /**
   * A game into the session's record, with its totals; a game the cabinet named (`gameRef`) that
   * is recorded already is not counted again. `credits`: the game's credits after become the
   * session's (a game told as it ended; one from a journal only when the cabinet still has them).
   * Answers whether the game was new.
   */
  async recordSpin(tx: Runner, spin: NewSpin, opts = { credits: true }): Promise<boolean> {
    const added = await tx
      .insert(slotSpins)
      .values(spin)
      .onConflictDoNothing({ target: slotSpins.gameRef })
      .returning({ id: slotSpins.id });
    const isNew = added.length > 0;
    if (!isNew && !opts.credits) return false;
    const totals = {
      gamesPlayed: sql`${slotSessions.gamesPlayed} + 1`,
      totalBet: sql`${slotSessions.totalBet} + ${spin.bet}`,
      totalWon: sql`${slotSessions.totalWon} + ${spin.win}`,
    };
    await tx
      .update(slotSessions)
      .set({
        ...(isNew ? totals : {}),
        ...(opts.credits ? { credits: spin.creditsAfter } : {}),
      })
      .where(eq(slotSessions.id, spin.sessionId));
    return isNew;
  },

  /**
   * The machine's slot session a game that ended at `at` was played in: the last one opened on
   * it by then, unless it had closed before (a journal's game told late; it may have closed
   * since, as a close waits for no journal).
   */
  async sessionAt(tx: Runner, machineId: number, at: Date): Promise<SlotSession | null> {
    const rows = await tx
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.machineId, machineId), lte(slotSessions.openedAt, at)))
      .orderBy(desc(slotSessions.openedAt), desc(slotSessions.id))
      .limit(1);
    const session = rows[0];
    // `at` is known to a message's transit (late, never early): a close just after is still after.
    const closedBefore = session?.closedAt && session.closedAt.getTime() < at.getTime() - 2000;
    if (!session || closedBefore) return null;
    return session;
  },

  /** A player's sessions, newest first, with machine, brand and cash totals from the ledger. */
  async pageForPlayer(
    tx: Runner,
    playerId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: SessionRow[]; total: number }> {
    const rows = await tx
      .select({
        session: slotSessions,
        machineName: machines.name,
        brandName: brands.name,
        total: totalOver(),
      })
      .from(slotSessions)
      .innerJoin(machines, eq(machines.id, slotSessions.machineId))
      .leftJoin(brands, eq(brands.id, machines.brandId))
      .where(eq(slotSessions.playerId, playerId))
      .orderBy(desc(slotSessions.openedAt), desc(slotSessions.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, offset, async () => {
      const [row] = await tx
        .select({ total: count() })
        .from(slotSessions)
        .where(eq(slotSessions.playerId, playerId));
      return row?.total ?? 0;
    });
    const cash = await cashTotals(
      tx,
      rows.map((r) => r.session.id),
    );
    return {
      items: rows.map((r) => ({
        ...r.session,
        machineName: r.machineName,
        brandName: r.brandName,
        cashIn: cash.get(r.session.id)?.cashIn ?? 0,
        cashOut: cash.get(r.session.id)?.cashOut ?? 0,
      })),
      total,
    };
  },

  /** With `playerId`, only that player's session: another's is read exactly like a missing one. */
  async byId(tx: Runner, id: number, playerId?: number): Promise<SessionRow | null> {
    const rows = await tx
      .select({ session: slotSessions, machineName: machines.name, brandName: brands.name })
      .from(slotSessions)
      .innerJoin(machines, eq(machines.id, slotSessions.machineId))
      .leftJoin(brands, eq(brands.id, machines.brandId))
      .where(
        playerId === undefined
          ? eq(slotSessions.id, id)
          : and(eq(slotSessions.id, id), eq(slotSessions.playerId, playerId)),
      );
    const r = rows[0];
    if (!r) return null;
    const cash = (await cashTotals(tx, [id])).get(id);
    return {
      ...r.session,
      machineName: r.machineName,
      brandName: r.brandName,
      cashIn: cash?.cashIn ?? 0,
      cashOut: cash?.cashOut ?? 0,
    };
  },

  /** The games of a session in the order they were played. */
  async spins(
    tx: Runner,
    sessionId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: SpinRow[]; total: number }> {
    const items = await tx
      .select()
      .from(slotSpins)
      .where(eq(slotSpins.sessionId, sessionId))
      .orderBy(slotSpins.id)
      .limit(limit)
      .offset(offset);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(slotSpins)
      .where(eq(slotSpins.sessionId, sessionId));
    return { items, total };
  },
};

/**
 * Cash in (wallet → machine) and cash out (machine → wallet, hand pays included) per session,
 * summed from the ledger so the history always agrees with the transactions.
 */
async function cashTotals(
  tx: Runner,
  sessionIds: number[],
): Promise<Map<number, { cashIn: number; cashOut: number }>> {
  const out = new Map<number, { cashIn: number; cashOut: number }>();
  if (sessionIds.length === 0) return out;
  const rows = await tx
    .select({
      sessionId: ledgerEntries.sessionId,
      cashIn: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.type} = ${TransactionType.cashIn}), 0)`,
      cashOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.type} in (${TransactionType.cashOut}, ${TransactionType.handPay})), 0)`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.sessionId, sessionIds))
    .groupBy(ledgerEntries.sessionId);
  for (const r of rows) {
    if (r.sessionId === null) continue;
    out.set(r.sessionId, { cashIn: Number(r.cashIn), cashOut: Number(r.cashOut) });
  }
  return out;
}
