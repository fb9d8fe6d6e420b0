import { playerResetBody } from '@reelcast/protocol/console-players';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** A new password, answered this once, and the player signed out everywhere. */
export const resetPlayerPassword = ({ playerId, reason }: { playerId: number; reason: string }) =>
  apiRequest<{ password: string }>(`/staff/players/${playerId}/reset-password`, {
    method: 'POST',
    body: playerResetBody.parse({ reason }),
  });

export const useResetPlayerPassword = () => useStaffMutation(resetPlayerPassword, [['players']]);
