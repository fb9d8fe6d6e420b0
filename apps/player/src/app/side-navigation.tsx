// The side navigation's content, shared by the lg navbar and the small-screen drawer: who is
// signed in, their balance and last sign-in, the menu, and the version label (§1, §2).
import { ExternalLink } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { useProfile } from '../features/profile/api/get-profile';
import { useWalletVisibility } from '../features/wallet/hooks/use-wallet-visibility';
import { useBalance } from '../shared/api/get-balance';
import { useAuthStore } from '../shared/auth/auth-store';
import { useTranslation } from '../shared/i18n';
import { useSettings } from '../shared/settings';
import { BalanceAmount } from '../shared/ui/balance-amount';
import { visibleItems } from './navigation';
import { NavigationMenu } from './navigation-menu';
import { UserAvatar } from './user-avatar';

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function UserPanel({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const profile = useProfile();
  const balance = useBalance();
  const walletVisible = useWalletVisibility((state) => state.visible);
  if (!user) return null;
  const details = profile.data;
  const fullName = `${user.name} ${user.lastname}`.trim();

  return (
    <section aria-label={t('nav.account')} className="border-b border-line px-3 py-4">
      <div className="flex items-center gap-3">
        <UserAvatar
          name={user.displayName || fullName}
          username={user.username}
          photoURL={user.photoURL}
        />
        <div className={compact ? 'sr-only' : 'min-w-0'}>
          <p className="truncate font-semibold" data-testid="nav-display-name">
            {user.displayName || fullName}
          </p>
          {/* §2: the first and last name are shown; a chosen display name goes above them. */}
          {user.displayName && user.displayName !== fullName && (
            <p className="truncate text-sm" data-testid="nav-full-name">
              {fullName}
            </p>
          )}
          <p className="truncate text-sm text-ink-soft">@{user.username}</p>
        </div>
      </div>
      {!compact && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-ink-soft">{t('wallet.balance')}</dt>
          <dd className="text-end">
            {!walletVisible ? (
              <>
                <span className="sr-only">{t('wallet.hidden')}</span>
                <span aria-hidden="true">••••</span>
              </>
            ) : balance.data ? (
              <BalanceAmount cents={balance.data.balance} />
            ) : (
              '…'
            )}
          </dd>
          <dt className="text-ink-soft">{t('profile.lastLogon')}</dt>
          <dd className="text-end tabular-nums">
            {details?.last_logon
              ? formatTime(details.last_logon, i18n.language)
              : t('profile.never')}
          </dd>
          <dt className="text-ink-soft">{t('profile.lastLogonIp')}</dt>
          <dd className="text-end tabular-nums" dir="ltr">
            {details?.last_logon_ip ?? '–'}
          </dd>
          <dt className="text-ink-soft">{t('profile.currentIp')}</dt>
          <dd className="text-end tabular-nums" dir="ltr">
            {details?.current_ip ?? '–'}
          </dd>
        </dl>
      )}
    </section>
  );
}

export function SideNavigation({
  compact = false,
  fill = true,
  onChoose,
}: {
  /** fills its column and scrolls the menu (navbar); false lets the drawer scroll as a whole */
  fill?: boolean;
  /** the folded navbar: icons only, names kept for screen readers */
  compact?: boolean;
  /** called after an item is chosen (the drawer closes) */
  onChoose?: () => void;
}) {
  const { t } = useTranslation();
  const viewer = useAuthStore(
    useShallow((state) =>
      state.user
        ? { role: state.user.role, permissions: state.user.permissions, type: state.user.type }
        : null,
    ),
  );
  const version = useSettings((settings) => settings.UI_VERSION);
  const menuLinks = useSettings((settings) => settings.MENU_LINKS);
  // §3 navigation item: a configured link opens in a new window by default.
  const externalLink = (link: { title: string; url: string }) => (
    <li key={link.url}>
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-ink-soft transition hover:bg-panel hover:text-ink"
      >
        <ExternalLink aria-hidden="true" className="size-5 shrink-0" />
        <span className={compact ? 'sr-only' : 'truncate'}>{link.title}</span>
      </a>
    </li>
  );

  return (
    <div className={`flex flex-col ${fill ? 'min-h-0 flex-1' : 'flex-none'}`}>
      <UserPanel compact={compact} />
      <nav
        aria-label={t('nav.menu')}
        className={`px-2 py-3 ${fill ? 'flex-1 overflow-y-auto' : ''}`}
      >
        <NavigationMenu
          items={visibleItems(viewer)}
          compact={compact}
          onChoose={onChoose}
          // The configured links go before Logout, which stays last.
          extraRows={menuLinks.map(externalLink)}
          extraBefore="logout"
        />
      </nav>
      <p
        className={`border-t border-line px-3 py-3 text-xs text-ink-soft ${compact ? 'text-center' : ''}`}
      >
        {version}
      </p>
    </div>
  );
}
