// POST /player/wait-list/leave: out of the line (a ready prompt's hold goes with it).
import type { WaitListLeaveAnswer } from '@reelcast/protocol/wait-list';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { waitListQueryKey } from './get-wait-list';

export function leaveWaitList(): Promise<WaitListLeaveAnswer> {
  return apiRequest<WaitListLeaveAnswer>('/player/wait-list/leave', { method: 'POST' });
}

export function useLeaveWaitList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitList,
    onSuccess: () => queryClient.setQueryData(waitListQueryKey, null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitListQueryKey }),
  });
}
