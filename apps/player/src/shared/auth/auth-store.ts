// The signed-in session: the access token, the player decoded from it, and whether the idle lock
// covers the screen. The token lives in localStorage under the spec's key so a reload keeps the
// player signed in; the lock flag and the PIN hash live there too, so a reload stays locked (§3, §4).
import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { decodeToken, isExpired, type TokenUser } from './jwt';
import { accountFromAnswer, emptyAccount, type PlayerAccount } from './player-account';

/** §3 User: the token's claims and what the sign-in answer adds. */
export type SessionUser = TokenUser & PlayerAccount;

const fullName = (user: TokenUser) => `${user.name} ${user.lastname}`.trim();

/** A server refusal behind a sign-out, translated when shown (i18n may still be loading now). */
export type ReasonError = { code: number; message: string; params?: Record<string, unknown> };

/**
 * Why the player was signed out: an i18n key and its params, shown once by the app shell. With an
 * error, its translated text fills the `{message}` placeholder.
 */
export type LogoutReason = { key: string; params?: Record<string, unknown>; error?: ReasonError };

type AuthState = {
  token: string | null;
  user: SessionUser | null;
  logoutReason: LogoutReason | null;
  /** the idle lock (§4): the app is hidden behind the PIN screen */
  locked: boolean;
};

// setTimeout overflows past about 24.8 days and would fire at once.
const maxTimerMs = 2 ** 31 - 1;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function readStoredSession(): AuthState {
  const token = readStorage(storageKeys.token);
  const claims = token ? decodeToken(token) : null;
  if (!token || !claims || isExpired(claims)) {
    if (token) writeStorage(storageKeys.token, null);
    const logoutReason = token && claims ? { key: 'auth.tokenExpired' } : null;
    return { token: null, user: null, logoutReason, locked: false };
  }
  scheduleExpiry(claims);
  // The account comes with /validate's answer, which start-up awaits before the first screen.
  const user = { ...claims, ...emptyAccount(fullName(claims)) };
  // §4: on load the lock shows again when the flag is set and a PIN exists to unlock it with.
  const locked =
    readStorage(storageKeys.userLock) === 'true' && readStorage(storageKeys.pinCode) !== null;
  return { token, user, logoutReason: null, locked };
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

// Tabs share the stored token. /validate revokes the token it renews, so when another tab renews
// it (or signs out, which ends the whole sign-in) this one follows instead of going on with a
// token the server no longer takes.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.token) return;
    if (event.newValue === useAuthStore.getState().token) return;
    if (event.newValue) setSession(event.newValue);
    else logout();
  });
}

/**
 * Stores a token from validate, a password change or the page address, with the sign-in answer
 * it came in when there is one (§3 permissions, group, type, settings…); without one the
 * player's account is kept. Returns false for a useless token. It leaves the idle lock alone: the
 * start-up check (/validate) hands out a fresh token on every load, and that must not lift a lock
 * the player left behind (§4).
 */
export function setSession(token: string, pinCode?: string, answer?: unknown): boolean {
  const claims = decodeToken(token);
  if (!claims) {
    logout('auth.invalidToken');
    return false;
  }
  if (isExpired(claims)) {
    logout('auth.tokenExpired');
    return false;
  }
  writeStorage(storageKeys.token, token);
  if (pinCode !== undefined) writeStorage(storageKeys.pinCode, pinCode);
  scheduleExpiry(claims);
  const previous = useAuthStore.getState().user;
  const account: PlayerAccount =
    answer !== undefined
      ? accountFromAnswer(answer, fullName(claims))
      : previous?.id === claims.id
        ? previous
        : emptyAccount(fullName(claims));
  const user: SessionUser = {
    ...claims,
    permissions: account.permissions,
    group: account.group,
    type: account.type,
    displayName: account.displayName,
    photoURL: account.photoURL,
    shortcuts: account.shortcuts,
    settings: account.settings,
  };
  useAuthStore.setState({ token, user, logoutReason: null });
  return true;
}

/** A sign-in proper (login form, `?token=`): stores the session and lifts any lock (§4). */
export function signIn(token: string, pinCode?: string, answer?: unknown): boolean {
  if (!setSession(token, pinCode, answer)) return false;
  unlockSession();
  return true;
}

/**
 * Forgets the session. A reason is kept for the shell to show, because being thrown out without a
 * word looks like a crash; it is kept rather than toasted here because the sign-out may happen
 * during start-up, before anything that shows toasts is on screen.
 */
export function logout(
  reasonKey?: string,
  params?: Record<string, unknown>,
  error?: ReasonError,
): void {
  clearTimeout(expiryTimer);
  const { token, logoutReason } = useAuthStore.getState();
  writeStorage(storageKeys.token, null);
  writeStorage(storageKeys.pinCode, null);
  writeStorage(storageKeys.userLock, null);
  useAuthStore.setState({
    token: null,
    user: null,
    locked: false,
    // The first reason wins: a 401 already said why before the caller's own catch runs.
    logoutReason: token !== null && reasonKey ? { key: reasonKey, params, error } : logoutReason,
  });
}

/** §4: the signed-in player's settings after a save, so the store says what the server holds. */
export function setUserSettings(settings: SessionUser['settings']): void {
  const { user } = useAuthStore.getState();
  if (user) useAuthStore.setState({ user: { ...user, settings } });
}

export function clearLogoutReason(): void {
  useAuthStore.setState({ logoutReason: null });
}

/**
 * The stored `pin_code` of login and validate: only a flag that the player has a PIN the server
 * checks (never the PIN or a hash of it), or null when there is none.
 */
export function storedPinCode(): string | null {
  return readStorage(storageKeys.pinCode);
}

/** Replaces the stored `pin_code` flag after a PIN change; null forgets it. */
export function storePinCode(pinCode: string | null): void {
  writeStorage(storageKeys.pinCode, pinCode);
}

/**
 * Locks a signed-in session behind the PIN screen. Refused (false) without a session or a PIN to
 * unlock with: a lock nobody can open would only force a logout.
 */
export function lockSession(): boolean {
  if (!useAuthStore.getState().token || storedPinCode() === null) return false;
  writeStorage(storageKeys.userLock, 'true');
  useAuthStore.setState({ locked: true });
  return true;
}

export function unlockSession(): void {
  writeStorage(storageKeys.userLock, null);
  useAuthStore.setState({ locked: false });
}

/** A `?token=` on the page address signs the player in before anything renders (§2). */
export function adoptTokenFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  signIn(token);
  // Keep the token out of the history, bookmarks and Referer headers.
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
