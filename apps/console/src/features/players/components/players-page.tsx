import type { PlayerSummary } from '@reelcast/protocol/console-players';
// Player search: by part of the username, e-mail or name, or the player's id; the query is in the
// address so a search can be shared and comes back with the Back button.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTime, useFormatCents } from '../../../shared/money';
import { Pager } from '../../../shared/ui/pager';
import { Empty, Failed, Loading } from '../../../shared/ui/states';
import { useSearchPlayers } from '../api/search-players';

function PlayerResults({ players }: { players: PlayerSummary[] }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>{t('players.username')}</th>
          <th>{t('players.name')}</th>
          <th>{t('players.email')}</th>
          <th className="num">{t('players.balance')}</th>
          <th>{t('players.lastLogon')}</th>
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr key={p.id} data-testid="player-row">
            <td>
              <Link to={`/players/${p.id}`} className="font-medium underline">
                {p.username}
              </Link>
              {p.banned && <strong className="ms-2 text-danger">{t('players.banned')}</strong>}
            </td>
            <td>
              {p.name} {p.lastname}
            </td>
            <td>{p.email}</td>
            <td className="num">{money(p.balance)}</td>
            <td>{formatTime(p.lastLogon, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlayersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const page = Number(search.get('page') ?? 1);
  const [typed, setTyped] = useState(q);
  const players = useSearchPlayers({ q, page });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim() ? { q: typed.trim() } : {});
  };
  return (
    <div className="space-y-4">
      <h1 className="font-semibold text-2xl">{t('players.title')}</h1>
      <search>
        <form onSubmit={submit} className="flex flex-wrap gap-2">
          <input
            type="search"
            aria-label={t('players.search')}
            placeholder={t('players.searchHint')}
            className="field w-full max-w-md"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn-gold">
            {t('players.find')}
          </button>
        </form>
      </search>
      <section className="card overflow-x-auto p-0">
        {players.isPending ? (
          <Loading />
        ) : players.error ? (
          <Failed error={players.error} onRetry={() => void players.refetch()} />
        ) : players.data.items.length === 0 ? (
          <Empty text={t('players.none')} />
        ) : (
          <PlayerResults players={players.data.items} />
        )}
      </section>
      {players.data && (
        <Pager
          page={page}
          pageSize={players.data.pageSize}
          total={players.data.total}
          onPage={(next) => setSearch({ ...(q ? { q } : {}), page: String(next) })}
        />
      )}
    </div>
  );
}
