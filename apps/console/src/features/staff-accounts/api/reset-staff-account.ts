import {
  type StaffAccountPasswordAnswer,
  staffAccountResetBody,
} from '@reelcast/protocol/console-staff';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** A new generated password and the two-factor secret removed, to enrol again. */
export const resetStaffAccount = ({ accountId, reason }: { accountId: number; reason: string }) =>
  apiRequest<StaffAccountPasswordAnswer>(`/staff/accounts/${accountId}/reset`, {
    method: 'POST',
    body: staffAccountResetBody.parse({ reason }),
  });

export const useResetStaffAccount = () => useStaffMutation(resetStaffAccount, [['staff-accounts']]);
