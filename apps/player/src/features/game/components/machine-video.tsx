import type { TouchEvent } from '@reelcast/protocol/machine-socket';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner';
import { mapTapOnScreen } from '../utils/tap-mapping';

type Props = {
  stream: MediaStream | null;
  onTap: (point: TouchEvent) => void;
  /** §2 rotation: the picture turned a quarter so a landscape machine fills a portrait phone */
  rotated?: boolean;
  /** cut screen: the picture fills the area, its edges cut off, instead of bars around it */
  cutScreen?: boolean;
  volume?: number;
};

/** The live machine screen. Tapping the picture is touching the machine's touch screen. */
export function MachineVideo({
  stream,
  onTap,
  rotated = false,
  cutScreen = false,
  volume = 1,
}: Props) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [frame, setFrame] = useState({ width: 0, height: 0 });

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

  // A rotated element swaps its sides: it is sized from the frame it must fill.
  useLayoutEffect(() => {
    const el = frameRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setFrame({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rotatedStyle =
    rotated && frame.width > 0
      ? {
          width: frame.height,
          height: frame.width,
          left: (frame.width - frame.height) / 2,
          top: (frame.height - frame.width) / 2,
          transform: 'rotate(90deg)',
        }
      : undefined;

  return (
    <div ref={frameRef} className="relative size-full overflow-hidden bg-black">
      {/* A tap lands on a point of the picture; keyboard players use the machine buttons. */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        data-testid="machine-video"
        data-rotated={rotated}
        data-cut={cutScreen}
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
              rotated: rotatedStyle !== undefined,
              fit: cutScreen ? 'cover' : 'contain',
            },
            video.videoWidth,
            video.videoHeight,
          );
          if (point) onTap(point);
        }}
        style={rotatedStyle}
        className={`cursor-pointer touch-manipulation ${rotatedStyle ? 'absolute max-w-none' : 'size-full'} ${cutScreen ? 'object-cover' : 'object-contain'}`}
      />
      {!playing && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner label={t('game.connecting')} />
        </div>
      )}
    </div>
  );
}
