// §2 game screen controls: fullscreen (not on iPhone/iPad), rotation (portrait only, not for a
// camera), cut screen, volume, autoplay and the stream quality bands.
import { Crop, Maximize, Minimize, Repeat, RotateCw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { usePlayRules } from '../api/get-play-rules';
import { usePortrait } from '../hooks/use-portrait';
import { useGameControls } from '../stores/game-store';
import { canGoFullscreen } from '../utils/device';

type Props = {
  videoType: 'screen' | 'camera';
  autoplay: boolean;
  disabled: boolean;
  onAutoplay: () => void;
  onBand: (band: string) => void;
};

const toggleClass =
  'flex size-11 items-center justify-center rounded-xl border border-line bg-panel text-ink transition hover:border-gold hover:text-gold aria-pressed:border-gold aria-pressed:bg-gold/15 aria-pressed:text-gold disabled:opacity-40';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return [on, toggle];
}

export function GameControls({ videoType, autoplay, disabled, onAutoplay, onBand }: Props) {
  const { t } = useTranslation();
  // The market's play rules may forbid autoplay (GB): the control is not offered then.
  const autoplayAllowed = usePlayRules().data?.autoplay !== false;
  const portrait = usePortrait();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const { cutScreen, toggleCutScreen, rotated, toggleRotated } = useGameControls();

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="game-controls">
      {canGoFullscreen() && (
        <button
          type="button"
          data-testid="control-fullscreen"
          aria-pressed={fullscreen}
          aria-label={t('game.fullscreen')}
          onClick={toggleFullscreen}
          className={toggleClass}
        >
          {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        </button>
      )}
      {portrait && videoType !== 'camera' && (
        <button
          type="button"
          data-testid="control-rotate"
          aria-pressed={rotated}
          aria-label={t('game.rotate')}
          onClick={toggleRotated}
          className={toggleClass}
        >
          <RotateCw aria-hidden="true" />
        </button>
      )}
      <button
        type="button"
        data-testid="control-cut"
        aria-pressed={cutScreen}
        aria-label={t('game.cutScreen')}
        onClick={toggleCutScreen}
        className={toggleClass}
      >
        <Crop aria-hidden="true" />
      </button>
      {autoplayAllowed && (
        <button
          type="button"
          data-testid="control-autoplay"
          aria-pressed={autoplay}
          aria-label={t('game.autoplay')}
          disabled={disabled}
          onClick={onAutoplay}
          className={toggleClass}
        >
          <Repeat aria-hidden="true" />
        </button>
      )}
      <VolumeControl />
      <BandSelect disabled={disabled} onBand={onBand} />
    </div>
  );
}

function VolumeControl() {
  const { t } = useTranslation();
  const configuredVolume = useSettings((s) => s.VOLUME);
  const { volume, setVolume } = useGameControls();
  const level = volume ?? configuredVolume;
  const volumeId = useId();
  return (
    <div className="flex min-h-11 items-center gap-1">
      <label htmlFor={volumeId} className="sr-only">
        {t('game.volume')}
      </label>
      <button
        type="button"
        aria-label={level > 0 ? t('game.mute') : t('game.unmute')}
        onClick={() => setVolume(level > 0 ? 0 : configuredVolume || 1)}
        className="flex size-11 items-center justify-center text-ink-soft hover:text-gold"
      >
        {level > 0 ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
      </button>
      <input
        id={volumeId}
        data-testid="control-volume"
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={level}
        onChange={(e) => setVolume(Number(e.target.value))}
        className="w-20 accent-(--color-gold)"
      />
    </div>
  );
}

function BandSelect({ disabled, onBand }: Pick<Props, 'disabled' | 'onBand'>) {
  const { t } = useTranslation();
  const bands = useSettings((s) => s.VIDEO_BANDS) ?? [];
  const activeBand = useGameControls((s) => s.activeBand);
  const bandId = useId();
  // §3 bandSelects: highest Order first.
  const ordered = [...bands].sort((a, b) => b.Order - a.Order);
  if (ordered.length === 0) return null;
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={bandId} className="text-xs text-ink-soft">
        {t('game.quality')}
      </label>
      <select
        id={bandId}
        data-testid="control-quality"
        disabled={disabled}
        value={activeBand ?? ordered[0]!.id}
        onChange={(e) => onBand(e.target.value)}
        className="min-h-11 rounded-xl border border-line bg-panel px-2 text-sm text-ink"
      >
        {ordered.map((band) => (
          <option key={band.id} value={band.id}>
            {band.name}
          </option>
        ))}
      </select>
    </div>
  );
}
