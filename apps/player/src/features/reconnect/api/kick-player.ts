import type { KickAnswer, MachineIdBody } from '@reelcast/protocol/lobby';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { openSessionsQueryKey } from './get-open-sessions';

/** §7 POST /player/kick: the stale connection of this account on the machine is removed. */
export function kickPlayer(body: MachineIdBody): Promise<KickAnswer> {
  return apiRequest<KickAnswer>('/player/kick', { method: 'POST', body });
}

export function useKickPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kickPlayer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: openSessionsQueryKey }),
  });
}
