// POST /player/wait-list {machineId}: joins the busy machine's line (leaving any other).
import type { WaitListAnswer, WaitListJoinBody } from '@reelcast/protocol/wait-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
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
