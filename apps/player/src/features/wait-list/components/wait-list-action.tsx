// The wait list on a busy machine's lobby card (issue #18): join the line, or, once in it, the
// player's place (live) and Leave.
import type { Machine } from '@reelcast/protocol/http';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import { useWaitList } from '../api/get-wait-list';
import { useJoinWaitList } from '../api/join-wait-list';
import { useLeaveWaitList } from '../api/leave-wait-list';

/** Statuses of a machine someone else holds (a reservation of one's own is the lobby's). */
export const waitable = (machine: Machine) =>
  machine.status === 'playing' ||
  machine.status === 'waiting' ||
  (machine.status === 'reserved' && machine.reservation?.mine !== true);

export function WaitListAction({ machine }: { machine: Machine }) {
  const { t } = useTranslation();
  const place = useWaitList().data;
  const join = useJoinWaitList();
  const leave = useLeaveWaitList();
  const onError = (error: unknown) => toast.error(describeError(t, error));

  if (place?.machineId === machine.id) {
    return (
      <div className="mt-2 flex flex-col gap-2" data-testid="wait-list-place">
        <p aria-live="polite" className="text-xs text-sky-200">
          {t('waitList.place', { place: place.place, size: place.size })}
        </p>
        <button
          type="button"
          data-testid="leave-wait-list"
          className="btn-ghost w-full text-sm"
          disabled={leave.isPending}
          onClick={() => leave.mutate(undefined, { onError })}
        >
          {t('waitList.leave')}
        </button>
      </div>
    );
  }
  if (!waitable(machine)) return null;
  return (
    <button
      type="button"
      data-testid="join-wait-list"
      aria-label={t('waitList.joinNamed', { name: machine.name })}
      className="btn-ghost mt-2 w-full text-sm"
      disabled={join.isPending}
      onClick={() =>
        join.mutate(
          { machineId: machine.id },
          {
            onSuccess: () => toast.success(t('waitList.joined', { name: machine.name })),
            onError,
          },
        )
      }
    >
      {t('waitList.join')}
    </button>
  );
}
