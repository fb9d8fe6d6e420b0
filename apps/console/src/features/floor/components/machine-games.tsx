// A machine's recent games, newest first; each opens to its final screen (game recall).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, useFormatCents } from '../../../shared/money';
import { GameGrid } from '../../../shared/ui/game-grid';
import { Pager } from '../../../shared/ui/pager';
import { Empty, Failed, Loading } from '../../../shared/ui/states';
import { useMachineGames } from '../api/get-machine-games';

export function MachineGames({ machineId }: { machineId: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const [page, setPage] = useState(1);
  const games = useMachineGames(machineId, page);
  return (
    <section aria-labelledby="games-title" className="space-y-2">
      <h3 id="games-title" className="font-semibold">
        {t('recall.recentGames')}
      </h3>
      {games.isPending ? (
        <Loading />
      ) : games.error ? (
        <Failed error={games.error} />
      ) : games.data.items.length === 0 ? (
        <Empty text={t('recall.none')} />
      ) : (
        <ul className="divide-y divide-line">
          {games.data.items.map((g) => (
            <li key={g.id} className="py-1">
              <details>
                <summary className="cursor-pointer text-sm">
                  {formatTime(g.playedAt, i18n.language)} · {g.username} ·{' '}
                  {t('recall.betWin', { bet: money(g.bet), win: money(g.win) })}
                  {g.handPay && <strong className="ms-1 text-gold">{t('floor.handPay')}</strong>}
                </summary>
                <div className="py-2">
                  <GameGrid game={g} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      {games.data && (
        <Pager
          page={page}
          pageSize={games.data.pageSize}
          total={games.data.total}
          onPage={setPage}
        />
      )}
    </section>
  );
}
