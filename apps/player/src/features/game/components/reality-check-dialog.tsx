// The reality check (player protection): at the interval the player chose, the server holds every
// press until this is answered. It says how long the session has run and the session's and the
// day's net result; Continue tells the server, Leave cashes out and goes back to the lobby.
import { useId } from 'react';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { useContinueAfterCheck } from '../api/continue-after-check';
import type { RealityCheck } from '../hooks/protection-inputs';

type Props = {
  check: RealityCheck;
  sessionId: number | null;
  /** the server lets presses through again */
  onContinued: () => void;
  onLeave: () => void;
};

export function RealityCheckDialog({ check, sessionId, onContinued, onLeave }: Props) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const answer = useContinueAfterCheck();
  const titleId = useId();
  const textId = useId();
  const signed = (cents: number) => (cents > 0 ? `+${format(cents)}` : format(cents));
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={textId}
      className="w-[min(26rem,calc(100vw-2rem))]"
    >
      <div
        data-testid="reality-check"
        className="flex flex-col gap-4 rounded-2xl border border-line bg-floor-raised p-5 shadow-2xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-gold">
          {t('game.realityTitle')}
        </h2>
        <div id={textId} className="flex flex-col gap-1 text-sm tabular-nums">
          <p>{t('game.realityPlayed', { minutes: check.minutes })}</p>
          <p>{t('game.realitySession', { amount: signed(check.sessionNet) })}</p>
          <p>{t('game.realityDay', { amount: signed(check.dayNet) })}</p>
        </div>
        {answer.isError && (
          <p role="alert" className="text-sm text-danger">
            {describeError(t, answer.error)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-ghost min-h-11" onClick={onLeave}>
            {t('game.realityLeave')}
          </button>
          <button
            type="button"
            data-testid="reality-continue"
            disabled={answer.isPending || sessionId === null}
            onClick={() => {
              if (sessionId !== null) answer.mutate(sessionId, { onSuccess: onContinued });
            }}
            className="min-h-11 rounded-xl bg-gold px-5 font-semibold text-floor transition hover:bg-gold-deep disabled:opacity-40"
          >
            {t('game.realityContinue')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
