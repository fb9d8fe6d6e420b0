import type { ClaimAnswer, ClaimPaid } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';
import { paidOrThrow } from './claim-answer';

/** GET /player/bonus (§7): same answer as the discount. */
export async function claimBonus(): Promise<ClaimPaid> {
  return paidOrThrow(await apiRequest<ClaimAnswer>('/player/bonus'));
}
