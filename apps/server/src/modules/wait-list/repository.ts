// SQL of the wait lists. Each move another instance could make at the same time is one conditional
// statement (or a transaction holding the player's row), so of two instances only one makes it.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Runner, Tx } from '../../db/client';
import { waitListEntries as entries } from '../../db/schema-wait-list';

export type WaitListEntry = typeof entries.$inferSelect;

const inOrder = [asc(entries.joinedAt), asc(entries.id)];

/** PostgreSQL's unique_violation, as the driver or drizzle's wrapper of it carries it. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.cause?.code ?? err.code) === '23505';
};

export const waitListRepository = {
  async entryOf(tx: Runner, playerId: number): Promise<WaitListEntry | null> {
    const rows = await tx.select().from(entries).where(eq(entries.playerId, playerId));
    return rows[0] ?? null;
  },

  /** The player's entry, locked until the transaction ends (a join of theirs waits for it). */
  async lockEntry(tx: Tx, playerId: number): Promise<WaitListEntry | null> {
    const rows = await tx
      .select()
      .from(entries)
      .where(eq(entries.playerId, playerId))
      .for('update');
    return rows[0] ?? null;
  },

  /** The machine's wait list, first in line first. */
  async queue(tx: Runner, machineId: number): Promise<WaitListEntry[]> {
    return tx
      .select()
      .from(entries)
      .where(eq(entries.machineId, machineId))
      .orderBy(...inOrder);
  },

  /** The wait list the player is in, first in line first; empty when they are in none. */
  async queueOf(tx: Runner, playerId: number): Promise<WaitListEntry[]> {
    const theirs = tx
      .select({ machineId: entries.machineId })
      .from(entries)
      .where(eq(entries.playerId, playerId));
    return tx
      .select()
      .from(entries)
      .where(inArray(entries.machineId, theirs))
      .orderBy(...inOrder);
  },

  /** Every wait list (a start reads them all), machine by machine, each in order. */
  async all(tx: Runner): Promise<WaitListEntry[]> {
    return tx
      .select()
      .from(entries)
      .orderBy(asc(entries.machineId), ...inOrder);
  },

  /** Puts the player at the end of the machine's list; false when they are in a list already. */
  async add(tx: Runner, playerId: number, machineId: number): Promise<boolean> {
    const rows = await tx
      .insert(entries)
      .values({ playerId, machineId })
      .onConflictDoNothing({ target: entries.playerId })
      .returning({ id: entries.id });
    return rows.length > 0;
  },

  /** Takes the player out of the machine's list; answers the row, or null when not in it. */
  async remove(tx: Runner, playerId: number, machineId?: number): Promise<WaitListEntry | null> {
    const rows = await tx
      .delete(entries)
      .where(
        and(
          eq(entries.playerId, playerId),
          machineId === undefined ? undefined : eq(entries.machineId, machineId),
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /**
   * Takes out the player whose ready prompt ended at `until`, only if it still does: of the
   * instances whose timers fire for it, one moves it on; one whose player sat down has no row.
   */
  async removeMissed(
    tx: Runner,
    playerId: number,
    machineId: number,
    until: Date,
  ): Promise<WaitListEntry | null> {
    const rows = await tx
      .delete(entries)
      .where(
        and(
          eq(entries.playerId, playerId),
          eq(entries.machineId, machineId),
          eq(entries.offeredUntil, until),
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /**
   * Gives the entry the ready prompt until `until`, only while it is first in line and the
   * machine has no prompt out (the partial unique index refuses a second): false otherwise.
   */
  async offer(tx: Runner, entryId: number, machineId: number, until: Date): Promise<boolean> {
    const first = tx
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.machineId, machineId))
      .orderBy(...inOrder)
      .limit(1);
    try {
      const rows = await tx
        .update(entries)
        .set({ offeredUntil: until })
        .where(
          and(eq(entries.id, entryId), isNull(entries.offeredUntil), inArray(entries.id, first)),
        )
        .returning({ id: entries.id });
      return rows.length > 0;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  },
};
