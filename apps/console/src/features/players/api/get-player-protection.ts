import type { staffProtectionAnswer } from '@reelcast/protocol/protection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/api-client';

export type PlayerProtection = z.infer<typeof staffProtectionAnswer>;

/** Limits, reality checks and exclusions: the player's own choices, read-only for staff. */
export const getPlayerProtection = (playerId: number) =>
  apiRequest<PlayerProtection>(`/staff/players/${playerId}/protection`);

export const playerProtectionQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: ['players', playerId, 'protection'],
    queryFn: () => getPlayerProtection(playerId),
  });

export const usePlayerProtection = (playerId: number) =>
  useQuery(playerProtectionQueryOptions(playerId));
