// /callback (§2): the splash screen, no chrome, for guests only. A sign-in link lands here with
// ?token=, which start-up adopts before any screen renders, so a player arriving that way is
// already signed in and the guard sends them on to the lobby. A guest without a token is offered
// the login page rather than left on a spinner.

import { useTranslation } from '../shared/i18n';
import { Link } from '../shared/router';
import { Logo } from '../shared/ui/logo';
import { Spinner } from '../shared/ui/spinner';

export function CallbackPage() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="splash-screen"
      className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4"
    >
      <Logo className="scale-150 text-3xl text-gold" />
      <Spinner label={t('app.callbackWaiting')} />
      <Link
        to="/login"
        replace
        className="flex min-h-11 items-center px-3 text-sm text-ink-soft underline hover:text-gold"
      >
        {t('app.callbackToLogin')}
      </Link>
    </main>
  );
}
