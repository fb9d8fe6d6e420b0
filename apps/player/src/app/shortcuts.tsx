// §3 User.shortcuts: the navigation items the player keeps one tap away in the header bar. An id
// that names no item the player may see is skipped.

import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../shared/auth/auth-store';
import { useTranslation } from '../shared/i18n';
import { Link, useLocation } from '../shared/router';
import { allLinks, isActive, visibleItems } from './navigation';

export function Shortcuts({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAuthStore(
    useShallow((state) =>
      state.user
        ? {
            role: state.user.role,
            permissions: state.user.permissions,
            type: state.user.type,
            shortcuts: state.user.shortcuts,
          }
        : null,
    ),
  );
  if (!user || user.shortcuts.length === 0) return null;
  const links = allLinks(visibleItems(user));
  const chosen = user.shortcuts.flatMap((id) => links.filter((link) => link.id === id));
  if (chosen.length === 0) return null;

  return (
    <nav aria-label={t('nav.shortcuts')} className={className}>
      <ul className="flex items-center gap-1">
        {chosen.map((link) => {
          const Icon = link.icon;
          const active = isActive(link, pathname);
          return (
            <li key={link.id}>
              <Link
                to={link.url}
                aria-label={t(link.title)}
                title={t(link.title)}
                aria-current={active ? 'page' : undefined}
                className={`flex size-11 items-center justify-center rounded-xl transition ${
                  active ? 'bg-gold/15 text-gold' : 'text-ink-soft hover:bg-panel hover:text-ink'
                }`}
              >
                <Icon
                  aria-hidden="true"
                  className={`size-5 ${link.mirrored ? 'rtl:-scale-x-100' : ''}`}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
