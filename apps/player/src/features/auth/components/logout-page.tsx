import { useEffect } from 'react';
import { logout } from '../../../shared/auth/auth-store';
import { browser } from '../../../shared/browser';
import { useTranslation } from '../../../shared/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import { postLogout } from '../api/logout';

let loggingOut = false;

/**
 * §4: posts logout, forgets the token, the PIN and the lock, and reloads, so nothing of the
 * player's session (query cache, sockets, game state) outlives it in memory.
 */
export function LogoutPage() {
  const { t } = useTranslation();

  useEffect(() => {
    // One request even when React runs the effect twice (StrictMode); a failed call still signs
    // the player out here, since the token is forgotten either way.
    if (loggingOut) return;
    loggingOut = true;
    void postLogout()
      .catch(() => undefined)
      .then(() => {
        logout();
        browser.reloadTo('/login');
      })
      .finally(() => {
        loggingOut = false;
      });
  }, []);

  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('auth.loggingOut')} />
    </main>
  );
}
