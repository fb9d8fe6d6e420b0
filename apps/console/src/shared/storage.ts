// localStorage can throw (private modes, disabled storage); the console must still run without it.
// Its keys are its own: the player app on the same origin keeps its token under another name, so a
// player tab and a console tab in one browser never sign each other out.
export const storageKeys = {
  token: 'console_token',
  language: 'console_language',
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
    // Not kept: the console still works until the page is closed.
  }
}
