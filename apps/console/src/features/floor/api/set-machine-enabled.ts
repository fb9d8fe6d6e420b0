import { machineEnabledBody } from '@reelcast/protocol/console-floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

type Input = { machineId: number; enabled: boolean; reason: string };

export const setMachineEnabled = ({ machineId, ...body }: Input) =>
  apiRequest(`/staff/machines/${machineId}/enabled`, {
    method: 'POST',
    body: machineEnabledBody.parse(body),
  });

export const useSetMachineEnabled = () => useStaffMutation(setMachineEnabled, [['floor']]);
