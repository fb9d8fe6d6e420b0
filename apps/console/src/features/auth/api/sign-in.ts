// POST /login for staff: the password, then (10706) the authenticator's code. A token is kept only
// once GET /staff/me accepts it: a player's account gets a token from /login like anyone, and the
// console then refuses it without keeping it.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { StaffMeAnswer } from '@reelcast/protocol/console-staff';
import type { LoginAnswer } from '@reelcast/protocol/http';
import { ApiError, apiRequest } from '../../../shared/api/api-client';
import { getMe } from '../../../shared/auth/use-me';

export type SignInInput = { username: string; password: string; otp?: string };

/** The account signed in but is no staff account. */
export class NotStaffError extends Error {
  override readonly name = 'NotStaffError';
}

export async function signInStaff(
  input: SignInInput,
): Promise<{ token: string; me: StaffMeAnswer }> {
  const answer = await apiRequest<LoginAnswer>('/login', {
    method: 'POST',
    body: { ...input, site_id: 0 },
    token: '',
  });
  try {
    return { token: answer.token, me: await getMe(answer.token) };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.forbidden) {
      throw new NotStaffError('not a staff account');
    }
    throw error;
  }
}
