// The player's login log (§8 log types): sign-ins, failures, lockouts, and from where.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/money';
import { Pager } from '../../../shared/ui/pager';
import { Empty, Failed, Loading } from '../../../shared/ui/states';
import { usePlayerLogins } from '../api/get-player-logins';

export function PlayerLogins({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const logins = usePlayerLogins(playerId, page);
  if (logins.isPending) return <Loading />;
  if (logins.error) return <Failed error={logins.error} />;
  if (logins.data.items.length === 0) return <Empty text={t('players.noLogins')} />;
  return (
    <section className="card overflow-x-auto p-0">
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('common.when')}</th>
            <th>{t('players.event')}</th>
            <th>{t('audit.ip')}</th>
            <th>{t('players.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {logins.data.items.map((e) => (
            <tr key={e.id}>
              <td>{formatTime(e.createdAt, i18n.language)}</td>
              <td>{t(`logTypes.${e.type}`, { defaultValue: e.type })}</td>
              <td>{e.ip}</td>
              <td>{e.detail ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="px-3">
        <Pager
          page={page}
          pageSize={logins.data.pageSize}
          total={logins.data.total}
          onPage={setPage}
        />
      </div>
    </section>
  );
}
