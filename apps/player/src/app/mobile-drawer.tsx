// Below lg: the side navigation as a temporary drawer (§2) on the native modal <dialog>, which
// keeps focus inside and makes the page behind inert. Escape, the close button, a tap on the
// backdrop or choosing an item closes it.
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { InfoLinks } from '../features/info-pages/components/info-links';
import { useTranslation } from '../shared/i18n';
import { Link } from '../shared/router';
import { useSettings } from '../shared/settings';
import { Logo } from '../shared/ui/logo';
import { LanguageSelect } from './language-select';
import { SideNavigation } from './side-navigation';
import { useNavbar } from './use-navbar';

function DrawerPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const languageSelect = useSettings((settings) => settings.LANGUAGE_SELECT);
  const width = useSettings((settings) => settings.LAYOUT.navbarWidth);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, [onClose]);

  return (
    // The backdrop is part of the dialog box: a click landing on the dialog itself is outside
    // the panel. Keyboard users close it with Escape or the close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event
    <dialog
      ref={ref}
      aria-labelledby="drawer-title"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      style={{ width: `min(${width}px, 85vw)` }}
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none border-e border-line bg-floor-raised p-0 text-ink backdrop:bg-black/70 motion-safe:animate-[drawer-in_160ms_ease-out]"
    >
      <div className="flex h-full flex-col overflow-y-auto">
        <div className="flex min-h-16 items-center gap-2 border-b border-line px-2">
          <h2 id="drawer-title" className="sr-only">
            {t('nav.menu')}
          </h2>
          <Link
            to="/lobby"
            replace
            onClick={onClose}
            aria-label={t('app.home')}
            className="flex min-h-11 flex-1 items-center px-1 text-gold"
          >
            <Logo />
          </Link>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="flex size-11 items-center justify-center rounded-xl text-ink-soft hover:bg-panel hover:text-gold"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <SideNavigation fill={false} onChoose={onClose} />
        {languageSelect && (
          <div className="flex justify-center border-t border-line px-3 py-2 sm:hidden">
            <LanguageSelect />
          </div>
        )}
        <InfoLinks className="border-t border-line px-2 py-2" onOpen={onClose} />
      </div>
    </dialog>
  );
}

export function MobileDrawer() {
  const { drawerOpen, setDrawerOpen } = useNavbar();
  const close = useCallback(() => setDrawerOpen(false), [setDrawerOpen]);
  if (!drawerOpen) return null;
  return <DrawerPanel onClose={close} />;
}
