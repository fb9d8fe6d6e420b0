// The player's own limits and exclusions, read-only: staff see them, only the player sets them.
import { useTranslation } from 'react-i18next';
import { formatTime, useFormatCents } from '../../../shared/money';
import { Failed, Loading } from '../../../shared/ui/states';
import { usePlayerProtection } from '../api/get-player-protection';

export function PlayerProtectionView({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const protection = usePlayerProtection(playerId);
  if (protection.isPending) return <Loading />;
  if (protection.error) return <Failed error={protection.error} />;
  const { limits, exclusions, realityCheckMinutes } = protection.data;
  const value = (kind: string, amount: number | null) =>
    amount === null
      ? t('protection.none')
      : kind === 'session_time'
        ? t('protection.minutes', { count: amount })
        : money(amount);
  return (
    <section className="card space-y-3">
      <p className="text-ink-soft text-sm">{t('protection.readOnly')}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('protection.limit')}</th>
            <th>{t('protection.period')}</th>
            <th className="num">{t('protection.amount')}</th>
            <th className="num">{t('protection.used')}</th>
            <th>{t('protection.pending')}</th>
          </tr>
        </thead>
        <tbody>
          {limits.map((l) => (
            <tr key={`${l.kind}-${l.period}`}>
              <td>{t(`protection.kinds.${l.kind}`)}</td>
              <td>{t(`protection.periods.${l.period}`)}</td>
              <td className="num">{value(l.kind, l.amount)}</td>
              <td className="num">{value(l.kind, l.used)}</td>
              <td>
                {l.pending
                  ? `${value(l.kind, l.pending.amount)} · ${formatTime(l.pending.effectiveAt, i18n.language)}`
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t('protection.realityCheck')}:{' '}
        {realityCheckMinutes
          ? t('protection.minutes', { count: realityCheckMinutes })
          : t('protection.off')}
      </p>
      <h3 className="font-semibold">{t('protection.exclusions')}</h3>
      {exclusions.length === 0 ? (
        <p className="text-ink-soft">{t('protection.noExclusions')}</p>
      ) : (
        <ul>
          {exclusions.map((e) => (
            <li key={e.startedAt}>
              {t(`protection.exclusion.${e.kind}`)}: {formatTime(e.startedAt, i18n.language)} →{' '}
              {e.endsAt ? formatTime(e.endsAt, i18n.language) : t('protection.permanent')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
