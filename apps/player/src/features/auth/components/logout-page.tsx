import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/auth/auth-store';
import { Spinner } from '../../../shared/ui/spinner';
import { postLogout } from '../api/logout';

// Signing out also empties the query cache: the app shell does that whenever the token goes.
let inFlight: Promise<unknown> | null = null;

export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    // One request even when React runs the effect twice (StrictMode); a failed call still signs
    // the player out here, since the token is forgotten either way.
    inFlight ??= postLogout()
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
      });
    inFlight.then(() => {
      logout();
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('auth.loggingOut')} />
    </main>
  );
}
