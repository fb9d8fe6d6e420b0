import { afterEach, describe, expect, it, vi } from 'vitest';
import { inAnHour as inAnHourFromNow, tokenWith } from '../../testing/fixtures';
import { resetAuth } from '../../testing/reset-auth';
import {
  adoptTokenFromAddress,
  lockSession,
  logout,
  setSession,
  signIn,
  useAuthStore,
} from './auth-store';

const inAnHour = inAnHourFromNow();
const claims = {
  id: 5,
  username: 'ayse',
  name: 'Ayşe',
  lastname: 'Yıldız',
  email: 'a@example.com',
  role: 'user',
  exp: inAnHour,
};

describe('auth store', () => {
  afterEach(resetAuth);

  it('keeps a valid token under the spec key and reads the player from it', () => {
    const token = tokenWith(claims);
    expect(setSession(token, 'pin-hash')).toBe(true);
    expect(localStorage.getItem('jwt_access_token')).toBe(token);
    expect(localStorage.getItem('pinCode')).toBe('pin-hash');
    expect(useAuthStore.getState().user).toMatchObject({ id: 5, name: 'Ayşe', role: 'user' });
  });

  it('refuses an expired token and says why', () => {
    setSession(tokenWith(claims));
    expect(setSession(tokenWith({ ...claims, exp: inAnHour - 7200 }))).toBe(false);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('jwt_access_token')).toBeNull();
    expect(useAuthStore.getState().logoutReason?.key).toBe('auth.tokenExpired');
  });

  it('keeps the first reason when a second sign-out follows', () => {
    setSession(tokenWith(claims));
    logout('auth.invalidToken');
    logout('auth.validateFailed', { message: 'Unauthorized' });
    expect(useAuthStore.getState().logoutReason?.key).toBe('auth.invalidToken');
  });
});

describe('a token renewed in another tab', () => {
  afterEach(resetAuth);

  // /validate revokes the token it renews: a tab still holding the old one would be signed out.
  it('is adopted, so this tab does not go on with the revoked one', () => {
    setSession(tokenWith(claims));
    const renewed = tokenWith({ ...claims, exp: inAnHour + 60 });
    localStorage.setItem('jwt_access_token', renewed);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'jwt_access_token', newValue: renewed }),
    );
    expect(useAuthStore.getState().token).toBe(renewed);
  });

  it('a sign-out in another tab signs this one out too', () => {
    setSession(tokenWith(claims));
    localStorage.removeItem('jwt_access_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'jwt_access_token', newValue: null }));
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('idle lock state', () => {
  afterEach(() => {
    logout();
    localStorage.clear();
    vi.resetModules();
  });

  it('a login clears the lock flag; a fresh token from /validate does not', () => {
    signIn(tokenWith(claims), 'sha256$s$00');
    expect(lockSession()).toBe(true);
    expect(localStorage.getItem('userLock')).toBe('true');
    setSession(tokenWith({ ...claims, jti: 'fresh' }), 'sha256$s$00');
    expect(useAuthStore.getState().locked).toBe(true);
    signIn(tokenWith(claims), 'sha256$s$00');
    expect(useAuthStore.getState().locked).toBe(false);
    expect(localStorage.getItem('userLock')).toBeNull();
  });

  it('will not lock without a session or without a PIN to unlock with', () => {
    expect(lockSession()).toBe(false);
    signIn(tokenWith(claims));
    expect(lockSession()).toBe(false);
    expect(localStorage.getItem('userLock')).toBeNull();
  });

  it('after a reload, is locked again when the flag is set and a PIN exists', async () => {
    localStorage.setItem('jwt_access_token', tokenWith(claims));
    localStorage.setItem('userLock', 'true');
    localStorage.setItem('pinCode', 'sha256$s$00');
    vi.resetModules();
    const reloaded = await import('./auth-store');
    expect(reloaded.useAuthStore.getState().locked).toBe(true);

    localStorage.removeItem('pinCode');
    vi.resetModules();
    const withoutPin = await import('./auth-store');
    expect(withoutPin.useAuthStore.getState().locked).toBe(false);
  });

  it('a token on the page address signs in, lifts the lock and leaves the address', () => {
    signIn(tokenWith(claims), 'sha256$s$00');
    lockSession();
    const token = tokenWith({ ...claims, jti: 'from-link' });
    window.history.replaceState(null, '', `/profile?token=${token}&lang=en#top`);
    adoptTokenFromAddress();
    expect(useAuthStore.getState()).toMatchObject({ token, locked: false });
    expect(localStorage.getItem('jwt_access_token')).toBe(token);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/profile?lang=en#top',
    );
  });
});
