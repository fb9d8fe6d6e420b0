// /slot-sessions (menu 'Game Sessions'): the player's slot sessions, newest first, a page at a
// time; each opens its game recall. The open recall is URL state (?recall=ID), so Back closes it.
import type { SlotSessionSummary } from '@reelcast/protocol/sessions';
import { History } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useSearchParams } from '../../../shared/router';
import { Pager } from '../../../shared/ui/pager';
import { useSlotSessions } from '../api/get-slot-sessions';
import { GameRecall } from './game-recall';
import { useFormatDateTime } from './use-format-date-time';

export const sessionsPageSize = 10;

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-[0.7rem] uppercase tracking-wider text-ink-soft">{label}</dt>
      <dd className="truncate tabular-nums">{children}</dd>
    </div>
  );
}

function SessionCard({ session, onRecall }: { session: SlotSessionSummary; onRecall: () => void }) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const resultClass =
    session.result > 0 ? 'text-(--money-cash)' : session.result < 0 ? 'text-danger' : 'text-ink';
  return (
    <li
      data-testid="slot-session"
      data-session-id={session.id}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel/60 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          {session.machineName}
          {session.brand && <span className="ms-2 text-sm text-ink-soft">{session.brand}</span>}
        </h2>
        {session.status === 'open' && (
          <span className="rounded-full bg-gold/15 px-2 py-0.5 text-xs text-gold">
            {t('slotSessions.open')}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Figure label={t('slotSessions.start')}>
          <time dateTime={session.openedAt}>{formatDateTime(session.openedAt)}</time>
        </Figure>
        <Figure label={t('slotSessions.end')}>
          {session.closedAt ? (
            <time dateTime={session.closedAt}>{formatDateTime(session.closedAt)}</time>
          ) : (
            '—'
          )}
        </Figure>
        <Figure label={t('slotSessions.cashIn')}>{format(session.cashIn)}</Figure>
        <Figure label={t('slotSessions.cashOut')}>{format(session.cashOut)}</Figure>
        <Figure label={t('slotSessions.gamesPlayed')}>{session.gamesPlayed}</Figure>
        <Figure label={t('slotSessions.totalBet')}>{format(session.totalBet)}</Figure>
        <Figure label={t('slotSessions.totalWon')}>{format(session.totalWon)}</Figure>
        <Figure label={t('slotSessions.result')}>
          <span data-testid="session-result" data-cents={session.result} className={resultClass}>
            {format(session.result)}
          </span>
        </Figure>
      </dl>
      <button
        type="button"
        data-testid="open-recall"
        onClick={onRecall}
        disabled={session.gamesPlayed === 0}
        className="btn-ghost self-start"
      >
        <History aria-hidden="true" className="size-5" />
        {t('slotSessions.recall')}
      </button>
    </li>
  );
}

export function SlotSessionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const recall = Number(params.get('recall')) || null;
  const sessions = useSlotSessions(page, sessionsPageSize);

  const update = (next: { page?: number; recall?: number | null }) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next.page !== undefined) out.set('page', String(next.page));
      if (next.recall === null) out.delete('recall');
      else if (next.recall !== undefined) out.set('recall', String(next.recall));
      return out;
    });

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-gold">{t('slotSessions.title')}</h1>
      {sessions.isError && !sessions.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger/10 p-4">
          <span>{t('slotSessions.loadError')}</span>
          <button type="button" className="btn-ghost" onClick={() => void sessions.refetch()}>
            {t('slotSessions.retry')}
          </button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-busy={sessions.isFetching}>
          {sessions.data ? (
            sessions.data.items.length > 0 ? (
              sessions.data.items.map((s) => (
                <SessionCard key={s.id} session={s} onRecall={() => update({ recall: s.id })} />
              ))
            ) : (
              <li className="rounded-xl border border-line p-6 text-center text-ink-soft">
                {t('slotSessions.empty')}
              </li>
            )
          ) : (
            [0, 1, 2].map((row) => <li key={row} className="skeleton h-36 rounded-2xl" />)
          )}
        </ul>
      )}
      <Pager
        label={t('slotSessions.paging')}
        statusKey="slotSessions.page"
        paging={{ page, pageSize: sessionsPageSize, onPage: (next) => update({ page: next }) }}
        list={sessions}
      />
      {recall !== null && (
        <GameRecall sessionId={recall} onClose={() => update({ recall: null })} />
      )}
    </main>
  );
}
