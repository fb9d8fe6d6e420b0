// Staff two-factor sign-in: TOTP (RFC 6238, 30 s steps, 6 digits, SHA-1: what authenticator apps
// speak) through otplib. A code is accepted one step either side of now, for clocks that drift,
// and never twice: the step it matched is kept, and only a later one is taken next (RFC 6238,
// section 5.2). The secret is enrolled pending, in force once a first code from it confirms it.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Runner } from '../../db/client';
import { players } from '../../db/schema';

/** The name authenticator apps file the account under. */
const ISSUER = 'Reelcast';
/** Seconds either side of now a code may come from (one 30 s step). */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, username: string): string =>
  generateURI({ issuer: ISSUER, label: username, secret });

/**
 * The time step the code matches, or null: wrong, or of a step already used (`lastStep`) or
 * before it.
 */
export async function totpStep(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // A TOTP verification answers its step (an HOTP one, of the same union type, would not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export const twoFactorRepository = {
  /** A new secret to enrol; the one in force (if any) stays until this one is confirmed. */
  async setPending(tx: Runner, playerId: number, secret: string): Promise<void> {
    await tx.update(players).set({ totpPendingSecret: secret }).where(eq(players.id, playerId));
  },

  /** The pending secret takes effect, with the step its first code used. */
  async confirm(tx: Runner, playerId: number, secret: string, step: number): Promise<boolean> {
    const rows = await tx
      .update(players)
      .set({
        totpSecret: secret,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
      })
      .where(and(eq(players.id, playerId), eq(players.totpPendingSecret, secret)))
      .returning({ id: players.id });
    return rows.length > 0;
  },

  /**
   * Takes the step of an accepted code, only if it is later than the last one: of two sign-ins
   * racing with one code, only one gets it.
   */
  async useStep(tx: Runner, playerId: number, step: number): Promise<boolean> {
    const rows = await tx
      .update(players)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(players.id, playerId),
          or(isNull(players.totpLastStep), lt(players.totpLastStep, step)),
        ),
      )
      .returning({ id: players.id });
    return rows.length > 0;
  },

  /** Two-factor off (an admin's reset): the member enrols again. */
  async clear(tx: Runner, playerId: number): Promise<void> {
    await tx
      .update(players)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(players.id, playerId));
  },
};
