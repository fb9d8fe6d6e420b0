import type { LoginAnswer, LoginBody } from '@reelcast/protocol/http';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { signIn } from '../../../shared/auth/auth-store';
import { getSettings } from '../../../shared/settings';

export type LoginInput = Pick<LoginBody, 'username' | 'password'>;

export function login(input: LoginInput): Promise<LoginAnswer> {
  // §5: site_id is sent as 0 when the settings carry none.
  const body: LoginBody = { ...input, site_id: getSettings().SITE_ID ?? 0 };
  return apiRequest<LoginAnswer>('/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    // §4: login stores the token and the PIN code, and clears the lock flag.
    onSuccess: (answer) => {
      signIn(answer.token, answer.pin_code, answer);
    },
  });
}
