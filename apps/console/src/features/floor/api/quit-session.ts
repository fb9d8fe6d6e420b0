import { quitSessionBody } from '@reelcast/protocol/sessions';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Ends the seated player's slot session: the credits go back to the wallet. */
export const quitSession = (machineId: number) =>
  apiRequest<{ sessionId: number; cashedOut: number }>('/staff/quit-session', {
    method: 'POST',
    body: quitSessionBody.parse({ machineId }),
  });

export const useQuitSession = () => useStaffMutation(quitSession, [['floor'], ['players']]);
