// The header bar of layout3 (§1): menu button and logo below lg, the optional information
// dialog, the player's shortcuts, the wallet with its show/hide toggle, and the language selector (TR and EN).
import { Menu } from 'lucide-react';
import { Suspense } from 'react';
import { WalletBalance } from '../features/wallet/components/wallet-balance';
import { useTranslation } from '../shared/i18n';
import { Link } from '../shared/router';
import { useSettings } from '../shared/settings';
import { Logo } from '../shared/ui/logo';
import { InformationButton, LanguageSelect, loadShellExtras, Shortcuts } from './shell-later';
import { useNavbar } from './use-navbar';

export function MenuButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { drawerOpen, setDrawerOpen } = useNavbar();
  return (
    <button
      type="button"
      // The drawer's chunk may not be in yet (shell-later.tsx): fetched as the player reaches for
      // it, and the drawer opens once it is in.
      onPointerEnter={() => void loadShellExtras()}
      onFocus={() => void loadShellExtras()}
      onClick={() => {
        void loadShellExtras();
        setDrawerOpen(true);
      }}
      aria-label={t('nav.openMenu')}
      aria-expanded={drawerOpen}
      aria-haspopup="dialog"
      className={`flex size-11 shrink-0 items-center justify-center rounded-xl text-ink hover:bg-panel hover:text-gold lg:hidden ${className}`}
    >
      <Menu aria-hidden="true" className="size-6" />
    </button>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const languageSelect = useSettings((settings) => settings.LANGUAGE_SELECT);
  const information = useSettings((settings) => settings.INFORMATION_TEXT.trim());

  return (
    <header className="sticky top-0 z-20 border-b border-line bg-floor/85 backdrop-blur">
      <div className="flex min-h-16 items-center gap-2 px-2 sm:px-4">
        <MenuButton />
        {/* Below sm only the mark: the wallet needs the room. At lg the navbar has the logo. */}
        <Link
          to="/lobby"
          replace
          aria-label={t('app.home')}
          className="flex min-h-11 min-w-11 items-center text-gold lg:hidden max-sm:[&>span>span]:hidden"
        >
          <Logo />
        </Link>
        {/* Below sm the wallet needs the room; the drawer has every item anyway. */}
        <Suspense fallback={null}>
          <Shortcuts className="hidden sm:block" />
        </Suspense>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {information && (
            <Suspense fallback={null}>
              <InformationButton text={information} />
            </Suspense>
          )}
          <WalletBalance />
          {languageSelect && (
            <div className="hidden sm:block">
              <Suspense fallback={null}>
                <LanguageSelect />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
