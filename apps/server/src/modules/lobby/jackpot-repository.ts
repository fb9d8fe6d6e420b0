// SQL of progressive jackpots.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Runner, Tx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { jackpots, machines } from '../../db/schema';

export type JackpotRow = typeof jackpots.$inferSelect;

/** Read for the brands list and the lobby's jackpot push every second: prepared once. */
const allQuery = preparedOn((db) =>
  db
    .select()
    .from(jackpots)
    .orderBy(asc(jackpots.brandId), desc(jackpots.seedCents), asc(jackpots.id))
    .prepare('jackpots_all'),
);

export const jackpotRepository = {
  /** Every level, highest seed first within a brand (Grand, Major, Mini). */
  async all(db: Db): Promise<JackpotRow[]> {
    return allQuery(db).execute();
  },

  async forBrand(tx: Runner, brandId: number): Promise<JackpotRow[]> {
    return tx
      .select()
      .from(jackpots)
      .where(eq(jackpots.brandId, brandId))
      .orderBy(desc(jackpots.seedCents), asc(jackpots.id));
  },

  /** The levels of the machine's brand, locked until the transaction ends. */
  async lockForMachine(tx: Tx, machineId: number): Promise<JackpotRow[]> {
    const rows = await tx
      .select({ jackpot: jackpots })
      .from(jackpots)
      .innerJoin(machines, eq(machines.brandId, jackpots.brandId))
      .where(eq(machines.id, machineId))
      .orderBy(desc(jackpots.seedCents), asc(jackpots.id))
      .for('update', { of: jackpots });
    return rows.map((r) => r.jackpot);
  },

  /**
   * One statement, locks held only while it runs: grows each level of the machine's brand that
   * `addMicros` does not take to its hit point (`micros` per hundredth). Answers the levels grown,
   * each with the number of levels its brand has; none when the machine has no brand or levels,
   * or every level would hit.
   */
  async growShort(
    db: Runner,
    machineId: number,
    addMicros: number,
    micros: number,
  ): Promise<{ id: number; brandId: number; levels: number }[]> {
    const brand = db
      .select({ brandId: machines.brandId })
      .from(machines)
      .where(eq(machines.id, machineId));
    return db
      .update(jackpots)
      .set({ valueMicros: sql`${jackpots.valueMicros} + ${addMicros}` })
      .where(
        and(
          inArray(jackpots.brandId, brand),
          sql`(${jackpots.valueMicros} + ${addMicros}) / ${micros} < ${jackpots.hitAtCents}`,
        ),
      )
      .returning({
        id: jackpots.id,
        brandId: jackpots.brandId,
        // Spelled out: drizzle writes a column in RETURNING without its table, which inside the
        // subquery would name the subquery's own row (and count every brand's levels).
        levels: sql<number>`(select count(*) from ${jackpots} as l
          where l.brand_id = "jackpots"."brand_id")`.mapWith(Number),
      });
  },

  async grow(tx: Tx, id: number, addMicros: number): Promise<void> {
    await tx
      .update(jackpots)
      .set({ valueMicros: sql`${jackpots.valueMicros} + ${addMicros}` })
      .where(eq(jackpots.id, id));
  },

  async reset(tx: Tx, id: number, valueMicros: number, hitAtCents: number): Promise<void> {
    await tx
      .update(jackpots)
      .set({ valueMicros, hitAtCents, hits: sql`${jackpots.hits} + 1` })
      .where(eq(jackpots.id, id));
  },

  async insert(tx: Runner, row: typeof jackpots.$inferInsert): Promise<void> {
    await tx.insert(jackpots).values(row);
  },

  /** For tests and operators: moves a level's hidden hit point. */
  async setHitAt(tx: Runner, id: number, hitAtCents: number): Promise<void> {
    await tx.update(jackpots).set({ hitAtCents }).where(eq(jackpots.id, id));
  },
};
