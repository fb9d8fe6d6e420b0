// §9 AUTO_DISCOUNT / AUTO_BONUS: claim by itself when the player becomes eligible, which here means
// the wallet has dropped below the discount minimum. One try per kind for each new balance, and
// no more than one per repeat guard, so a refusal ('nothing to pay') is not asked again and again.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { ClaimKind } from '@reelcast/protocol/wallet';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { useBalance } from '../../../shared/api/get-balance';
import { useSettings } from '../../../shared/settings';
import { belowDiscountMinimum } from '../utils/claim-guard';
import type { ClaimOutcome } from './use-claim';

// Module state, not component state: the buttons unmount and mount again between lobby and game.
const triedAtBalance = new Map<ClaimKind, number>();
const lastAutoAt = new Map<ClaimKind, number>();
let bonusBlockedUntil = 0;

/** Forgets the auto claims' memory (a new session, tests). */
export function resetAutoClaims(): void {
  triedAtBalance.clear();
  lastAutoAt.clear();
  bonusBlockedUntil = 0;
}

export function shouldAutoClaim(kind: ClaimKind, balance: number, now: number, guardMs: number) {
  if (triedAtBalance.get(kind) === balance) return false;
  const last = lastAutoAt.get(kind);
  if (last !== undefined && now - last < guardMs) return false;
  if (kind === 'bonus' && now < bonusBlockedUntil) return false;
  return true;
}

export function useAutoClaim(
  claim: (kind: ClaimKind, opts: { auto: boolean }) => Promise<ClaimOutcome>,
): void {
  const balance = useBalance().data?.balance;
  const autoDiscount = useSettings((s) => s.AUTO_DISCOUNT);
  const autoBonus = useSettings((s) => s.AUTO_BONUS);
  const discountMin = useSettings((s) => s.DISCOUNT_MIN);
  const guardMs = useSettings((s) => s.CLAIM_REPEAT_GUARD_MS);

  useEffect(() => {
    if (balance === undefined || !belowDiscountMinimum(balance, discountMin)) return;
    const kinds: ClaimKind[] = [];
    if (autoDiscount) kinds.push('discount');
    if (autoBonus) kinds.push('bonus');
    let cancelled = false;
    void (async () => {
      // One after the other: only one claim may be in flight.
      for (const kind of kinds) {
        if (cancelled || !shouldAutoClaim(kind, balance, Date.now(), guardMs)) continue;
        triedAtBalance.set(kind, balance);
        lastAutoAt.set(kind, Date.now());
        const outcome = await claim(kind, { auto: true });
        if (outcome.kind === 'busy') {
          // Someone's click got there first: try again at the next balance change.
          triedAtBalance.delete(kind);
          lastAutoAt.delete(kind);
        }
        if (
          outcome.kind === 'refused' &&
          outcome.error instanceof ApiError &&
          outcome.error.code === ErrorCode.bonusAlreadyClaimed
        ) {
          const next = Date.parse(String(outcome.error.params.next));
          if (Number.isFinite(next)) bonusBlockedUntil = next;
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [balance, autoDiscount, autoBonus, discountMin, guardMs, claim]);
}
