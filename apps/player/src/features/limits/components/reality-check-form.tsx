// The reality-check interval: off, or every 15, 30 or 60 minutes of a session.
import { realityCheckIntervals } from '@reelcast/protocol/protection';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import { type RealityCheckInput, useSetRealityCheck } from '../api/set-reality-check';

type Minutes = RealityCheckInput['minutes'];

export function RealityCheckForm({ minutes }: { minutes: Minutes }) {
  const { t } = useTranslation();
  const save = useSetRealityCheck();
  const [chosen, setChosen] = useState<Minutes>(minutes);
  const selectId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { minutes: chosen },
          { onSuccess: () => toast.success(t('limits.realitySaved')) },
        );
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm text-ink-soft">
          {t('limits.realityLabel')}
        </label>
        <select
          id={selectId}
          data-testid="reality-check-interval"
          value={chosen}
          onChange={(event) => setChosen(Number(event.target.value) as Minutes)}
          className="min-h-11 rounded-xl border border-line bg-floor px-3 text-base text-ink focus:border-gold focus:outline-none"
        >
          {realityCheckIntervals.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? t('limits.realityOff') : t('limits.realityEvery', { minutes: m })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-gold" disabled={save.isPending || chosen === minutes}>
        {t('limits.set')}
      </button>
      {save.isError && (
        <p role="alert" className="basis-full text-sm text-danger">
          {describeError(t, save.error)}
        </p>
      )}
    </form>
  );
}
