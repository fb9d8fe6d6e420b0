import type { TouchEvent } from '@reelcast/protocol/machine-socket';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner';
import { mapTapToVideo } from '../utils/tap-mapping';

type Props = { stream: MediaStream | null; onTap: (point: TouchEvent) => void };

/** The live machine screen. Tapping the picture is touching the machine's touch screen. */
export function MachineVideo({ stream, onTap }: Props) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setPlaying(false);
    video.srcObject = stream;
    // Muted autoplay is allowed everywhere; a refusal only means the spinner stays up.
    if (stream) video.play().catch(() => undefined);
  }, [stream]);

  return (
    <div className="relative size-full bg-black">
      {/* A tap lands on a point of the picture; keyboard players use the machine buttons. */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        data-testid="machine-video"
        aria-label={t('game.screen')}
        onPlaying={() => setPlaying(true)}
        onClick={(event) => {
          const video = event.currentTarget;
          const point = mapTapToVideo(
            event.clientX,
            event.clientY,
            video.getBoundingClientRect(),
            video.videoWidth,
            video.videoHeight,
          );
          if (point) onTap(point);
        }}
        className="size-full cursor-pointer touch-manipulation object-contain"
      />
      {!playing && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner label={t('game.connecting')} />
        </div>
      )}
    </div>
  );
}
