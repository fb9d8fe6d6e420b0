// Shows the lock screen while the session is locked (§4), and otherwise the idle watch that locks
// it or asks 'Deactivated Detected' (./idle-watch.tsx says how the two relate). app/ passes the
// watch in, its code loading once the first screen is up (issue 22, first load): nobody is idle
// for minutes before that, while a reload into a locked session must cover the app at once.
import { lazy, type ReactNode, Suspense } from 'react';
import { storePinCode, unlockSession, useAuthStore } from '../../../shared/auth/auth-store';
import { loadAllStyles } from '../../../shared/first-screen';
import { loadAllTranslations } from '../../../shared/i18n';
import { useLocation, useNavigate } from '../../../shared/router';
import type { IdleWatchProps } from './idle-watch';

// The lock reads the later screens' translations ('lock') and styles, so it waits for them too.
const loadLockScreen = () =>
  Promise.all([import('./lock-screen'), loadAllTranslations(), loadAllStyles()]).then(
    ([module]) => module,
  );
const LockScreen = lazy(() => loadLockScreen().then((module) => ({ default: module.LockScreen })));

/** Covers the app while the lock screen's code loads: a lock must never show what it hides. */
function LockCover() {
  return <div aria-hidden="true" className="fixed inset-0 z-50 bg-floor" />;
}

type Props = {
  /** the idle watch, given what it needs; rendered while signed in and unlocked */
  watch?: (props: IdleWatchProps) => ReactNode;
};

export function IdleGuard({ watch }: Props) {
  const signedIn = useAuthStore((state) => state.token !== null);
  const locked = useAuthStore((state) => state.locked);
  const onLogoutPage = useLocation().pathname === '/logout';
  const navigate = useNavigate();

  // §4: Logout clears the lock and the PIN, then signs out through /logout.
  const logOut = () => {
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
  return watch?.({ loadLockScreen, onLogout: logOut }) ?? null;
}
