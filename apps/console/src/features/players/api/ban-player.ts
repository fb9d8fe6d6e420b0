import { playerBanBody } from '@reelcast/protocol/console-players';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

type Input = { playerId: number; banned: boolean; reason: string };

/** A ban signs the player out and refuses sign-in with 10704; an unban lifts it. */
export const banPlayer = ({ playerId, ...body }: Input) =>
  apiRequest(`/staff/players/${playerId}/ban`, { method: 'POST', body: playerBanBody.parse(body) });

export const useBanPlayer = () => useStaffMutation(banPlayer, [['players']]);
