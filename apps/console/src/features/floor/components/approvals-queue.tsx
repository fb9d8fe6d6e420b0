// Hand pays above the threshold, each waiting for a supervisor other than the one who asked.
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error';
import { useMay, useMe } from '../../../shared/auth/use-me';
import { useFormatCents } from '../../../shared/money';
import { useApproveHandPay } from '../api/approve-hand-pay';
import { useHandPayApprovals } from '../api/get-hand-pay-approvals';

export function ApprovalsQueue({ threshold }: { threshold: number | null }) {
  const { t } = useTranslation();
  const money = useFormatCents();
  const may = useMay();
  const { data: me } = useMe();
  const approvals = useHandPayApprovals();
  const approve = useApproveHandPay();
  const pending = approvals.data?.approvals ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="approvals-title" className="card border-gold">
      <h2 id="approvals-title" className="font-semibold text-lg">
        {t('approvals.title')}
      </h2>
      {threshold !== null && (
        <p className="text-ink-soft text-sm">
          {t('approvals.above', { amount: money(threshold) })}
        </p>
      )}
      <ul className="mt-2 divide-y divide-line">
        {pending.map((a) => (
          <li
            key={a.id}
            data-testid="hand-pay-approval"
            className="flex flex-wrap items-center gap-3 py-2"
          >
            <span className="me-auto">
              {t('approvals.item', {
                machine: a.machineId,
                amount: money(a.amount),
                who: a.requestedBy,
              })}
            </span>
            {may('handPayApprove') &&
              (a.requestedBy === me?.username ? (
                <span className="text-ink-soft text-sm">{t('approvals.needsAnother')}</span>
              ) : (
                <button
                  type="button"
                  className="btn-gold"
                  disabled={approve.isPending}
                  onClick={() => approve.mutate(a.id)}
                >
                  {t('approvals.approve')}
                </button>
              ))}
          </li>
        ))}
      </ul>
      {approve.error && (
        <p role="alert" className="text-danger text-sm">
          {describeError(t, approve.error)}
        </p>
      )}
    </section>
  );
}
