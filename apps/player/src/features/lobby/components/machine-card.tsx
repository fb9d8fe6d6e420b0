import type { Machine, MachineStatus } from '@reelcast/protocol/http';
import { Gamepad2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { machineImage } from '../api/get-machines';

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

export function MachineCard({ machine }: { machine: Machine }) {
  const { t } = useTranslation();
  const status = t(`lobby.status.${machine.status}`);
  const joinable = machine.status === 'available';
  const body = (
    <>
      <MachinePicture machine={machine} />
      <div className="flex flex-col gap-1.5 p-3">
        <span className="truncate font-semibold">{machine.name}</span>
        <span
          className={`self-start rounded-md px-2 py-0.5 text-xs font-medium ring-1 ${statusStyles[machine.status] ?? statusStyles.not_available}`}
        >
          {status}
        </span>
      </div>
    </>
  );
  const shared = {
    'data-testid': 'machine-card',
    'data-machine-id': machine.id,
    'data-status': machine.status,
  };

  if (joinable) {
    return (
      <Link
        {...shared}
        to={`/game/${machine.id}/${encodeURIComponent(machine.name)}`}
        aria-label={t('lobby.play', { name: machine.name })}
        className="block overflow-hidden rounded-2xl border border-line bg-floor-raised transition hover:-translate-y-0.5 hover:border-gold hover:shadow-lg hover:shadow-gold/10"
      >
        {body}
      </Link>
    );
  }
  return (
    <div
      {...shared}
      className="overflow-hidden rounded-2xl border border-line/60 bg-floor-raised/60 opacity-70 grayscale-[40%]"
    >
      {body}
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
