// One player's account as staff see it: who, the balance (read again every few seconds), what
// staff may do, and the account's history in tabs named in the address.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatTime, useFormatCents } from '../../../shared/money';
import { Failed, Loading } from '../../../shared/ui/states';
import { usePlayer } from '../api/get-player';
import { PlayerAccess } from './player-access';
import { PlayerActions } from './player-actions';
import { PlayerLedger } from './player-ledger';
import { PlayerLogins } from './player-logins';
import { PlayerProtectionView } from './player-protection';
import { PlayerSessions } from './player-sessions';

const tabs = ['ledger', 'sessions', 'logins', 'protection', 'access'] as const;
type Tab = (typeof tabs)[number];

function TabBody({ tab, playerId }: { tab: Tab; playerId: number }) {
  if (tab === 'sessions') return <PlayerSessions playerId={playerId} />;
  if (tab === 'logins') return <PlayerLogins playerId={playerId} />;
  if (tab === 'protection') return <PlayerProtectionView playerId={playerId} />;
  if (tab === 'access') return <PlayerAccess playerId={playerId} />;
  return <PlayerLedger playerId={playerId} />;
}

export function PlayerPage() {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const playerId = Number(useParams().playerId);
  const [search, setSearch] = useSearchParams();
  const tab = tabs.find((x) => x === search.get('tab')) ?? 'ledger';
  const player = usePlayer(playerId);
  if (player.isPending) return <Loading />;
  if (player.error) return <Failed error={player.error} onRetry={() => void player.refetch()} />;
  const p = player.data;
  return (
    <div className="space-y-4">
      <Link to="/players" className="text-ink-soft text-sm underline">
        {t('players.back')}
      </Link>
      <section className="card flex flex-wrap items-start gap-6">
        <div className="me-auto space-y-1">
          <h1 className="font-semibold text-2xl">
            {p.username}
            {p.banned && (
              <strong className="ms-3 text-danger text-base">{t('players.banned')}</strong>
            )}
          </h1>
          <p className="text-ink-soft text-sm">
            #{p.id} · {p.name} {p.lastname} · {p.email} · {t(`players.type.${p.type}`)} · {p.group}
          </p>
          <p className="text-ink-soft text-sm">
            {t('players.lastLogon')}: {formatTime(p.lastLogon, i18n.language)} {p.lastLogonIp ?? ''}{' '}
            · {t('players.created')}: {formatTime(p.createdAt, i18n.language)}
            {p.pinIsDefault && ` · ${t('players.pinDefault')}`}
          </p>
          {p.openSessions.length > 0 && (
            <p className="text-sm">
              {t('players.openSessions')}:{' '}
              {p.openSessions.map((s) => (
                <Link key={s.id} to={`/floor/${s.machineId}`} className="me-2 underline">
                  #{s.machineId} ({money(s.credits)})
                </Link>
              ))}
            </p>
          )}
        </div>
        <div className="text-end">
          <div className="text-ink-soft text-sm">{t('players.balance')}</div>
          <output
            data-testid="player-balance"
            data-cents={p.balance}
            aria-live="polite"
            className="font-semibold text-3xl text-ok tabular-nums"
          >
            {money(p.balance)}
          </output>
        </div>
        <PlayerActions player={p} />
      </section>
      <nav aria-label={t('players.history')} className="flex flex-wrap gap-1 border-line border-b">
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            aria-current={x === tab ? 'page' : undefined}
            className={`rounded-t-lg px-4 py-2 ${x === tab ? 'bg-panel text-gold' : 'text-ink-soft'}`}
            onClick={() => setSearch({ tab: x }, { replace: true })}
          >
            {t(`players.tabs.${x}`)}
          </button>
        ))}
      </nav>
      <TabBody tab={tab} playerId={playerId} />
    </div>
  );
}
