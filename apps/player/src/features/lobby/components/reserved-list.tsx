// §3 Lobby state "reserved": the machines that have a reservation, the player's own first.
import type { Machine } from '@reelcast/protocol/http';
import { Clock } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { OwnReservation } from './machine-card';

export function ReservedList({ machines }: { machines: Machine[] }) {
  const { t, i18n } = useTranslation();
  const reserved = machines
    .filter((machine) => machine.reservation !== null)
    .sort((a, b) => Number(b.reservation?.mine) - Number(a.reservation?.mine));
  if (reserved.length === 0) return null;
  return (
    <section aria-labelledby="reserved-title" className="flex flex-col gap-2">
      <h2 id="reserved-title" className="text-sm font-semibold text-ink-soft">
        {t('lobby.reserved')}
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="reserved-list">
        {reserved.map((machine) => (
          <li
            key={machine.id}
            className="flex min-h-11 items-center gap-2 rounded-xl bg-fuchsia-500/10 px-3 text-sm ring-1 ring-fuchsia-400/30"
          >
            <span className="font-medium">{machine.name}</span>
            {machine.reservation?.mine ? (
              <OwnReservation expiresAt={machine.reservation.expiresAt} />
            ) : (
              <span className="flex items-center gap-1 text-xs text-ink-soft">
                <Clock aria-hidden="true" className="size-3.5" />
                {t('lobby.reservedUntil', {
                  time: new Date(machine.reservation!.expiresAt).toLocaleTimeString(i18n.language, {
                    hour: '2-digit',
                    minute: '2-digit',
                  }),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
