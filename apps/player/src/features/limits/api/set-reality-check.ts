// The reality-check interval (off, 15, 30 or 60 minutes); open sessions count from now.
import { realityCheckBody, type realityCheckIntervals } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { limitsQueryKey } from './get-limits';

export const realityCheckInput = realityCheckBody;
export type RealityCheckInput = { minutes: (typeof realityCheckIntervals)[number] };

export function setRealityCheck(body: RealityCheckInput) {
  return apiRequest<{ code: number }>('/player/reality-check', { method: 'PUT', body });
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
  });
}
