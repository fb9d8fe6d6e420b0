import { Activity } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import type { Latency } from '../hooks/use-latency';

const ms = (value: number | null) => (value === null ? '–' : String(Math.round(value)));

/** Small and quiet: round trip over the socket and the video's delay, in milliseconds. */
export function LatencyIndicator({ latency }: { latency: Latency }) {
  const { t } = useTranslation();
  const slow = (latency.roundTripMs ?? 0) > 250 || (latency.videoDelayMs ?? 0) > 250;
  return (
    <p
      data-testid="latency"
      title={t('game.latencyTitle')}
      className={`flex items-center gap-1 text-[0.7rem] tabular-nums ${slow ? 'text-gold' : 'text-ink-soft'}`}
    >
      <Activity aria-hidden="true" className="size-3.5" />
      <span>
        {t('game.latency', { rtt: ms(latency.roundTripMs), video: ms(latency.videoDelayMs) })}
      </span>
    </p>
  );
}
