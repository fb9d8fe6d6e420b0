import type { CancelAnswer, MachineIdBody } from '@reelcast/protocol/lobby';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { setBalanceCents } from '../../../shared/api/get-balance';
import { openSessionsQueryKey } from './get-open-sessions';

/** §7 POST /player/cancel: the session's credits go to the wallet and the session closes. */
export function cancelSession(body: MachineIdBody): Promise<CancelAnswer> {
  return apiRequest<CancelAnswer>('/player/cancel', { method: 'POST', body });
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: (answer) => setBalanceCents(queryClient, answer.balance),
    onSettled: () => queryClient.invalidateQueries({ queryKey: openSessionsQueryKey }),
  });
}
