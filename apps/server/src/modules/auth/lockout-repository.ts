// SQL of the sign-in counter (login_attempts). Every attempt reserves a place before its password
// is checked (`pending`); the check then settles it as a failure (`failures`) or a success. Times
// come from the database clock, so several server instances agree on them.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export interface LockoutLimits {
  attempts: number;
  windowSeconds: number;
  blockSeconds: number;
}

const seconds = (n: number) => sql`(${n}::double precision * interval '1 second')`;
const t = loginAttempts;
const notLocked = or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`));

export const lockoutRepository = {
  /**
   * Reserves one attempt in a single statement, so concurrent attempts serialise on the row. A
   * key already locked is not touched: null. An attempt that would pass the limit while others
   * are still being checked starts the lock itself ('over'): each of those may still fail, and
   * an answer of 10702 must mean no token follows. A reservation after the window has passed or
   * an earlier lock ran out starts a new window (and forgets places of checks that never ended).
   */
  async reserve(
    tx: Runner,
    key: string,
    limits: LockoutLimits,
  ): Promise<'reserved' | 'over' | null> {
    const block = seconds(limits.blockSeconds);
    const fresh = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= now() - ${seconds(limits.windowSeconds)})`;
    const used = sql`(case when ${fresh} then 0 else ${t.failures} + ${t.pending} end)`;
    const rows = await tx
      .insert(t)
      .values({
        login: key,
        failures: 0,
        pending: 1,
        windowStartedAt: sql`now()`,
        lockedUntil: null,
      })
      .onConflictDoUpdate({
        target: t.login,
        set: {
          failures: sql`case when ${fresh} then 0 else ${t.failures} end`,
          pending: sql`case when ${fresh} then 1 else ${t.pending} + 1 end`,
          windowStartedAt: sql`case when ${fresh} then now() else ${t.windowStartedAt} end`,
          lockedUntil: sql`case when ${used} + 1 > ${limits.attempts} then now() + ${block} else null end`,
        },
        setWhere: notLocked,
      })
      .returning({ lockedUntil: t.lockedUntil });
    const row = rows[0];
    if (!row) return null;
    return row.lockedUntil === null ? 'reserved' : 'over';
  },

  /**
   * Settles a reserved attempt as a failure; answers the failures in the window. The one that
   * reaches the limit (re)starts the lock from now, even if a reservation over the limit already
   * started it.
   */
  async fail(tx: Runner, key: string, limits: LockoutLimits): Promise<number> {
    const rows = await tx
      .update(t)
      .set({
        pending: sql`greatest(${t.pending} - 1, 0)`,
        failures: sql`${t.failures} + 1`,
        lockedUntil: sql`case when ${t.failures} + 1 >= ${limits.attempts} then now() + ${seconds(limits.blockSeconds)} else ${t.lockedUntil} end`,
      })
      .where(eq(t.login, key))
      .returning({ failures: t.failures });
    return rows[0]?.failures ?? 1;
  },

  /**
   * Settles a reserved attempt whose password verified: forgets the failures and starts a new
   * window, unless the key got locked meanwhile (false), which the success must not lift.
   */
  async succeed(tx: Runner, key: string): Promise<boolean> {
    const rows = await tx
      .update(t)
      .set({
        pending: sql`greatest(${t.pending} - 1, 0)`,
        failures: 0,
        windowStartedAt: sql`now()`,
      })
      .where(and(eq(t.login, key), notLocked))
      .returning({ login: t.login });
    if (rows.length > 0) return true;
    await this.release(tx, key);
    return false;
  },

  /** Gives a reserved place back without counting it (a right password refused for a ban). */
  async release(tx: Runner, key: string): Promise<void> {
    await tx
      .update(t)
      .set({ pending: sql`greatest(${t.pending} - 1, 0)` })
      .where(eq(t.login, key));
  },
};
