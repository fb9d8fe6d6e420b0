import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockSession, setSession, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { resetAuth } from '../../../testing/reset-auth';
import { restoreSession } from './validate-token';

const reason = () => useAuthStore.getState().logoutReason;

describe('auto-login at start (/validate) and the reasons of a sign-out', () => {
  afterEach(() => {
    resetAuth();
    vi.useRealTimers();
  });

  it('does nothing without a stored token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the fresh token and PIN code, and keeps a lock the player left behind', async () => {
    signIn(playerToken({ jti: 'stored' }), PIN_CODE_MARKER);
    lockSession();
    const fresh = playerToken({ jti: 'fresh' });
    vi.stubGlobal('fetch', async () =>
      jsonResponse(200, { token: fresh, pin_code: PIN_CODE_MARKER }),
    );
    await restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ token: fresh, locked: true });
    expect(localStorage.getItem('pinCode')).toBe(PIN_CODE_MARKER);
    expect(localStorage.getItem('userLock')).toBe('true');
  });

  it("a 401 logs out with 'Invalid access_token'", async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { ErrorMessage: 'Invalid access_token', code: 40100, Params: {} }),
    );
    await restoreSession();
    expect(useAuthStore.getState().token).toBeNull();
    expect(reason()?.key).toBe('auth.invalidToken');
  });

  it("a network failure logs out with 'Network Error, please check your connection'", async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await restoreSession();
    expect(useAuthStore.getState().token).toBeNull();
    expect(reason()?.key).toBe('errors.network');
  });

  it('any other failure logs out and shows its error text', async () => {
    setSession(playerToken());
    vi.stubGlobal('fetch', async () =>
      jsonResponse(403, { ErrorMessage: 'Banned', code: 10704, Params: {} }),
    );
    await restoreSession();
    expect(useAuthStore.getState().token).toBeNull();
    expect(reason()).toMatchObject({
      key: 'auth.validateFailed',
      error: { code: 10704, message: 'Banned' },
    });
  });

  it("an expired token logs out with 'access_token expired', at the moment it expires", () => {
    vi.useFakeTimers();
    setSession(playerToken({ exp: Math.floor(Date.now() / 1000) + 2 }));
    expect(useAuthStore.getState().token).not.toBeNull();
    vi.advanceTimersByTime(2_000);
    expect(useAuthStore.getState().token).toBeNull();
    expect(reason()?.key).toBe('auth.tokenExpired');
  });
});
