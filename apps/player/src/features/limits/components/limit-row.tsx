// One limit (a kind over a period): what is in force, what is used, what waits for its cooling-off,
// and a field to set a new one or remove it. The server says when a change applies.
import type { LimitView } from '@reelcast/protocol/protection';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { toast } from '../../../shared/ui/toast';
import { useSetLimit } from '../api/set-limit';
import { formatDateTime, isMinutes, parseLimit } from '../utils/format';

const inputClass =
  'min-h-11 w-32 rounded-xl border border-line bg-floor px-3 text-base text-ink focus:border-gold focus:outline-none aria-invalid:border-danger';

function useShowAmount(view: LimitView) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (amount: number) =>
    isMinutes(view.kind) ? t('limits.minutes', { minutes: amount }) : money(amount);
}

function LimitStatus({ view }: { view: LimitView }) {
  const { t, i18n } = useTranslation();
  const show = useShowAmount(view);
  const used = show(Math.max(0, view.used));
  const date = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <p className="font-semibold tabular-nums">
        {view.amount === null ? t('limits.noLimit') : show(view.amount)}
      </p>
      <p className="text-ink-soft tabular-nums">
        {view.amount === null
          ? t('limits.usedNoLimit', { used })
          : t('limits.used', { used, limit: show(view.amount) })}
        {' · '}
        {t('limits.resets', { date: date(view.resetsAt) })}
      </p>
      {view.pending && (
        <p data-testid={`limit-pending-${view.kind}-${view.period}`} className="text-gold">
          {view.pending.amount === null
            ? t('limits.pendingRemoval', { date: date(view.pending.effectiveAt) })
            : t('limits.pendingChange', {
                amount: show(view.pending.amount),
                date: date(view.pending.effectiveAt),
              })}
        </p>
      )}
    </div>
  );
}

export function LimitRow({ view }: { view: LimitView }) {
  const { t, i18n } = useTranslation();
  const save = useSetLimit();
  const inputId = useId();
  const { register, handleSubmit, reset, formState } = useForm<{ amount: string }>({
    defaultValues: { amount: '' },
  });
  const submit = (amount: number | null) =>
    save.mutate(
      { kind: view.kind, period: view.period, amount },
      {
        onSuccess: (answer) => {
          reset();
          const now = answer.limits.find((l) => l.kind === view.kind && l.period === view.period);
          const at = now?.pending?.effectiveAt;
          const language = i18n.resolvedLanguage ?? i18n.language;
          toast.success(
            at
              ? t('limits.savedPending', { date: formatDateTime(at, language) })
              : t('limits.saved'),
          );
        },
      },
    );
  const error = formState.errors.amount?.message;
  return (
    <div
      data-testid={`limit-${view.kind}-${view.period}`}
      className="flex flex-col gap-3 border-t border-line py-3 first:border-t-0 sm:flex-row sm:items-end sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-ink-soft">
          {t(`limits.periods.${view.period}`)}
        </h3>
        <LimitStatus view={view} />
      </div>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={handleSubmit(({ amount }) => submit(parseLimit(view.kind, amount)))}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-xs text-ink-soft">
            {isMinutes(view.kind) ? t('limits.newLimitMinutes') : t('limits.newLimit')}
          </label>
          <input
            id={inputId}
            inputMode={isMinutes(view.kind) ? 'numeric' : 'decimal'}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            className={inputClass}
            {...register('amount', {
              validate: (text) => parseLimit(view.kind, text) !== null || t('limits.invalidAmount'),
            })}
          />
        </div>
        <button type="submit" className="btn-gold min-h-11" disabled={save.isPending}>
          {t('limits.set')}
        </button>
        {view.amount !== null && view.pending?.amount !== null && (
          <button
            type="button"
            className="btn-ghost min-h-11"
            disabled={save.isPending}
            onClick={() => submit(null)}
          >
            {t('limits.remove')}
          </button>
        )}
      </form>
      {(error || save.isError) && (
        <p role="alert" className="text-sm text-danger sm:basis-full">
          {error ?? describeError(t, save.error)}
        </p>
      )}
    </div>
  );
}
