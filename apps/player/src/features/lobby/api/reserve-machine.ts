import type { MachineIdBody, ReserveAnswer } from '@reelcast/protocol/lobby';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
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
