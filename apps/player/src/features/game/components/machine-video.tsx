import type { MachineLayout, TouchEvent } from '@reelcast/protocol/machine-socket';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import { mapTapOnScreen } from '../utils/tap-mapping';

type Props = {
  stream: MediaStream | null;
  onTap: (point: TouchEvent) => void;
  /** The layout asked of the machine (the frames follow a moment later). */
  layout?: MachineLayout;
  /** cut screen: the picture fills the area, its edges cut off, instead of bars around it */
  cutScreen?: boolean;
  volume?: number;
};

/**
 * The live machine screen, always upright: rotation asks the machine for its portrait layout
 * instead of turning the picture. Tapping the picture is touching the machine's touch screen; the
 * tap is mapped on the frame's own size, so it lands right in either layout.
 */
export function MachineVideo({
  stream,
  onTap,
  layout = 'landscape',
  cutScreen = false,
  volume = 1,
}: Props) {
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

  useEffect(() => {
    if (videoRef.current) videoRef.current.volume = volume;
  }, [volume]);

  return (
    <div className="relative size-full overflow-hidden bg-black">
      {/* A tap lands on a point of the picture; keyboard players use the machine buttons. */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        data-testid="machine-video"
        data-cut={cutScreen}
        data-layout={layout}
        aria-label={t('game.screen')}
        onPlaying={() => setPlaying(true)}
        onClick={(event) => {
          const video = event.currentTarget;
          const box = video.getBoundingClientRect();
          const point = mapTapOnScreen(
            event.clientX,
            event.clientY,
            {
              centerX: box.left + box.width / 2,
              centerY: box.top + box.height / 2,
              width: video.offsetWidth,
              height: video.offsetHeight,
              rotated: false,
              fit: cutScreen ? 'cover' : 'contain',
            },
            video.videoWidth,
            video.videoHeight,
          );
          if (point) onTap(point);
        }}
        className={`size-full cursor-pointer touch-manipulation ${cutScreen ? 'object-cover' : 'object-contain'}`}
      />
      {!playing && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner label={t('game.connecting')} />
        </div>
      )}
    </div>
  );
}
