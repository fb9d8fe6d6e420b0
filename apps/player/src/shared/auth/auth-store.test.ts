import { afterEach, describe, expect, it } from 'vitest';
import { logout, setSession, useAuthStore } from './auth-store';

function tokenWith(claims: Record<string, unknown>): string {
  // As a server does it: UTF-8 bytes, base64url without padding.
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const inAnHour = Math.floor(Date.now() / 1000) + 3600;
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
  afterEach(() => {
    logout();
    useAuthStore.setState({ logoutReason: null });
    localStorage.clear();
  });

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
