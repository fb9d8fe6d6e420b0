import type { Machine, MachineStatus } from '@reelcast/protocol/http';
import { Clock, Gamepad2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useBalance } from '../../../shared/api/get-balance';
import { useTranslation } from '../../../shared/i18n';
import { Link } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { isJoinable, joinBlock, machineImage } from '../api/get-machines';
import { formatMinutesSeconds, useSecondsLeft } from '../hooks/use-countdown';

const statusStyles: Record<MachineStatus, string> = {
  available: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/40',
  playing: 'bg-gold/15 text-gold ring-gold/40',
  waiting: 'bg-sky-500/15 text-sky-300 ring-sky-400/40',
  reserved: 'bg-fuchsia-500/15 text-fuchsia-300 ring-fuchsia-400/40',
  not_available: 'bg-zinc-500/15 text-zinc-300 ring-zinc-400/40',
};

function MachinePicture({ machine }: { machine: Machine }) {
  const [broken, setBroken] = useState(false);
  const src = machineImage(machine);
  if (!src || broken) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center bg-panel text-ink-soft">
        <Gamepad2 aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setBroken(true)}
      className="aspect-[4/3] w-full bg-panel object-cover"
    />
  );
}

export function StatusBadge({ status }: { status: MachineStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="machine-status"
      className={`self-start rounded-md px-2 py-0.5 text-xs font-medium ring-1 ${statusStyles[status] ?? statusStyles.not_available}`}
    >
      {t(`lobby.status.${status}`)}
    </span>
  );
}

/** Why a machine cannot be joined, in words; null when it can. */
function useUnjoinableReason(machine: Machine): string | null {
  const { t, i18n } = useTranslation();
  const webcam = useSettings((settings) => settings.WEBCAM);
  const zeroBalancePlay = useSettings((settings) => settings.ZERO_BALANCE_PLAY);
  const balanceCents = useBalance().data?.balance;
  const block = joinBlock(machine, { webcam, zeroBalancePlay, balanceCents });
  if (isJoinable(machine)) return block && t(`lobby.reason.${block}`);
  // The server shows a camera machine as not available while WEBCAM is off: say why.
  if (machine.status === 'not_available' && block === 'cameraOff') {
    return t('lobby.reason.cameraOff');
  }
  if (machine.status === 'reserved' && machine.reservation) {
    const until = new Date(machine.reservation.expiresAt).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
    });
    return t('lobby.reason.reserved', { time: until });
  }
  return t(`lobby.reason.${machine.status}`);
}

/** The player's own hold on the machine, with the time it has left. */
export function OwnReservation({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(expiresAt);
  return (
    <span className="flex items-center gap-1 text-xs font-medium text-fuchsia-200">
      <Clock aria-hidden="true" className="size-3.5" />
      {t('lobby.reservedForYou', { time: formatMinutesSeconds(left) })}
    </span>
  );
}

type Props = {
  machine: Machine;
  /** the reserve / release control, under the card (outside its link) */
  action?: ReactNode;
};

export function MachineCard({ machine, action }: Props) {
  const { t } = useTranslation();
  const reason = useUnjoinableReason(machine);
  const body = (
    <>
      <MachinePicture machine={machine} />
      <div className="flex flex-col gap-1.5 p-3 pb-2">
        <span className="truncate font-semibold">{machine.name}</span>
        <StatusBadge status={machine.status} />
        {machine.reservation?.mine && <OwnReservation expiresAt={machine.reservation.expiresAt} />}
        {reason && <span className="text-xs text-ink-soft">{reason}</span>}
      </div>
    </>
  );

  return (
    <div
      data-testid="machine-card"
      data-machine-id={machine.id}
      data-status={machine.status}
      data-reserved={
        machine.reservation ? (machine.reservation.mine ? 'mine' : 'other') : undefined
      }
      className={`flex h-full flex-col overflow-hidden rounded-2xl border transition ${
        reason
          ? 'border-line/60 bg-floor-raised/60'
          : 'border-line bg-floor-raised hover:-translate-y-0.5 hover:border-gold hover:shadow-lg hover:shadow-gold/10'
      }`}
    >
      {reason ? (
        // Not a link: the card says why it cannot be joined instead.
        <div aria-disabled="true" className="flex-1 opacity-75 grayscale-[40%]">
          {body}
        </div>
      ) : (
        <Link
          data-testid="machine-link"
          to={`/game/${machine.id}/${encodeURIComponent(machine.name)}`}
          aria-label={t('lobby.play', { name: machine.name })}
          // The card clips what overflows it: the focus ring is drawn inside the link's edge.
          className="block flex-1 rounded-2xl [--focus-ring-offset:-3px]"
        >
          {body}
        </Link>
      )}
      {action && <div className="px-3 pb-3">{action}</div>}
    </div>
  );
}

export function MachineCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-line/50">
      <div className="skeleton aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <span className="skeleton h-4 w-3/4" />
        <span className="skeleton h-4 w-1/3" />
      </div>
    </div>
  );
}
