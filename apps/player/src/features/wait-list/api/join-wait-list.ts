// POST /player/wait-list {machineId}: joins the busy machine's line (leaving any other).
import type { WaitListAnswer, WaitListJoinBody } from '@reelcast/protocol/wait-list';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { waitListQueryKey } from './get-wait-list';

export function joinWaitList(body: WaitListJoinBody): Promise<WaitListAnswer> {
  return apiRequest<WaitListAnswer>('/player/wait-list', { method: 'POST', body });
}

export function useJoinWaitList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitList,
    onSuccess: (answer) => queryClient.setQueryData(waitListQueryKey, answer.entry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitListQueryKey }),
  });
}
