// A time-out (24 h, 7 d, 30 d) or self-exclusion (6 months, 1 year, 5 years, permanent). Asked
// twice, since it cannot be undone or shortened; the player is signed out when it starts.
import { type ExclusionChoice, exclusionChoices } from '@reelcast/protocol/protection';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { useStartBreak } from '../api/start-break';

export function BreakForm() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ExclusionChoice>('timeout-24h');
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm text-ink-soft">
          {t('limits.choose')}
        </label>
        <select
          id={selectId}
          data-testid="break-choice"
          value={choice}
          onChange={(event) => setChoice(event.target.value as ExclusionChoice)}
          className="min-h-11 rounded-xl border border-line bg-floor px-3 text-base text-ink focus:border-gold focus:outline-none"
        >
          {exclusionChoices.map((c) => (
            <option key={c} value={c}>
              {t(`limits.choices.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn-ghost min-h-11" onClick={() => setConfirming(true)}>
        {t('limits.start')}
      </button>
      {confirming && <ConfirmBreak choice={choice} onCancel={() => setConfirming(false)} />}
    </div>
  );
}

function ConfirmBreak({ choice, onCancel }: { choice: ExclusionChoice; onCancel: () => void }) {
  const { t } = useTranslation();
  const start = useStartBreak();
  const titleId = useId();
  const textId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={textId}
      onEscape={onCancel}
      className="w-[min(28rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-floor-raised p-5 shadow-2xl">
        <h2 id={titleId} className="text-lg font-semibold text-gold">
          {t('limits.confirmTitle')}
        </h2>
        <p id={textId} className="text-sm">
          {t('limits.confirmText', { choice: t(`limits.choices.${choice}`) })}
        </p>
        {start.isError && (
          <p role="alert" className="text-sm text-danger">
            {describeError(t, start.error)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-ghost min-h-11" onClick={onCancel}>
            {t('limits.cancel')}
          </button>
          <button
            type="button"
            data-testid="break-confirm"
            className="btn-gold"
            disabled={start.isPending}
            onClick={() => start.mutate(choice)}
          >
            {t('limits.confirm')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
