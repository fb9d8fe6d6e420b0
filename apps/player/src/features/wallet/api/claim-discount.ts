import type { ClaimAnswer, ClaimPaid } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';
import { paidOrThrow } from './claim-answer';

/** GET /player/discount (§7): pays the discount, or throws why not. */
export async function claimDiscount(): Promise<ClaimPaid> {
  return paidOrThrow(await apiRequest<ClaimAnswer>('/player/discount'));
}
