import type { ClaimAnswer, ClaimPaid } from '@reelcast/protocol/wallet';
import { ApiError } from '../../../shared/api/api-client';

/**
 * §7: a claim answers one shape whether paid or refused; a refusal (its status and §8 code, with
 * Params.amount) becomes the typed error every other refused call gives.
 */
export function paidOrThrow(answer: ClaimAnswer): ClaimPaid {
  // Only a paid claim carries the wallet after it.
  if ('balance' in answer) return answer;
  throw new ApiError(answer.status, answer.code, answer.ErrorMessage, answer.Params);
}
