// Watch, on the lobby card of a machine someone else is playing (issue #18).
import type { Machine } from '@reelcast/protocol/http';
import { MonitorPlay } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from '../../../shared/router';

export function WatchAction({ machine }: { machine: Machine }) {
  const { t } = useTranslation();
  if (machine.status !== 'playing') return null;
  return (
    <Link
      to={`/watch/${machine.id}`}
      data-testid="watch-machine"
      aria-label={t('spectate.watchNamed', { name: machine.name })}
      className="btn-ghost w-full text-sm"
    >
      <MonitorPlay aria-hidden="true" className="size-4" />
      {t('spectate.watch')}
    </Link>
  );
}
