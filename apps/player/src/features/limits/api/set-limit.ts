// Sets or removes one limit. The server decides when it applies (a tighter one now, a looser one
// after 24 h) and answers every limit as it then stands, which replaces the cached ones.
import type { ProtectionAnswer, SetLimitBody } from '@reelcast/protocol/protection';
import { setLimitBody } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { limitsQueryKey } from './get-limits';

export const setLimitInput = setLimitBody;

export function setLimit(body: SetLimitBody) {
  return apiRequest<ProtectionAnswer>('/player/limits', { method: 'PUT', body });
}

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (answer) => queryClient.setQueryData(limitsQueryKey, answer),
  });
}
