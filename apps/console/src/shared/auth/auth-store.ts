// The signed-in staff member's token. Who they are and what role they hold is the server's answer
// to GET /staff/me (use-me.ts), read again from the database on every call, never from this store.
import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../storage';

type AuthState = {
  token: string | null;
  /** why the console signed out, an i18n key shown once on the sign-in page */
  signedOutReason: string | null;
};

export const useAuthStore = create<AuthState>()(() => ({
  token: readStorage(storageKeys.token),
  signedOutReason: null,
}));

export function signIn(token: string): void {
  writeStorage(storageKeys.token, token);
  useAuthStore.setState({ token, signedOutReason: null });
}

export function signOut(reason: string | null = null): void {
  writeStorage(storageKeys.token, null);
  useAuthStore.setState({ token: null, signedOutReason: reason });
}
