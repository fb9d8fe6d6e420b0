// Watches for an idle player while signed in and shows the idle dialogs of §2/§4.
//
// How 'Deactivated Detected' and the PIN lock relate (the spec leaves it open; decided here):
// - PIN_CHECK on: after IDLE_TIMEOUT_MS without activity the session locks at once (userLock set)
//   and the 'LOCKED !' screen asks for the PIN. No 'Deactivated Detected' question comes first:
//   the lock answers the same event more strongly, and a question in front of it would leave the
//   screen readable for as long as nobody answers.
// - PIN_CHECK off, or no PIN stored to unlock with: after the same time 'Deactivated Detected'
//   asks whether to continue. Continue (or Escape) dismisses it and the idle time starts over;
//   Logout signs out. Waiting does nothing more: it is a question, not a sign-out timer.
// The timer is stopped while either is shown, so a moving pointer does not answer for the player.
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  lockSession,
  storePinCode,
  unlockSession,
  useAuthStore,
} from '../../../shared/auth/auth-store';
import { afterFirstScreen, loadAllStyles } from '../../../shared/first-screen';
import { loadAllTranslations } from '../../../shared/i18n';
import { useLocation, useNavigate } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { useIdleTimer } from '../hooks/use-idle-timer';

// Both dialogs read the later screens' translations ('lock', 'idle') and styles, so they wait for
// them too.
const loadLockScreen = () =>
  Promise.all([import('./lock-screen'), loadAllTranslations(), loadAllStyles()]).then(
    ([module]) => module,
  );
const LockScreen = lazy(() => loadLockScreen().then((module) => ({ default: module.LockScreen })));
const DeactivatedDialog = lazy(() =>
  Promise.all([import('./deactivated-dialog'), loadAllTranslations(), loadAllStyles()]).then(
    ([module]) => ({ default: module.DeactivatedDialog }),
  ),
);

/** Covers the app while the lock screen's code loads: a lock must never show what it hides. */
function LockCover() {
  return <div aria-hidden="true" className="fixed inset-0 z-50 bg-floor" />;
}

export function IdleGuard() {
  const signedIn = useAuthStore((state) => state.token !== null);
  const locked = useAuthStore((state) => state.locked);
  const pinCheck = useSettings((settings) => settings.PIN_CHECK);
  const timeoutMs = useSettings((settings) => settings.IDLE_TIMEOUT_MS);
  const throttleMs = useSettings((settings) => settings.IDLE_THROTTLE_MS);
  const [asking, setAsking] = useState(false);
  const onLogoutPage = useLocation().pathname === '/logout';
  const navigate = useNavigate();

  useEffect(() => {
    if (!signedIn) setAsking(false);
    // Fetched ahead, so the lock shows at once even if the network is gone by then; after the
    // first screen, which does not need it.
    else if (pinCheck) void afterFirstScreen().then(loadLockScreen);
  }, [signedIn, pinCheck]);

  useIdleTimer({
    enabled: signedIn && !locked && !asking && !onLogoutPage,
    timeoutMs,
    throttleMs,
    onIdle: () => {
      // lockSession() refuses without a PIN flag from the sign-in (pin_code).
      if (pinCheck && lockSession()) return;
      setAsking(true);
    },
  });

  // §4: Logout clears the lock and the PIN, then signs out through /logout.
  const logOut = () => {
    setAsking(false);
    unlockSession();
    storePinCode(null);
    navigate('/logout');
  };

  if (!signedIn || onLogoutPage) return null;
  if (locked) {
    return (
      <Suspense fallback={<LockCover />}>
        <LockScreen onLogout={logOut} />
      </Suspense>
    );
  }
  if (asking) {
    return (
      <Suspense fallback={null}>
        <DeactivatedDialog onContinue={() => setAsking(false)} onLogout={logOut} />
      </Suspense>
    );
  }
  return null;
}
