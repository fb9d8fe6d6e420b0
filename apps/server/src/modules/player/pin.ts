// The idle lock's PIN: an argon2id hash like the password (same parameters), checked only here.
// Wrong PINs are counted on the player's row: one statement reserves an attempt before the hash
// is checked, so a burst of guesses at once cannot get more than PIN_ATTEMPTS checked; the
// PIN_ATTEMPTS-th wrong one in a row stamps pin_locked_at and the caller ends the sign-in. Only a
// token issued after that stamp (a new sign-in, which took the password) counts afresh.
import { PIN_ATTEMPTS } from '@reelcast/protocol/log-types';
import { eq, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/client';
import { players } from '../../db/schema';
import { hashPassword, verifyPassword } from '../auth/passwords';

export const hashPin = (pin: string) => hashPassword(pin);
export const verifyPin = (stored: string, pin: string) => verifyPassword(stored, pin);

/** A PIN stored by a version before hashing: 4–6 digits (a hash is `$argon2id$…`). */
const plainPin = /^\d{4,6}$/;

/**
 * The one-time step at start: hashes every PIN still stored plain. Idempotent, and safe with two
 * servers starting at once (a row is only replaced while it still holds the plain PIN).
 */
export async function hashPlainPins(db: Db): Promise<number> {
  const rows = await db
    .select({ id: players.id, pin: players.pinHash })
    .from(players)
    .where(sql`${players.pinHash} ~ '^[0-9]{4,6}$'`);
  let hashed = 0;
  for (const row of rows) {
    if (!plainPin.test(row.pin)) continue;
    const updated = await db
      .update(players)
      .set({ pinHash: await hashPin(row.pin) })
      .where(sql`${players.id} = ${row.id} and ${players.pinHash} = ${row.pin}`)
      .returning({ id: players.id });
    hashed += updated.length;
  }
  return hashed;
}

export const pinRepository = {
  /**
   * Counts one attempt before the PIN is checked and answers the count with the stored hash, or
   * null when this token may try no more (PIN_ATTEMPTS reached, or its sign-in was ended by wrong
   * PINs). A token issued (iat, seconds) after the last lock starts a fresh count.
   */
  async reserveAttempt(
    tx: Runner,
    playerId: number,
    issuedAtSeconds: number,
  ): Promise<{ failures: number; pinHash: string } | null> {
    const fresh = sql`(${players.pinLockedAt} is not null
      and ${players.pinLockedAt} < to_timestamp(${issuedAtSeconds}))`;
    const rows = await tx
      .update(players)
      .set({
        pinFailures: sql`case when ${fresh} then 1 else ${players.pinFailures} + 1 end`,
        pinLockedAt: sql`case when ${fresh} then null else ${players.pinLockedAt} end`,
      })
      .where(
        sql`${players.id} = ${playerId} and (${fresh} or (${players.pinLockedAt} is null
          and ${players.pinFailures} < ${PIN_ATTEMPTS}))`,
      )
      .returning({ failures: players.pinFailures, pinHash: players.pinHash });
    return rows[0] ?? null;
  },

  /** A right PIN: the count starts over. */
  async reset(tx: Runner, playerId: number): Promise<void> {
    await tx
      .update(players)
      .set({ pinFailures: 0, pinLockedAt: null })
      .where(eq(players.id, playerId));
  },

  /** The last allowed wrong PIN: tokens issued until now may try no more. */
  async lock(tx: Runner, playerId: number): Promise<void> {
    await tx.update(players).set({ pinLockedAt: sql`now()` }).where(eq(players.id, playerId));
  },
};
