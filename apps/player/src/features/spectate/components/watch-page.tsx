// /watch/:machineId (issue #18): a machine's live video for a spectator, with the number of
// viewers and the machine's status. No controls, no money, nothing about who plays: the page
// knows none of it. When the machine frees, it says so and offers to sit down.
import { ArrowLeft, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { translateCode, useTranslation } from '../../../shared/i18n';
import { Link, useParams } from '../../../shared/router';
import { Spinner } from '../../../shared/ui/spinner';
import { useWatchedMachine } from '../api/get-watched-machine';
import { type SpectatorTestHooks, useSpectator } from '../hooks/use-spectator';

function LiveVideo({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setPlaying(false);
    video.srcObject = stream;
    if (stream) video.play().catch(() => undefined);
  }, [stream]);
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-black">
      <video
        ref={ref}
        data-testid="spectator-video"
        aria-label={t('spectate.video')}
        className="size-full object-contain"
        autoPlay
        playsInline
        muted
        onPlaying={() => setPlaying(true)}
      />
      {!playing && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t('spectate.connecting')} />
        </div>
      )}
    </div>
  );
}

export function WatchPage(test: SpectatorTestHooks) {
  const { t } = useTranslation();
  const { machineId: param } = useParams<{ machineId: string }>();
  const machineId = Number(param);
  const machine = useWatchedMachine(machineId);
  const { state, stream } = useSpectator(machineId, test);
  const notice = state.stage === 'watching' || state.stage === 'lost' ? state.notice : null;
  const name = machine.data?.name ?? `#${machineId}`;

  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-3 p-3 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to="/lobby" className="btn-ghost min-h-11" aria-label={t('app.backToLobby')}>
          <ArrowLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">
          {t('spectate.title', { name })}
        </h1>
        <span
          data-testid="viewer-count"
          aria-live="polite"
          className="flex items-center gap-1 rounded-md bg-panel px-2 py-1 text-sm"
        >
          <Users aria-hidden="true" className="size-4" />
          {t('spectate.viewers', { count: notice?.viewers ?? 0 })}
        </span>
      </header>
      {state.stage === 'refused' ? (
        <p role="alert" data-testid="watch-refused" className="rounded-xl bg-red-500/15 p-4">
          {translateCode(t, 'errors', state.code, state.message, state.params)}
        </p>
      ) : (
        <LiveVideo stream={stream} />
      )}
      {state.stage === 'lost' && (
        <p role="status" className="rounded-xl bg-amber-500/15 p-3 text-sm">
          {t('game.connectionLost')}
        </p>
      )}
      <div aria-live="polite" data-testid="watch-status" data-status={notice?.status ?? ''}>
        {notice?.status === 'available' ? (
          <p className="flex flex-wrap items-center gap-3 rounded-xl bg-emerald-500/15 p-3">
            <span className="flex-1">{t('spectate.free')}</span>
            <Link to={`/game/${machineId}/${encodeURIComponent(name)}`} className="btn-gold">
              {t('spectate.play')}
            </Link>
          </p>
        ) : (
          notice && (
            <p className="text-sm text-ink-soft">
              {t('spectate.status', { status: t(`lobby.status.${notice.status}`) })}
            </p>
          )
        )}
      </div>
    </main>
  );
}
