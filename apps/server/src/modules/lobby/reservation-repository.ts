// SQL of reservations. A row whose expires_at has passed is no reservation: every read compares
// it with the time of the read, so nothing has to sweep them for the answers to be right.
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { reservations } from '../../db/schema';

export type ReservationRow = typeof reservations.$inferSelect;

/** Every lobby list asks it: prepared once (db/prepared.ts). */
const activeQuery = preparedOn((db) =>
  db
    .select()
    .from(reservations)
    .where(gt(reservations.expiresAt, sql.placeholder('now')))
    .prepare('reservations_active'),
);

export const reservationRepository = {
  async active(db: Db, now: Date): Promise<ReservationRow[]> {
    // As text: a placeholder's value skips the column's mapping, and drizzle's postgres-js driver
    // leaves no Date serializer of its own (a Date here failed on PostgreSQL, not on PGlite).
    return activeQuery(db).execute({ now: now.toISOString() });
  },

  async forMachine(tx: Runner, machineId: number, now: Date): Promise<ReservationRow | null> {
    const rows = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.machineId, machineId), gt(reservations.expiresAt, now)));
    return rows[0] ?? null;
  },

  /** Clears the player's own reservation and any lapsed one on the machine, then holds it. */
  async replace(
    tx: Runner,
    playerId: number,
    machineId: number,
    expiresAt: Date,
    now: Date,
  ): Promise<ReservationRow[]> {
    const removed = await tx
      .delete(reservations)
      .where(
        or(
          eq(reservations.playerId, playerId),
          and(eq(reservations.machineId, machineId), lte(reservations.expiresAt, now)),
        ),
      )
      .returning();
    await tx.insert(reservations).values({ machineId, playerId, expiresAt });
    return removed;
  },

  async deleteForPlayer(tx: Runner, playerId: number): Promise<ReservationRow | null> {
    const rows = await tx
      .delete(reservations)
      .where(eq(reservations.playerId, playerId))
      .returning();
    return rows[0] ?? null;
  },

  /** Removes the player's hold on this machine only (not one they took elsewhere meanwhile). */
  async deleteHold(tx: Runner, playerId: number, machineId: number): Promise<boolean> {
    const rows = await tx
      .delete(reservations)
      .where(and(eq(reservations.playerId, playerId), eq(reservations.machineId, machineId)))
      .returning({ machineId: reservations.machineId });
    return rows.length > 0;
  },

  async deleteForMachine(tx: Runner, machineId: number): Promise<ReservationRow | null> {
    const rows = await tx
      .delete(reservations)
      .where(eq(reservations.machineId, machineId))
      .returning();
    return rows[0] ?? null;
  },

  /** Removes a reservation only if it has lapsed (a renewed one stays). */
  async deleteIfLapsed(tx: Runner, machineId: number, now: Date): Promise<boolean> {
    const rows = await tx
      .delete(reservations)
      .where(and(eq(reservations.machineId, machineId), lte(reservations.expiresAt, now)))
      .returning();
    return rows.length > 0;
  },
};
