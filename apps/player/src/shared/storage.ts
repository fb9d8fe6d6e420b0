// localStorage can throw (private modes, disabled storage); the app must still run without it.

/** The spec's local storage keys (§3). */
export const storageKeys = {
  token: 'jwt_access_token',
  pinCode: 'pinCode',
  language: 'language',
  userLock: 'userLock',
  isRemember: 'isRemember',
  /** the username the login form fills in when remember-me was ticked */
  rememberedUsername: 'rememberedUsername',
  /** §4 a guest's layout settings (a signed-in player's live on the server) */
  layoutSettings: 'layoutSettings',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not persisted: the session still works until the page is closed.
  }
}
