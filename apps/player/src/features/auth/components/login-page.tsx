import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { Logo } from '../../../shared/ui/logo';
import { ContactLinks } from './contact-links';
import { LoginForm } from './login-form';

// The splash is shown once per page load: coming back to /login after it was dismissed skips it.
let splashDismissed = false;

/** §2 splash-screen option: the logo alone, until the player clicks or presses a key. */
function Splash({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh">
      <button
        type="button"
        onClick={onDismiss}
        // biome-ignore lint/a11y/noAutofocus: the splash is the whole screen and its only control
        autoFocus
        className="flex flex-1 flex-col items-center justify-center gap-6 text-gold"
      >
        <Logo className="scale-150 text-3xl" />
        <span className="text-sm text-ink-soft">{t('login.splashContinue')}</span>
      </button>
    </main>
  );
}

/** §2: the login screen has no chrome, only the logo, the form and the optional contact. */
export function LoginPage() {
  const { t } = useTranslation();
  const loginWithToken = useSettings((settings) => settings.LOGIN_WITH_TOKEN);
  const splash = useSettings((settings) => settings.SPLASH_SCREEN);
  const [showSplash, setShowSplash] = useState(splash && !splashDismissed);

  if (showSplash) {
    return (
      <Splash
        onDismiss={() => {
          splashDismissed = true;
          setShowSplash(false);
        }}
      />
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-2 text-gold">
          <Logo className="text-2xl" />
          {!loginWithToken && <p className="text-sm text-ink-soft">{t('login.subtitle')}</p>}
        </div>
        {loginWithToken ? (
          // §2: in login-with-token mode the only way in is a link with a token; this screen
          // means the token was missing or no longer valid.
          <>
            <h1 className="sr-only">{t('login.title')}</h1>
            <p
              role="alert"
              className="rounded-2xl border border-danger/50 bg-danger/10 p-6 text-center text-danger"
            >
              {t('login.tokenOnly')}
            </p>
          </>
        ) : (
          <>
            <section
              aria-labelledby="login-title"
              className="rounded-2xl border border-line bg-floor-raised/90 p-6 shadow-2xl shadow-black/50"
            >
              <h1 id="login-title" className="mb-6 text-xl font-semibold">
                {t('login.title')}
              </h1>
              <LoginForm />
            </section>
            <ContactLinks />
          </>
        )}
      </div>
    </main>
  );
}
