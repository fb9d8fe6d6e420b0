import { staffAccountRoleBody } from '@reelcast/protocol/console-staff';
import type { StaffRole } from '@reelcast/protocol/log-types';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

type Input = { accountId: number; role: StaffRole; banned?: boolean; reason: string };

export const setStaffRole = ({ accountId, ...body }: Input) =>
  apiRequest(`/staff/accounts/${accountId}/role`, {
    method: 'POST',
    body: staffAccountRoleBody.parse(body),
  });

export const useSetStaffRole = () => useStaffMutation(setStaffRole, [['staff-accounts']]);
