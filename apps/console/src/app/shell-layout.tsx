// The console's frame: the pages this role may open, who is signed in, the language, sign-out. A
// row of links on a wide screen that wraps on a tablet; the page fills the rest.
import type { ConsoleRouteName } from '@reelcast/protocol/console';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { apiRequest } from '../shared/api/api-client';
import { signOut } from '../shared/auth/auth-store';
import { useMay, useMe } from '../shared/auth/use-me';
import { LanguageSelect } from '../shared/ui/language-select';

/** Each page and the route it reads first: a role that cannot read it does not see the link. */
const pages: Array<{ to: string; label: string; reads: ConsoleRouteName }> = [
  { to: '/floor', label: 'nav.floor', reads: 'floor' },
  { to: '/players', label: 'nav.players', reads: 'players' },
  { to: '/reports', label: 'nav.reports', reads: 'dailyReport' },
  { to: '/audit', label: 'nav.audit', reads: 'audit' },
  { to: '/staff', label: 'nav.staff', reads: 'staffAccounts' },
  { to: '/settings', label: 'nav.settings', reads: 'settings' },
];

export function ShellLayout() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const may = useMay();
  const queryClient = useQueryClient();
  const leave = async () => {
    // The server forgets the token too; signing out here does not wait on it.
    await apiRequest('/player/logout', { method: 'POST', body: {} }).catch(() => undefined);
    signOut();
    queryClient.clear();
  };
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 font-medium ${isActive ? 'bg-gold text-floor' : 'hover:text-gold'}`;
  return (
    <div className="min-h-dvh">
      <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-line border-b bg-floor-raised px-4 py-2">
        <Link to="/floor" className="font-display font-semibold text-gold text-xl">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.label')} className="flex flex-wrap gap-1">
          {pages
            .filter((p) => may(p.reads))
            .map((p) => (
              <NavLink key={p.to} to={p.to} className={link}>
                {t(p.label)}
              </NavLink>
            ))}
        </nav>
        <div className="ms-auto flex flex-wrap items-center gap-3">
          {me && (
            <span data-testid="signed-in-as" className="text-sm">
              {me.username} · <strong>{t(`roles.${me.role}`)}</strong>
            </span>
          )}
          <NavLink to="/two-factor" className={link}>
            {t('nav.twoFactor')}
          </NavLink>
          <LanguageSelect />
          <button type="button" className="btn-ghost" onClick={leave}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      {me && !me.twoFactor && (
        <p role="status" className="bg-gold/15 px-4 py-2 text-sm">
          {t('twoFactor.nudge')}{' '}
          <Link to="/two-factor" className="underline">
            {t('twoFactor.start')}
          </Link>
        </p>
      )}
      {me?.role === 'auditor' && (
        <p className="bg-panel px-4 py-2 text-sm">{t('roles.auditorNote')}</p>
      )}
      <main className="mx-auto max-w-[1600px] p-4">
        <Outlet />
      </main>
    </div>
  );
}
