// Every change to a player's money or access, and to a machine, asks why: the reason is required
// by the server and kept in the audit log. The dialog shows the server's refusal where it happened.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/describe-error';
import { ModalDialog } from './modal-dialog';

type Props = {
  title: string;
  /** what will happen, in words */
  description?: ReactNode;
  /** more fields above the reason (an amount) */
  children?: ReactNode;
  confirmLabel: string;
  /** false keeps the confirm button disabled (a field above is not valid yet) */
  ready?: boolean;
  /** a reason is asked unless false (a hand-pay reset takes none) */
  askReason?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

export function ReasonDialog({
  title,
  description,
  children,
  confirmLabel,
  ready = true,
  askReason = true,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (askReason && !reason.trim()) {
      setError(t('common.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (failure) {
      setError(describeError(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog labelledBy={titleId} onEscape={onClose}>
      <form
        onSubmit={submit}
        className="w-[min(32rem,92vw)] space-y-4 rounded-2xl border border-line bg-panel p-6"
      >
        <h2 id={titleId} className="font-semibold text-lg">
          {title}
        </h2>
        {description && <div className="text-ink-soft text-sm">{description}</div>}
        {children}
        {askReason && (
          <div className="space-y-1">
            <label htmlFor={reasonId} className="block font-medium text-sm">
              {t('common.reason')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              aria-required="true"
              maxLength={200}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="field w-full"
            />
          </div>
        )}
        {error && (
          <p role="alert" className="text-danger text-sm">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-gold" disabled={busy || !ready}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
