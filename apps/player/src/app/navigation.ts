// §2 navigation menu. Every item keeps the template's shape (id, type, title, icon, url, auth,
// levels) so a can-see check on levels (§6: all are 145) can be added without touching the menu.
import { History, LayoutGrid, LogOut, type LucideIcon, ReceiptText, UserRound } from 'lucide-react';
import { hasAccess, type RouteAuth, routeAuth } from '../shared/auth/access';

export interface NavigationItem {
  id: string;
  type: 'item';
  /** i18n key of the title */
  title: string;
  icon: LucideIcon;
  url: string;
  /** active only on exactly this path, not on paths below it */
  exact?: boolean;
  /** the roles that may see it (§6) */
  auth: RouteAuth;
  levels: number[];
  /** icons that point somewhere are mirrored right to left */
  mirrored?: boolean;
}

export const MENU_LEVEL = 145;

export const navigationItems: readonly NavigationItem[] = [
  { id: 'lobby', type: 'item', title: 'nav.lobby', icon: LayoutGrid, url: '/lobby' },
  { id: 'profile', type: 'item', title: 'nav.profile', icon: UserRound, url: '/profile' },
  {
    id: 'slot-sessions',
    type: 'item',
    title: 'nav.slotSessions',
    icon: History,
    url: '/slot-sessions',
  },
  {
    id: 'transactions',
    type: 'item',
    title: 'nav.transactions',
    icon: ReceiptText,
    url: '/transactions',
  },
  { id: 'logout', type: 'item', title: 'nav.logout', icon: LogOut, url: '/logout', mirrored: true },
].map((item) => ({ ...item, type: 'item' as const, auth: routeAuth.user, levels: [MENU_LEVEL] }));

/** The items a role may see (§6 auth filter). */
export function visibleItems(role: string | null): NavigationItem[] {
  return navigationItems.filter((item) => hasAccess(item.auth, role === null ? null : [role]));
}

/** §4: an item is active when the path is its URL or lies below it. */
export function isActive(item: NavigationItem, pathname: string): boolean {
  if (pathname === item.url) return true;
  return !item.exact && pathname.startsWith(`${item.url}/`);
}
