// The one way the console talks HTTP to the server: bearer token in, typed errors out. A rejected
// token (401) signs out; a refusal (403) is only an error, shown where it happened.
import type { ErrorBody } from '@reelcast/protocol/http';
import { signOut, useAuthStore } from '../auth/auth-store';

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

export const networkErrorCode = 0;

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorBody).code === 'number' &&
    typeof (body as ErrorBody).ErrorMessage === 'string'
  );
}

type RequestOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** 'text': the answer is a file (a CSV export); errors are still JSON */
  as?: 'json' | 'text';
  /** a token other than the stored one (the sign-in checks a new token before keeping it) */
  token?: string;
};

/** A query string of the defined values only. */
export function queryString(params: Record<string, string | number | boolean | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? useAuthStore.getState().token;
  const headers: Record<string, string> = {
    Accept: options.as === 'text' ? 'text/*, application/json' : 'application/json',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, networkErrorCode, 'Network Error, please check your connection');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = isErrorBody(body)
      ? new ApiError(response.status, body.code, body.ErrorMessage, body.Params ?? {})
      : new ApiError(response.status, response.status * 100, response.statusText);
    if (response.status === 401 && token && useAuthStore.getState().token === token) {
      signOut('auth.expired');
    }
    throw error;
  }
  if (options.as === 'text') return (await response.text()) as T;
  return (await response.json()) as T;
}
