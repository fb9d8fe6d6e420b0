import { type PlayerAccessBody, playerAccessBody } from '@reelcast/protocol/console-players';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** §6 permissions, group and type (the admin's): each given one replaces the player's. */
export const setPlayerAccess = ({ playerId, ...body }: PlayerAccessBody & { playerId: number }) =>
  apiRequest(`/staff/players/${playerId}/access`, {
    method: 'POST',
    body: playerAccessBody.parse(body),
  });

export const useSetPlayerAccess = () => useStaffMutation(setPlayerAccess, [['players']]);
