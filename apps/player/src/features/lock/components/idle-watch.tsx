// Watches for an idle player while signed in and unlocked, and shows the idle dialogs of §2/§4;
// rendered by ./idle-guard.tsx, from a chunk app/ loads once the first screen is up.
//
// How 'Deactivated Detected' and the PIN lock relate (the spec leaves it open; decided here):
// - PIN_CHECK on: after IDLE_TIMEOUT_MS without activity the session locks at once (userLock set)
//   and the 'LOCKED !' screen asks for the PIN. No 'Deactivated Detected' question comes first:
//   the lock answers the same event more strongly, and a question in front of it would leave the
//   screen readable for as long as nobody answers.
// - PIN_CHECK off, or no PIN stored to unlock with: after the same time 'Deactivated Detected'
//   asks whether to continue. Continue (or Escape) dismisses it and the idle time starts over;
//   Logout signs out. Waiting does nothing more: it is a question, not a sign-out timer.
// The timer is stopped while the question is shown, and the watch is gone while locked, so a
// moving pointer does not answer for the player.
import { useEffect, useState } from 'react';
import { lockSession } from '../../../shared/auth/auth-store';
import { useSettings } from '../../../shared/settings';
import { useIdleTimer } from '../hooks/use-idle-timer';
import { DeactivatedDialog } from './deactivated-dialog';

export type IdleWatchProps = {
  /** fetches the lock screen's code */
  loadLockScreen: () => Promise<unknown>;
  /** §4 Logout: clears the lock and the PIN, then signs out */
  onLogout: () => void;
};

export function IdleWatch({ loadLockScreen, onLogout }: IdleWatchProps) {
  const pinCheck = useSettings((settings) => settings.PIN_CHECK);
  const timeoutMs = useSettings((settings) => settings.IDLE_TIMEOUT_MS);
  const throttleMs = useSettings((settings) => settings.IDLE_THROTTLE_MS);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    // Fetched ahead, so the lock shows at once even if the network is gone by then.
    if (pinCheck) void loadLockScreen();
  }, [pinCheck, loadLockScreen]);

  useIdleTimer({
    enabled: !asking,
    timeoutMs,
    throttleMs,
    onIdle: () => {
      // lockSession() refuses without a PIN flag from the sign-in (pin_code).
      if (pinCheck && lockSession()) return;
      setAsking(true);
    },
  });

  if (!asking) return null;
  return (
    <DeactivatedDialog
      onContinue={() => setAsking(false)}
      onLogout={() => {
        setAsking(false);
        onLogout();
      }}
    />
  );
}
