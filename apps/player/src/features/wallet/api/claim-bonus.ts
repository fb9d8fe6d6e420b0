import type { ClaimAnswer } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';

/** GET /player/bonus (§7): same answer as the discount. */
export function claimBonus(): Promise<ClaimAnswer> {
  return apiRequest<ClaimAnswer>('/player/bonus');
}
