// The lock screen's PIN check: the server says whether the PIN is right, how many wrong ones are
// left, or that it has ended the sign-in; the field is cleared and focused for the next try.
import { PIN_ATTEMPTS } from '@reelcast/protocol/log-types';
import { type FormEvent, useRef, useState } from 'react';
import { logout, unlockSession } from '../../../shared/auth/auth-store';
import { useVerifyPin } from '../api/verify-pin';

export function usePinUnlock() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  /** The server's count: wrong PINs still allowed; null until a wrong one. */
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [checkFailed, setCheckFailed] = useState(false);
  const check = useVerifyPin();
  const checking = check.isPending;

  async function unlock(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    setCheckFailed(false);
    let answer: Awaited<ReturnType<typeof check.mutateAsync>>;
    try {
      answer = await check.mutateAsync({ pin });
    } catch {
      // Not checked (no network, or the token was refused: the API client signs out on 401).
      setCheckFailed(true);
      inputRef.current?.focus();
      return;
    }
    if (answer.valid) {
      unlockSession();
      return;
    }
    setPin('');
    if (answer.signed_out) {
      // The server has ended this sign-in: nothing left to unlock; the shell says why.
      logout('lock.signedOut', { count: PIN_ATTEMPTS });
      return;
    }
    setAttemptsLeft(answer.attempts_left);
    inputRef.current?.focus();
  }

  return { inputRef, pin, setPin, attemptsLeft, checkFailed, checking, unlock };
}
