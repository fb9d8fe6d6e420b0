// §2 navigation menu, in the template's item shape (§3: id, type, title, icon, url, exact, auth,
// levels, children). Items are filtered by role (auth) and by the can-see check on levels (§6:
// every product item is level 145). The product menu is flat, as the spec lists it; collapse
// groups are supported for configurations that nest items.
import {
  History,
  LayoutGrid,
  LogOut,
  type LucideIcon,
  ReceiptText,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { hasAccess, type RouteAuth, routeAuth } from '../shared/auth/access';
import { canSee } from '../shared/auth/player-account';

type BaseItem = {
  id: string;
  /** i18n key of the title */
  title: string;
  icon: LucideIcon;
  /** the roles that may see it (§6); absent means everyone */
  auth?: RouteAuth;
  /** permission ids of which the player must hold one (§6 can-see); absent means no check */
  levels?: readonly number[];
  /** icons that point somewhere are mirrored right to left */
  mirrored?: boolean;
};

export type NavigationLink = BaseItem & {
  type: 'item';
  url: string;
  /** active only on exactly this path, not on paths below it */
  exact?: boolean;
};

/** A group that opens and closes; it is active, and opens by itself, on a child's path (§4). */
export type NavigationCollapse = BaseItem & {
  type: 'collapse';
  children: readonly NavigationItem[];
};

export type NavigationItem = NavigationLink | NavigationCollapse;

export const MENU_LEVEL = 145;

const item = (
  id: string,
  title: string,
  icon: LucideIcon,
  url: string,
  extra: Partial<NavigationLink> = {},
): NavigationLink => ({
  id,
  type: 'item',
  title,
  icon,
  url,
  auth: routeAuth.user,
  levels: [MENU_LEVEL],
  ...extra,
});

export const navigationItems: readonly NavigationItem[] = [
  item('lobby', 'nav.lobby', LayoutGrid, '/lobby'),
  item('profile', 'nav.profile', UserRound, '/profile'),
  item('slot-sessions', 'nav.slotSessions', History, '/slot-sessions'),
  item('transactions', 'nav.transactions', ReceiptText, '/transactions'),
  // Player protection: limits, reality checks, breaks and the history export.
  item('limits', 'nav.limits', ShieldCheck, '/limits'),
  item('logout', 'nav.logout', LogOut, '/logout', { mirrored: true }),
];

/** Who is looking: the role for auth, permissions and type for the can-see check. */
export type Viewer = { role: string; permissions: readonly number[]; type: string } | null;

function mayShow(entry: NavigationItem, viewer: Viewer): boolean {
  if (!hasAccess(entry.auth ?? null, viewer === null ? null : [viewer.role])) return false;
  return canSee(entry.levels, viewer?.permissions ?? [], viewer?.type ?? '');
}

/** The items a viewer may see (§6); a group left with no children is dropped. */
export function visibleItems(
  viewer: Viewer,
  items: readonly NavigationItem[] = navigationItems,
): NavigationItem[] {
  return items.flatMap((entry): NavigationItem[] => {
    if (!mayShow(entry, viewer)) return [];
    if (entry.type === 'item') return [entry];
    const children = visibleItems(viewer, entry.children);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** §4: an item is active when the path is its URL (or lies below it), or a child's is. */
export function isActive(entry: NavigationItem, pathname: string): boolean {
  if (entry.type === 'collapse') return entry.children.some((child) => isActive(child, pathname));
  if (pathname === entry.url) return true;
  return !entry.exact && pathname.startsWith(`${entry.url}/`);
}

/** Every link in the tree, groups flattened: shortcuts name links by id. */
export function allLinks(items: readonly NavigationItem[]): NavigationLink[] {
  return items.flatMap((entry) => (entry.type === 'item' ? [entry] : allLinks(entry.children)));
}
