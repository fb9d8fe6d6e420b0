// What the market's play rules keep on the game screen (JURISDICTION): a line saying the video is
// live and how late it is, and, where the rules ask for it (GB), the session's net position and
// time, always in view. The net position is the server's (credits on the machine plus what the
// session paid out minus what went onto it, read together), asked again whenever the credits move.
import type { PlayRules } from '@reelcast/protocol/protection';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useSessionPosition } from '../api/get-session-position';
import type { Latency } from '../hooks/use-latency';

type Props = {
  rules: PlayRules | undefined;
  sessionId: number | null;
  /** credits on the machine now, from the socket */
  credits: number | null;
  latency: Latency;
};

export function ProtectionBar({ rules, sessionId, credits, latency }: Props) {
  if (!rules) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
      {rules.showLiveDelay && <LiveLine delayMs={latency.videoDelayMs} />}
      {rules.showNetPosition && <NetPosition sessionId={sessionId} credits={credits} />}
    </div>
  );
}

function LiveLine({ delayMs }: { delayMs: number | null }) {
  const { t } = useTranslation();
  return (
    <p data-testid="live-line" className="flex items-center gap-1 text-ink-soft">
      <Radio aria-hidden="true" className="size-3.5 text-danger" />
      {delayMs === null
        ? t('game.liveVideoMeasuring')
        : t('game.liveVideo', { delay: Math.round(delayMs) })}
    </p>
  );
}

/** The seconds since `fetchedAt`, ticking once a second. */
function useSecondsSince(fetchedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - fetchedAt) / 1000));
}

const clockText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${m}:${s}` : `${m}:${s}`;
};

function NetPosition({ sessionId, credits }: { sessionId: number | null; credits: number | null }) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const position = useSessionPosition(sessionId, true);
  const since = useSecondsSince(position.dataUpdatedAt);
  const { refetch } = position;
  // A transfer, a game or a cash-out moved the credits: the position follows, a moment later.
  useEffect(() => {
    if (credits === null) return;
    const timer = setTimeout(() => void refetch(), 300);
    return () => clearTimeout(timer);
  }, [credits, refetch]);
  if (!position.data) return <span className="skeleton h-4 w-32" />;
  const { sessionNet: net, elapsedSeconds } = position.data;
  return (
    <dl data-testid="net-position" className="flex items-center gap-3 tabular-nums">
      <div className="flex gap-1">
        <dt className="text-ink-soft">{t('game.netPosition')}</dt>
        <dd className={net < 0 ? 'text-danger' : 'text-(--money-cash)'}>
          {net > 0 ? `+${format(net)}` : format(net)}
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="text-ink-soft">{t('game.sessionTime')}</dt>
        <dd>{clockText(elapsedSeconds + since)}</dd>
      </div>
    </dl>
  );
}
