import type { ValidateAnswer } from '@reelcast/protocol/http';
import { ApiError, apiRequest } from '../../../shared/api/api-client';
import { logout, setSession, useAuthStore } from '../../../shared/auth/auth-store';

export function validateToken(): Promise<ValidateAnswer> {
  return apiRequest<ValidateAnswer>('/validate');
}

/**
 * Start-up with a stored token: the server confirms it and hands out a fresh one (§4 auto-login).
 * Any failure signs the player out with the reason, so they are never left half signed in:
 * a 401 as 'Invalid access_token' and no network as 'Network Error…' (§8; the API client says
 * both first, and the first reason wins), anything else as the failed auto-login with its text.
 */
export async function restoreSession(): Promise<void> {
  if (!useAuthStore.getState().token) return;
  try {
    const answer = await validateToken();
    setSession(answer.token, answer.pin_code, answer);
  } catch (error) {
    if (error instanceof ApiError) {
      const { code, message, params } = error;
      logout('auth.validateFailed', { message }, { code, message, params });
      return;
    }
    logout('auth.validateFailed', {
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
