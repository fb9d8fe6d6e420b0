// The limit rules, without the database: what is in force at a moment, what a change does (a
// tighter limit at once, a looser one or a removal after the cooling-off), and which limit a new
// amount would pass.
import {
  COOLING_OFF_MS,
  type LimitKind,
  type LimitPeriod,
  limitKinds,
  limitPeriods,
} from '@reelcast/protocol/protection';

/** A limit as stored: the value in force and a looser one waiting until `pendingAt`. */
export interface StoredLimit {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pendingAmount: number | null;
  pendingAt: Date | null;
}

/** A limit at a moment: in force, and what waits for its cooling-off (null amount: removal). */
export interface LimitState {
  amount: number | null;
  pending: { amount: number | null; at: Date } | null;
}

export const noLimit: LimitState = { amount: null, pending: null };

/** What is in force at `now`: a pending change whose cooling-off is over has taken effect. */
export function inForce(row: StoredLimit | undefined, now: Date): LimitState {
  if (!row) return noLimit;
  if (row.pendingAt && row.pendingAt <= now) return { amount: row.pendingAmount, pending: null };
  return {
    amount: row.amount,
    pending: row.pendingAt ? { amount: row.pendingAmount, at: row.pendingAt } : null,
  };
}

/**
 * The player asks for `requested` (null: no limit). A tighter limit applies at once and calls
 * off any loosening that waits; asking for the limit in force calls it off too; a looser one, or
 * a removal, waits COOLING_OFF_MS (asking again for the same one does not restart the wait).
 */
export function changeLimit(current: LimitState, requested: number | null, now: Date): LimitState {
  const { amount } = current;
  if (requested !== null && (amount === null || requested < amount)) {
    return { amount: requested, pending: null };
  }
  if (requested === amount) return { amount, pending: null };
  if (current.pending && current.pending.amount === requested) return current;
  return { amount, pending: { amount: requested, at: new Date(now.getTime() + COOLING_OFF_MS) } };
}

/** Used per kind and period, as counted for the limits (see docs/player-protection.md). */
export type Usage = Record<LimitPeriod, Record<LimitKind, number>>;

/** The limit a further `adding` would pass: the one with the least left; null when none would. */
export interface Breach {
  kind: LimitKind;
  period: LimitPeriod;
  limit: number;
  /** what is still allowed (never below 0) */
  left: number;
}

export function breachOf(
  states: Map<string, LimitState>,
  usage: Usage,
  kinds: readonly LimitKind[],
  adding: number,
): Breach | null {
  let worst: Breach | null = null;
  for (const kind of kinds) {
    for (const period of limitPeriods) {
      const limit = states.get(limitKey(kind, period))?.amount;
      if (limit === null || limit === undefined) continue;
      const left = Math.max(0, limit - usage[period][kind]);
      if (adding <= left) continue;
      if (!worst || left < worst.left) worst = { kind, period, limit, left };
    }
  }
  return worst;
}

export const limitKey = (kind: LimitKind, period: LimitPeriod) => `${kind}:${period}`;

/** Every kind and period, in the order the Limits page lists them. */
export const allLimitSlots = limitKinds.flatMap((kind) =>
  limitPeriods.map((period) => ({ kind, period })),
);

/** The period as the English message says it ('Your daily limit …'). */
export const periodWord: Record<LimitPeriod, string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
};
