import type { ReleaseReservationAnswer } from '@reelcast/protocol/lobby';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
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
