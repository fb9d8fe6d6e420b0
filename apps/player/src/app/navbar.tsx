// lg and up: the fixed side navbar (§2). Folded it is 64 px of icons; while folded, pointing at
// it (or tabbing into it) opens it over the page and leaving closes it again.
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { Link } from '../shared/router';
import { useSettings } from '../shared/settings';
import { Logo } from '../shared/ui/logo';
import { SideNavigation } from './side-navigation';
import { useNavbar } from './use-navbar';

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function Navbar() {
  const { t } = useTranslation();
  const { folded, toggleFolded } = useNavbar();
  const layout = useSettings((settings) => settings.LAYOUT);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = !folded || hovered || focused;
  const FoldIcon = folded ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      data-testid="navbar"
      data-folded={folded}
      data-open={open}
      aria-label={t('nav.sideNavigation')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus opens a folded navbar; a mouse click on the fold button does not keep it
      // open after the pointer leaves.
      onFocus={(event) => setFocused(focusVisible(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      style={{ width: open ? layout.navbarWidth : layout.navbarFoldedWidth }}
      className={`fixed inset-y-0 start-0 z-30 hidden flex-col overflow-hidden border-e border-line bg-floor-raised motion-safe:transition-[width] motion-safe:duration-200 lg:flex ${
        folded && open ? 'shadow-2xl shadow-black/60' : ''
      }`}
    >
      <div className="flex min-h-16 items-center gap-2 border-b border-line px-2">
        <Link
          to="/lobby"
          replace
          aria-label={t('app.home')}
          className={`flex min-h-11 min-w-0 flex-1 items-center px-1 text-gold ${open ? '' : 'sr-only'}`}
        >
          <Logo />
        </Link>
        <button
          type="button"
          onClick={toggleFolded}
          aria-pressed={folded}
          aria-label={t('nav.fold')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-soft hover:bg-panel hover:text-gold"
        >
          <FoldIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
      </div>
      <SideNavigation compact={!open} />
    </aside>
  );
}
