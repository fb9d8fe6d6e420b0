// What a list shows while it loads, when it failed and when it is empty.
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/describe-error';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 p-4 text-ink-soft">
      <span className="size-4 animate-spin rounded-full border-2 border-gold border-t-transparent" />
      {label ?? t('common.loading')}
    </p>
  );
}

export function Failed({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex items-center gap-3 rounded-xl border border-danger/60 p-4">
      <span className="text-danger">{describeError(t, error)}</span>
      {onRetry && (
        <button type="button" className="btn-ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="p-4 text-ink-soft">{text}</p>;
}
