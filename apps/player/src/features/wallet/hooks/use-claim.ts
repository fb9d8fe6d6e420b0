// Making a discount or bonus claim: the repeat guard, the single request in flight, the toast
// with the result or the translated refusal (§5, §8), and the balance refreshed afterwards.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { ClaimKind, ClaimPaid } from '@reelcast/protocol/wallet';
import { useCallback } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { balanceQueryKey } from '../../../shared/api/get-balance';
import type { TFunction } from '../../../shared/i18n';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { getSettings } from '../../../shared/settings';
import { toast } from '../../../shared/ui/toast';
import { claimBonus } from '../api/claim-bonus';
import { claimDiscount } from '../api/claim-discount';
import {
  beginClaim,
  endClaim,
  recordClaimClick,
  useClaimInFlight,
  withinRepeatGuard,
} from '../utils/claim-guard';

export type ClaimOutcome =
  | { kind: 'paid'; answer: ClaimPaid }
  | { kind: 'guarded' }
  | { kind: 'busy' }
  | { kind: 'refused'; error: unknown };

const claimers: Record<ClaimKind, () => Promise<ClaimPaid>> = {
  discount: claimDiscount,
  bonus: claimBonus,
};

function describeClaimError(t: TFunction, error: unknown, format: (c: number) => string): string {
  if (error instanceof ApiError && error.code === ErrorCode.claimBalanceTooHigh) {
    // 'Your balance must be below {amount}': its amount arrives in hundredths.
    const cents = Number(error.params.amount);
    return t(`errors.${ErrorCode.claimBalanceTooHigh}`, {
      amount: Number.isFinite(cents) ? format(cents) : '',
      defaultValue: error.message,
    });
  }
  return describeError(t, error);
}

export function useClaim() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useFormatMoney();
  const claiming = useClaimInFlight((state) => state.claiming);

  /**
   * A click claims at once unless the last click was under the guard ago. An automatic claim
   * (auto: true) says nothing when refused and records the time only when it paid, so it never
   * blocks the player's own click.
   */
  const claim = useCallback(
    async (kind: ClaimKind, { auto = false } = {}): Promise<ClaimOutcome> => {
      const now = Date.now();
      if (!auto && withinRepeatGuard(kind, now, getSettings().CLAIM_REPEAT_GUARD_MS)) {
        toast.error(t('wallet.claim.tooSoon'), { id: `claim-${kind}` });
        return { kind: 'guarded' };
      }
      if (!beginClaim(kind)) return { kind: 'busy' };
      if (!auto) recordClaimClick(kind, now);
      try {
        const answer = await claimers[kind]();
        if (auto) recordClaimClick(kind, Date.now());
        toast.success(t(`wallet.claim.${kind}Paid`, { amount: format(answer.Params.amount) }), {
          id: `claim-${kind}`,
        });
        return { kind: 'paid', answer };
      } catch (error) {
        if (!auto) {
          toast.error(describeClaimError(t, error, format), { id: `claim-${kind}` });
        }
        return { kind: 'refused', error };
      } finally {
        endClaim();
        // The notice socket usually brings the new balance first; this covers a socket that is down.
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      }
    },
    [t, format, queryClient],
  );

  return { claim, claiming };
}
