import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, playerToken } from '../../testing/fixtures';
import { resetAuth } from '../../testing/reset-auth';
import { setSession, useAuthStore } from '../auth/auth-store';
import { ApiError, apiRequest, networkErrorCode } from './api-client';

describe('API client', () => {
  afterEach(resetAuth);

  it('sends the bearer token and turns a refusal into a typed error with its code', async () => {
    const token = playerToken();
    setSession(token);
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, { ErrorMessage: 'Old password is wrong', code: 40001, Params: {} }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await apiRequest('/player/password', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 40001, message: 'Old password is wrong' });
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(useAuthStore.getState().token).toBe(token);
  });

  it("logs out on a 401 for the current token, saying 'Invalid access_token'", async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { ErrorMessage: 'Invalid access_token', code: 40100, Params: {} }),
    );
    await expect(apiRequest('/player/balance')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().logoutReason?.key).toBe('auth.invalidToken');
    expect(localStorage.getItem('jwt_access_token')).toBeNull();
  });

  it("logs out on a token whose signature fails, saying 'Signature doesn't verified' (10)", async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { ErrorMessage: "Signature doesn't verified", code: 10, Params: {} }),
    );
    await expect(apiRequest('/player/balance')).rejects.toMatchObject({ status: 401, code: 10 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().logoutReason?.key).toBe('errors.10');
  });

  it('keeps a newer session when a 401 answers a request made with the replaced token', async () => {
    setSession(playerToken({ jti: 'old' }));
    const newer = playerToken({ jti: 'new' });
    vi.stubGlobal('fetch', async () => {
      setSession(newer); // e.g. a password change answered meanwhile
      return jsonResponse(401, { ErrorMessage: 'Invalid access_token', code: 40100, Params: {} });
    });
    await expect(apiRequest('/player/balance')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().token).toBe(newer);
  });

  it("logs out on a network failure of any call, saying 'Network Error…' (§8)", async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('/player/balance').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: networkErrorCode });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().logoutReason?.key).toBe('errors.network');
    expect(localStorage.getItem('jwt_access_token')).toBeNull();
  });

  it('a call cut off by leaving the page is no network failure: the session stays', async () => {
    const token = playerToken();
    setSession(token);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(apiRequest('/player/balance')).rejects.toMatchObject({ code: networkErrorCode });
      expect(useAuthStore.getState().token).toBe(token);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Back on the page (the browser's back-forward cache): a failure signs out again.
    await expect(apiRequest('/player/balance')).rejects.toMatchObject({ code: networkErrorCode });
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('a call the page gave up on (aborted) is no network failure: the session stays', async () => {
    const token = playerToken();
    setSession(token);
    const controller = new AbortController();
    vi.stubGlobal('fetch', async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(
      apiRequest('/player/balance', { signal: controller.signal }),
    ).rejects.toBeInstanceOf(DOMException);
    expect(useAuthStore.getState().token).toBe(token);
  });
});
