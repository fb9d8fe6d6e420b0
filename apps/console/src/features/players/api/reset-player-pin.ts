import { playerResetBody } from '@reelcast/protocol/console-players';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** The default PIN again, as the lock screen's help text names it. */
export const resetPlayerPin = ({ playerId, reason }: { playerId: number; reason: string }) =>
  apiRequest(`/staff/players/${playerId}/reset-pin`, {
    method: 'POST',
    body: playerResetBody.parse({ reason }),
  });

export const useResetPlayerPin = () => useStaffMutation(resetPlayerPin, [['players']]);
