// Remember-me (§4): the choice is kept in localStorage `isRemember`, and with it the username,
// which the login form fills in next time. Unticking forgets both.
import { useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../../shared/storage';

export function useRememberMe() {
  const [remember, setRememberState] = useState(
    () => readStorage(storageKeys.isRemember) === 'true',
  );

  function setRemember(value: boolean): void {
    setRememberState(value);
    writeStorage(storageKeys.isRemember, value ? 'true' : null);
    if (!value) writeStorage(storageKeys.rememberedUsername, null);
  }

  /** After a successful login: keep the username only when the player asked for it. */
  function rememberUsername(username: string): void {
    writeStorage(storageKeys.rememberedUsername, remember ? username : null);
  }

  return {
    remember,
    setRemember,
    rememberUsername,
    rememberedUsername: remember ? (readStorage(storageKeys.rememberedUsername) ?? '') : '',
  };
}
