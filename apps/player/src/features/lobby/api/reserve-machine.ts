import type { MachineIdBody, ReserveAnswer } from '@reelcast/protocol/lobby';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { machinesQueryKey } from './get-machines';

export function reserveMachine(body: MachineIdBody): Promise<ReserveAnswer> {
  return apiRequest<ReserveAnswer>('/player/reserve', { method: 'POST', body });
}

/** Holds an available machine for the player; a new reservation replaces the old one. */
export function useReserveMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveMachine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
  });
}
