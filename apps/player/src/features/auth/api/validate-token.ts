import type { ValidateAnswer } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import { logout, setSession, useAuthStore } from '../../../shared/auth/auth-store';

export function validateToken(): Promise<ValidateAnswer> {
  return apiRequest<ValidateAnswer>('/validate');
}

/**
 * Start-up with a stored token: the server confirms it and hands out a fresh one (§4 auto-login).
 * Any failure signs the player out with the reason, so they are never left half signed in.
 */
export async function restoreSession(): Promise<void> {
  if (!useAuthStore.getState().token) return;
  try {
    const answer = await validateToken();
    setSession(answer.token, answer.pin_code);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logout('auth.validateFailed', { message });
  }
}
