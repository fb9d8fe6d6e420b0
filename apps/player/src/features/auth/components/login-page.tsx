import { useTranslation } from 'react-i18next';
import { Logo } from '../../../shared/ui/logo';
import { LoginForm } from './login-form';

/** §2: the login screen has no chrome, only the logo and the form. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-2 text-gold">
          <Logo className="text-2xl" />
          <p className="text-sm text-ink-soft">{t('login.subtitle')}</p>
        </div>
        <section
          aria-labelledby="login-title"
          className="rounded-2xl border border-line bg-floor-raised/90 p-6 shadow-2xl shadow-black/50"
        >
          <h1 id="login-title" className="mb-6 text-xl font-semibold">
            {t('login.title')}
          </h1>
          <LoginForm />
        </section>
      </div>
    </main>
  );
}
