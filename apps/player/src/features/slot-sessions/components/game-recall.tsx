// Game recall (GLI-19 §4.14.1): every game of a slot session with its time, bet, win, credits
// before and after, and its final screen redrawn from the recorded symbols (grid[reel][row]).
import type { SpinRecord } from '@reelcast/protocol/sessions';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { Pager, usePaging } from '../../../shared/ui/pager';
import { useGameRecall } from '../api/get-game-recall';
import { symbolFace } from '../utils/symbols';
import { useFormatDateTime } from './use-format-date-time';

const spinsPageSize = 10;

/** The reels at rest: one column per reel, top row first, as the machine showed them. */
export function FinalScreen({ spin }: { spin: SpinRecord }) {
  const { t } = useTranslation();
  const rows = spin.grid[0]?.length ?? 0;
  const cells = Array.from({ length: rows }, (_, row) => spin.grid.map((reel) => reel[row] ?? ''));
  return (
    <table
      data-testid="recall-screen"
      data-stops={spin.stops.join(',')}
      // The reels read left to right on the machine whatever the page's direction.
      dir="ltr"
      className="border-separate border-spacing-1 rounded-xl bg-black/60 p-1"
    >
      <caption className="sr-only">
        {t('slotSessions.finalScreen', { stops: spin.stops.join(', ') })}
      </caption>
      <tbody>
        {cells.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed grid have no identity
          <tr key={r}>
            {row.map((symbol, c) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: reels of a fixed grid
                key={c}
                title={symbol}
                className="size-11 rounded-md bg-ink/95 text-center text-xs font-bold text-floor"
              >
                <span role="img" aria-label={symbol}>
                  {symbolFace(symbol)}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function GameRecall({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const paging = usePaging(spinsPageSize);
  const recall = useGameRecall(sessionId, paging.page, spinsPageSize);

  return (
    <ModalDialog
      labelledBy={titleId}
      onEscape={onClose}
      className="w-[min(44rem,calc(100vw-1rem))]"
    >
      <div
        data-testid="game-recall"
        className="flex max-h-[90dvh] flex-col gap-3 rounded-2xl border border-line bg-floor-raised p-4"
      >
        <RecallHeader
          titleId={titleId}
          machine={recall.data?.session.machineName ?? `#${sessionId}`}
          onClose={onClose}
        />
        {recall.isError && !recall.data ? (
          <p role="alert" className="rounded-xl bg-danger/10 p-4">
            {t('slotSessions.loadError')}
          </p>
        ) : (
          <ol className="flex flex-col gap-3 overflow-y-auto" aria-busy={recall.isFetching}>
            {(recall.data?.items ?? []).map((spin, i) => (
              <RecallSpin
                key={spin.id}
                spin={spin}
                number={(paging.page - 1) * spinsPageSize + i + 1}
              />
            ))}
          </ol>
        )}
        <Pager
          label={t('slotSessions.recallPaging')}
          statusKey="slotSessions.page"
          paging={paging}
          list={recall}
        />
      </div>
    </ModalDialog>
  );
}

/** One game of the recall: its final screen and its figures; `number` counts from the first. */
function RecallSpin({ spin, number }: { spin: SpinRecord; number: number }) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  return (
    <li
      data-testid="recall-spin"
      className="flex flex-wrap items-center gap-4 rounded-xl border border-line p-3"
    >
      <FinalScreen spin={spin} />
      <dl className="grid min-w-40 flex-1 grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-soft">{t('slotSessions.game')}</dt>
        <dd className="tabular-nums">{number}</dd>
        <dt className="text-ink-soft">{t('slotSessions.time')}</dt>
        <dd>
          <time dateTime={spin.playedAt}>{formatDateTime(spin.playedAt)}</time>
        </dd>
        <dt className="text-ink-soft">{t('slotSessions.bet')}</dt>
        <dd className="tabular-nums" data-testid="recall-bet" data-cents={spin.bet}>
          {format(spin.bet)}
        </dd>
        <dt className="text-ink-soft">{t('slotSessions.win')}</dt>
        <dd className="tabular-nums text-gold" data-testid="recall-win" data-cents={spin.win}>
          {format(spin.win)}
          {spin.handPay && ` (${t('slotSessions.handPay')})`}
        </dd>
        <dt className="text-ink-soft">{t('slotSessions.creditsBefore')}</dt>
        <dd className="tabular-nums text-(--money-credit)">{format(spin.creditsBefore)}</dd>
        <dt className="text-ink-soft">{t('slotSessions.creditsAfter')}</dt>
        <dd className="tabular-nums text-(--money-credit)">{format(spin.creditsAfter)}</dd>
      </dl>
    </li>
  );
}

type RecallHeaderProps = { titleId: string; machine: string; onClose: () => void };

function RecallHeader({ titleId, machine, onClose }: RecallHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={titleId} className="text-lg font-semibold text-gold">
        {t('slotSessions.recallTitle', { machine })}
      </h2>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('slotSessions.close')}
        className="flex size-11 items-center justify-center rounded-xl hover:text-gold"
      >
        <X aria-hidden="true" />
      </button>
    </div>
  );
}
