import { machineKickBody } from '@reelcast/protocol/console-floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Closes the seated player's connections to the machine; the session and its credits stay. */
export const kickMachine = ({ machineId, reason }: { machineId: number; reason: string }) =>
  apiRequest<{ kicked: number }>(`/staff/machines/${machineId}/kick`, {
    method: 'POST',
    body: machineKickBody.parse({ reason }),
  });

export const useKickMachine = () => useStaffMutation(kickMachine, [['floor']]);
