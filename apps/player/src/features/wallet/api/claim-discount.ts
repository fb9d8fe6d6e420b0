import type { ClaimAnswer } from '@reelcast/protocol/wallet';
import { apiRequest } from '../../../shared/api/api-client';

/** GET /player/discount (§7): pays the discount or answers why not. */
export function claimDiscount(): Promise<ClaimAnswer> {
  return apiRequest<ClaimAnswer>('/player/discount');
}
