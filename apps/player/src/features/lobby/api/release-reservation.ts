import type { ReleaseReservationAnswer } from '@reelcast/protocol/lobby';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { machinesQueryKey } from './get-machines';

export function releaseReservation(): Promise<ReleaseReservationAnswer> {
  return apiRequest<ReleaseReservationAnswer>('/player/reserve/release', { method: 'POST' });
}

export function useReleaseReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseReservation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
  });
}
