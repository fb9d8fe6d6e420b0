// layout3 (§1, §2): the fixed, foldable navbar at lg and up, a drawer below lg, the header bar,
// the page, boxed to layout3's width (§9 LAYOUT.boxedMaxWidth), and the footer. Pages under /lobby
// get the lobby background. The game screen is not inside this layout at all (no navbar, toolbar,
// footer or panels).
import { type CSSProperties, Suspense } from 'react';
import { Outlet, useLocation } from '../shared/router';
import { useSettings } from '../shared/settings';
import { AppHeader, MenuButton } from './app-header';
import { AppFooter, MobileDrawer, Navbar } from './shell-later';
import { useNavbar } from './use-navbar';

export function ShellLayout() {
  const { pathname } = useLocation();
  const hideHeader = useSettings((settings) => settings.HIDE_HEADER_BAR);
  const layout = useSettings((settings) => settings.LAYOUT);
  const folded = useNavbar((state) => state.folded);
  const onLobby = pathname === '/lobby' || pathname.startsWith('/lobby/');
  // The page keeps its place when a folded navbar opens on hover: it opens over the page.
  const offset = { '--shell-nav': `${folded ? layout.navbarFoldedWidth : layout.navbarWidth}px` };

  return (
    <div style={offset as CSSProperties} className="min-h-dvh lg:ps-(--shell-nav)">
      <Suspense fallback={null}>
        <Navbar />
      </Suspense>
      <div className={`flex min-h-dvh flex-col ${onLobby ? 'layout-lobby-background' : ''}`}>
        {hideHeader ? (
          <MenuButton className="fixed top-2 start-2 z-20 bg-floor/85 backdrop-blur" />
        ) : (
          <AppHeader />
        )}
        <div
          data-testid="shell-page"
          style={{ maxWidth: layout.boxedMaxWidth }}
          className="mx-auto w-full min-w-0 flex-1"
        >
          <Outlet />
        </div>
        <Suspense fallback={null}>
          <AppFooter />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <MobileDrawer />
      </Suspense>
    </div>
  );
}
