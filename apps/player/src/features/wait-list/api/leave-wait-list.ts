// POST /player/wait-list/leave: out of the line (a ready prompt's hold goes with it).
import type { WaitListLeaveAnswer } from '@reelcast/protocol/wait-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
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
