// The player's ledger, newest first: every balance change with its type and what it left.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, useFormatCents } from '../../../shared/money';
import { Pager } from '../../../shared/ui/pager';
import { Empty, Failed, Loading } from '../../../shared/ui/states';
import { usePlayerLedger } from '../api/get-player-ledger';

export function PlayerLedger({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const [page, setPage] = useState(1);
  const ledger = usePlayerLedger(playerId, page);
  if (ledger.isPending) return <Loading />;
  if (ledger.error) return <Failed error={ledger.error} />;
  if (ledger.data.items.length === 0) return <Empty text={t('players.noLedger')} />;
  return (
    <section className="card overflow-x-auto p-0">
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('common.when')}</th>
            <th>{t('players.entryType')}</th>
            <th>{t('players.source')}</th>
            <th className="num">{t('players.amount')}</th>
            <th className="num">{t('players.balanceAfter')}</th>
            <th>{t('floor.machine')}</th>
          </tr>
        </thead>
        <tbody>
          {ledger.data.items.map((e) => (
            <tr key={e.id} data-testid="ledger-entry">
              <td>{formatTime(e.createdAt, i18n.language)}</td>
              <td>{t(`ledgerTypes.${e.type}`)}</td>
              <td>{e.source ?? ''}</td>
              <td className={`num ${e.amount < 0 ? 'text-danger' : 'text-ok'}`}>
                {money(e.amount)}
              </td>
              <td className="num">{money(e.balanceAfter)}</td>
              <td>{e.machineId ? `#${e.machineId}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="px-3">
        <Pager
          page={page}
          pageSize={ledger.data.pageSize}
          total={ledger.data.total}
          onPage={setPage}
        />
      </div>
    </section>
  );
}
