// The reality check answered with Continue: the server lets presses through again.
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { sessionPositionQueryKey } from './get-session-position';

export function continueAfterCheck(sessionId: number) {
  return apiRequest<{ code: number }>('/player/reality-check/continue', {
    method: 'POST',
    body: { sessionId },
  });
}

export function useContinueAfterCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: continueAfterCheck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionPositionQueryKey }),
  });
}
