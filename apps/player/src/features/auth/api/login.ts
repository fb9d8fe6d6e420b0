// §5 sign-in. A plain call rather than a TanStack mutation: the login screen is the one screen
// without server data to cache, so it does without the query library's download (issue 22).
import type { LoginAnswer, LoginBody } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import { signIn } from '../../../shared/auth/auth-store';
import { getSettings } from '../../../shared/settings';

export type LoginInput = Pick<LoginBody, 'username' | 'password'>;

export function login(input: LoginInput): Promise<LoginAnswer> {
  // §5: site_id is sent as 0 when the settings carry none.
  const body: LoginBody = { ...input, site_id: getSettings().SITE_ID ?? 0 };
  return apiRequest<LoginAnswer>('/login', { method: 'POST', body });
}

/** Signs in: §4 login stores the token and the PIN code, and clears the lock flag. */
export async function loginAndSignIn(input: LoginInput): Promise<LoginAnswer> {
  const answer = await login(input);
  signIn(answer.token, answer.pin_code, answer);
  return answer;
}
