// The signed-in session: the access token and the player decoded from it. The token lives in
// localStorage under the spec's key so a reload keeps the player signed in (§3).
import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { decodeToken, isExpired, type TokenUser } from './jwt';

/** Why the player was signed out: an i18n key and its params, shown once by the app shell. */
export type LogoutReason = { key: string; params?: Record<string, unknown> };

type AuthState = {
  token: string | null;
  user: TokenUser | null;
  logoutReason: LogoutReason | null;
};

// setTimeout overflows past about 24.8 days and would fire at once.
const maxTimerMs = 2 ** 31 - 1;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function readStoredSession(): AuthState {
  const token = readStorage(storageKeys.token);
  const user = token ? decodeToken(token) : null;
  if (!token || !user || isExpired(user)) {
    if (token) writeStorage(storageKeys.token, null);
    const logoutReason = token && user ? { key: 'auth.tokenExpired' } : null;
    return { token: null, user: null, logoutReason };
  }
  scheduleExpiry(user);
  return { token, user, logoutReason: null };
}

function scheduleExpiry(user: TokenUser): void {
  clearTimeout(expiryTimer);
  const delay = Math.min(user.exp * 1000 - Date.now(), maxTimerMs);
  expiryTimer = setTimeout(() => {
    const current = useAuthStore.getState().user;
    if (current && isExpired(current)) logout('auth.tokenExpired');
  }, delay);
}

export const useAuthStore = create<AuthState>()(() => readStoredSession());

/** Stores a token from login, validate or the page address. Returns false for a useless token. */
export function setSession(token: string, pinCode?: string): boolean {
  const user = decodeToken(token);
  if (!user) {
    logout('auth.invalidToken');
    return false;
  }
  if (isExpired(user)) {
    logout('auth.tokenExpired');
    return false;
  }
  writeStorage(storageKeys.token, token);
  if (pinCode !== undefined) writeStorage(storageKeys.pinCode, pinCode);
  writeStorage(storageKeys.userLock, null);
  scheduleExpiry(user);
  useAuthStore.setState({ token, user, logoutReason: null });
  return true;
}

/**
 * Forgets the session. A reason is kept for the shell to show, because being thrown out without a
 * word looks like a crash; it is kept rather than toasted here because the sign-out may happen
 * during start-up, before anything that shows toasts is on screen.
 */
export function logout(reasonKey?: string, params?: Record<string, unknown>): void {
  clearTimeout(expiryTimer);
  const { token, logoutReason } = useAuthStore.getState();
  writeStorage(storageKeys.token, null);
  writeStorage(storageKeys.pinCode, null);
  writeStorage(storageKeys.userLock, null);
  useAuthStore.setState({
    token: null,
    user: null,
    // The first reason wins: a 401 already said why before the caller's own catch runs.
    logoutReason: token !== null && reasonKey ? { key: reasonKey, params } : logoutReason,
  });
}

export function clearLogoutReason(): void {
  useAuthStore.setState({ logoutReason: null });
}

/** A `?token=` on the page address signs the player in before anything renders (§2). */
export function adoptTokenFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  setSession(token);
  // Keep the token out of the history, bookmarks and Referer headers.
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
