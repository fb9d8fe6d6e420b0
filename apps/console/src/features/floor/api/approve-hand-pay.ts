import type { HandPayResetAnswer } from '@reelcast/protocol/floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** The second supervisor's approval: pays the hand pay (never the one who asked: 40931). */
export const approveHandPay = (approvalId: number) =>
  apiRequest<HandPayResetAnswer>(`/staff/handpay-approvals/${approvalId}/approve`, {
    method: 'POST',
  });

export const useApproveHandPay = () => useStaffMutation(approveHandPay, [['floor'], ['players']]);
