import type { AccountChangeAnswer, PasswordChangeBody } from '@reelcast/protocol/account';
import { apiRequest } from '../../../shared/api/api-client';
import { setSession } from '../../../shared/auth/auth-store';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { loginLogsQueryKey } from './get-login-logs';
import { profileQueryKey } from './get-profile';

export function changePassword(body: PasswordChangeBody): Promise<AccountChangeAnswer> {
  return apiRequest<AccountChangeAnswer>('/player/password', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      // A password change revokes the tokens issued before it: only the new one still works.
      if (answer.token) setSession(answer.token, answer.pin_code);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: loginLogsQueryKey });
    },
  });
}
