// Reserve an available machine, or release the player's own reservation.
import type { Machine } from '@reelcast/protocol/http';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import { useReleaseReservation } from '../api/release-reservation';
import { useReserveMachine } from '../api/reserve-machine';

export function ReservationAction({ machine }: { machine: Machine }) {
  const { t } = useTranslation();
  const reserve = useReserveMachine();
  const release = useReleaseReservation();

  if (machine.reservation?.mine) {
    return (
      <button
        type="button"
        data-testid="release-reservation"
        className="btn-ghost w-full text-sm"
        disabled={release.isPending}
        onClick={() =>
          release.mutate(undefined, {
            onError: (error) => toast.error(describeError(t, error)),
          })
        }
      >
        {t('lobby.release')}
      </button>
    );
  }
  if (machine.status !== 'available') return null;
  return (
    <button
      type="button"
      data-testid="reserve-machine"
      aria-label={t('lobby.reserveNamed', { name: machine.name })}
      className="btn-ghost w-full text-sm"
      disabled={reserve.isPending}
      onClick={() =>
        reserve.mutate(
          { machineId: machine.id },
          {
            onSuccess: () => toast.success(t('lobby.reservedToast', { name: machine.name })),
            onError: (error) => toast.error(describeError(t, error)),
          },
        )
      }
    >
      {t('lobby.reserve')}
    </button>
  );
}
