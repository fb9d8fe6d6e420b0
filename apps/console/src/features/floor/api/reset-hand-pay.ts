import type { HandPayPendingAnswer } from '@reelcast/protocol/console-floor';
import { type HandPayResetAnswer, handPayResetBody } from '@reelcast/protocol/floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Paid at once up to the threshold; above it, an approval request (202) for a second supervisor. */
export const resetHandPay = (machineId: number) =>
  apiRequest<HandPayResetAnswer | HandPayPendingAnswer>('/staff/handpay-reset', {
    method: 'POST',
    body: handPayResetBody.parse({ machineId }),
  });

export const isPendingApproval = (
  answer: HandPayResetAnswer | HandPayPendingAnswer,
): answer is HandPayPendingAnswer => 'approval' in answer;

export const useResetHandPay = () => useStaffMutation(resetHandPay, [['floor'], ['players']]);
