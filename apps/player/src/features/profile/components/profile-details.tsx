import type { ProfileAnswer } from '@reelcast/protocol/account';
import { DEFAULT_PIN } from '@reelcast/protocol/log-types';
import { KeyRound } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';

export function ProfileDetails({ profile }: { profile: ProfileAnswer }) {
  const { t, i18n } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = (iso: string | null) => {
    if (!iso) return t('profile.never');
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(date);
  };

  const rows: Array<[label: string, value: string, ltr?: boolean]> = [
    [t('profile.name'), profile.name],
    [t('profile.lastname'), profile.lastname],
    [t('profile.username'), profile.username, true],
    [t('profile.email'), profile.email, true],
    [t('profile.role'), t(`profile.roles.${profile.role}`, { defaultValue: profile.role })],
    [t('profile.lastLogon'), formatDate(profile.last_logon)],
    [t('profile.lastLogonIp'), profile.last_logon_ip ?? '—', true],
    [t('profile.currentIp'), profile.current_ip, true],
    [t('wallet.balance'), formatMoney(profile.balance)],
  ];

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-xs uppercase tracking-wider text-ink-soft">{label}</dt>
            <dd className="break-words font-medium">
              {/* Addresses and names in Latin stay left-to-right inside an Arabic page without
                  leaving its alignment. */}
              {ltr ? <bdi dir="ltr">{value}</bdi> : value}
            </dd>
          </div>
        ))}
      </dl>
      {profile.pin_is_default && (
        <p
          data-testid="default-pin"
          className="flex items-start gap-3 rounded-xl border border-gold/50 bg-gold/10 p-4 text-sm"
        >
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
          <span>{t('profile.defaultPin', { pin: DEFAULT_PIN })}</span>
        </p>
      )}
    </div>
  );
}
