import type { CancelAnswer, MachineIdBody } from '@reelcast/protocol/lobby';
import { apiRequest } from '../../../shared/api/api-client';
import { applyBalance } from '../../../shared/api/get-balance';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { openSessionsQueryKey } from './get-open-sessions';

/** §7 POST /player/cancel: the session's credits go to the wallet and the session closes. */
export function cancelSession(body: MachineIdBody): Promise<CancelAnswer> {
  return apiRequest<CancelAnswer>('/player/cancel', { method: 'POST', body });
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    // The balance takes its one ordered path: applied only if its ledger entry (seq) is newer
    // than the last applied. An answer without seq is not applied; the /notice push brings it.
    onSuccess: (answer) => applyBalance(queryClient, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: openSessionsQueryKey }),
  });
}
