// The player's slot sessions with their money, each opening to its games (game recall).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, useFormatCents } from '../../../shared/money';
import { GameGrid } from '../../../shared/ui/game-grid';
import { Pager } from '../../../shared/ui/pager';
import { Empty, Failed, Loading } from '../../../shared/ui/states';
import { usePlayerSessions } from '../api/get-player-sessions';
import { useSessionGames } from '../api/get-session-games';

function SessionGames({ sessionId }: { sessionId: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const games = useSessionGames(sessionId);
  if (games.isPending) return <Loading />;
  if (games.error) return <Failed error={games.error} />;
  if (games.data.items.length === 0) return <Empty text={t('recall.none')} />;
  return (
    <ol className="flex flex-wrap gap-4 py-2">
      {games.data.items.map((g) => (
        <li key={g.id} className="space-y-1 text-xs">
          <div>
            {formatTime(g.playedAt, i18n.language)} ·{' '}
            {t('recall.betWin', { bet: money(g.bet), win: money(g.win) })}
          </div>
          <GameGrid game={g} />
        </li>
      ))}
    </ol>
  );
}

export function PlayerSessions({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const sessions = usePlayerSessions(playerId, page);
  if (sessions.isPending) return <Loading />;
  if (sessions.error) return <Failed error={sessions.error} />;
  if (sessions.data.items.length === 0) return <Empty text={t('players.noSessions')} />;
  return (
    <section className="card space-y-2">
      <ul className="divide-y divide-line">
        {sessions.data.items.map((s) => (
          <li key={s.id} className="py-2">
            <button
              type="button"
              aria-expanded={open === s.id}
              className="w-full text-start"
              onClick={() => setOpen(open === s.id ? null : s.id)}
            >
              <strong>
                #{s.id} · {s.machineName}
              </strong>{' '}
              · {formatTime(s.openedAt, i18n.language)} · {t(`players.session.${s.status}`)} ·{' '}
              {t('players.sessionMoney', {
                cashIn: money(s.cashIn),
                cashOut: money(s.cashOut),
                games: s.gamesPlayed,
                result: money(s.result),
              })}
            </button>
            {open === s.id && <SessionGames sessionId={s.id} />}
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={sessions.data.pageSize}
        total={sessions.data.total}
        onPage={setPage}
      />
    </section>
  );
}
