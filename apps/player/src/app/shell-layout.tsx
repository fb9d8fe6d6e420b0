// layout3 of the spec, kept simple for now: a header bar over the page, a footer with the version.
import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { WalletBalance } from '../features/wallet/components/wallet-balance';
import { useSettings } from '../shared/settings';
import { Logo } from '../shared/ui/logo';
import { LanguageSelect } from './language-select';

export function ShellLayout() {
  const { t } = useTranslation();
  const languageSelect = useSettings((settings) => settings.LANGUAGE_SELECT);
  const version = useSettings((settings) => settings.UI_VERSION);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-b border-line bg-floor/85 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:px-6">
          <Link
            to="/lobby"
            replace
            aria-label={t('app.home')}
            className="flex min-h-11 items-center text-gold"
          >
            <Logo />
          </Link>
          <div className="ms-auto flex flex-wrap items-center justify-end gap-2">
            <WalletBalance />
            {languageSelect && <LanguageSelect />}
            <Link to="/profile" className="btn-ghost" aria-label={t('nav.profile')}>
              <UserRound aria-hidden="true" className="size-5" />
              <span className="hidden sm:inline">{t('nav.profile')}</span>
            </Link>
            <Link to="/logout" className="btn-ghost" aria-label={t('nav.logout')}>
              <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              <span className="hidden sm:inline">{t('nav.logout')}</span>
            </Link>
          </div>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="px-4 py-3 text-center text-xs text-ink-soft/70">{version}</footer>
    </div>
  );
}
