// SQL of the failed-sign-in counter (login_attempts), keyed by the lowercased login name. Times
// come from the database clock, so several server instances agree on them.
import { eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export interface LockoutLimits {
  attempts: number;
  windowSeconds: number;
  blockSeconds: number;
}

/** What one counted failure did: the failures in the window and whether it started a lock. */
export interface CountedFailure {
  failures: number;
  locked: boolean;
}

const seconds = (n: number) => sql`(${n}::double precision * interval '1 second')`;

export const lockoutRepository = {
  async isLocked(tx: Runner, login: string): Promise<boolean> {
    const rows = await tx
      .select({ locked: sql<boolean>`coalesce(${loginAttempts.lockedUntil} > now(), false)` })
      .from(loginAttempts)
      .where(eq(loginAttempts.login, login));
    return rows[0]?.locked ?? false;
  },

  /**
   * Counts one failure in a single statement, so concurrent guesses serialise on the row and
   * can never count past the limit. A name that is already locked is not updated at all and
   * answers null: that guess was refused, not counted. A failure after the window has passed, or
   * after an earlier lock has run out, starts a new window at 1.
   */
  async countFailure(
    tx: Runner,
    login: string,
    limits: LockoutLimits,
  ): Promise<CountedFailure | null> {
    const t = loginAttempts;
    const block = seconds(limits.blockSeconds);
    const fresh = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= now() - ${seconds(limits.windowSeconds)})`;
    const rows = await tx
      .insert(t)
      .values({
        login,
        failures: 1,
        windowStartedAt: sql`now()`,
        lockedUntil: limits.attempts <= 1 ? sql`now() + ${block}` : null,
      })
      .onConflictDoUpdate({
        target: t.login,
        set: {
          failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
          windowStartedAt: sql`case when ${fresh} then now() else ${t.windowStartedAt} end`,
          lockedUntil: sql`case when (case when ${fresh} then 1 else ${t.failures} + 1 end) >= ${limits.attempts} then now() + ${block} else null end`,
        },
        setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
      })
      .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
    const row = rows[0];
    return row ? { failures: row.failures, locked: row.lockedUntil !== null } : null;
  },

  async clear(tx: Runner, login: string): Promise<void> {
    await tx.delete(loginAttempts).where(eq(loginAttempts.login, login));
  },
};
