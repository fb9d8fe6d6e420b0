// The client's side of the claim rules (§5): the 30 s repeat guard from the locally stored last
// click time (§3 local storage), and one claim request in flight at a time, discount or bonus.
import type { ClaimKind } from '@reelcast/protocol/wallet';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../../shared/storage';

/** §3: the last discount and last bonus click times are stored locally. */
export const lastClaimStorageKeys: Record<ClaimKind, string> = {
  discount: 'lastDiscount',
  bonus: 'lastBonus',
};

export function lastClaimAt(kind: ClaimKind): number | null {
  const raw = readStorage(lastClaimStorageKeys[kind]);
  const at = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(at) ? at : null;
}

export function recordClaimClick(kind: ClaimKind, now: number): void {
  writeStorage(lastClaimStorageKeys[kind], String(now));
}

/** True while the last click is under guardMs ago (a clock set back counts as recent too). */
export function withinRepeatGuard(kind: ClaimKind, now: number, guardMs: number): boolean {
  const last = lastClaimAt(kind);
  return last !== null && now - last < guardMs && now >= last - guardMs;
}

type InFlight = { claiming: ClaimKind | null };

/** Which claim is being calculated; null when none. Shared by every button on screen. */
export const useClaimInFlight = create<InFlight>()(() => ({ claiming: null }));

/** Takes the single in-flight slot; false when a claim is already running. */
export function beginClaim(kind: ClaimKind): boolean {
  if (useClaimInFlight.getState().claiming !== null) return false;
  useClaimInFlight.setState({ claiming: kind });
  return true;
}

export function endClaim(): void {
  useClaimInFlight.setState({ claiming: null });
}

/** The auto claims' trigger (§9 AUTO_DISCOUNT/AUTO_BONUS): the wallet has run below the minimum. */
export function belowDiscountMinimum(balanceCents: number, discountMin: number): boolean {
  return balanceCents < Math.round(discountMin * 100);
}
