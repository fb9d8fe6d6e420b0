// The one way the app talks HTTP to the server: bearer token in, typed errors out (§7, §8).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { ErrorBody } from '@reelcast/protocol/http';
import { logout, useAuthStore } from '../auth/auth-store';
import { getSettings } from '../settings';

/** A failed call, carrying the §8 code so the screen can translate it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server was never reached */
    readonly status: number,
    readonly code: number,
    message: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Code of a failure that never reached the server (no §8 code exists for it). */
export const networkErrorCode = 0;

// Leaving the page (a reload, another address) cancels its calls: that is no network failure, and
// must not sign the player out on the way to the next page.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorBody).code === 'number' &&
    typeof (body as ErrorBody).ErrorMessage === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.code, body.ErrorMessage, body.Params ?? {});
  }
  return new ApiError(response.status, response.status * 100, response.statusText);
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  /** 'text': the answer is a file (a CSV export), answered as its text; errors are still JSON */
  as?: 'json' | 'text';
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = {
    Accept: options.as === 'text' ? 'text/*, application/json' : 'application/json',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${getSettings().API_URL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // §8: a network failure logs out, on any call and not only at start-up (a signed-in call
    // only: a failed login has no session to end). The reason is shown by the shell.
    if (token && !leavingPage && useAuthStore.getState().token === token) logout('errors.network');
    throw new ApiError(0, networkErrorCode, 'Network Error, please check your connection');
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // Only a rejected token ends the session; a 401 for wrong credentials at login has none, and
    // an answer for a token that was already replaced must not sign out the new one.
    if (response.status === 401 && token && useAuthStore.getState().token === token) {
      // §8: a token that fails its signature check says so (10), apart from any other refusal.
      logout(error.code === ErrorCode.signatureNotVerified ? 'errors.10' : 'auth.invalidToken');
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  if (options.as === 'text') return (await response.text()) as T;
  return (await response.json()) as T;
}
