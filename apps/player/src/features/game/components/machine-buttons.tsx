import type { MachineButton } from '@reelcast/protocol/machine-socket';
import { Minus, Play, Plus } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';

type Props = { disabled: boolean; onPress: (button: MachineButton) => void };

/**
 * The cabinet's main buttons. The machine's touch screen has them too; these make the game
 * playable by keyboard and screen reader, where a tap on a point of the video is impossible.
 */
export function MachineButtons({ disabled, onPress }: Props) {
  const { t } = useTranslation();
  const buttonClass =
    'flex size-12 items-center justify-center rounded-full border border-line bg-panel text-ink transition hover:border-gold hover:text-gold disabled:opacity-40';
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('game.buttons')}</legend>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onPress('bet-')}
        aria-label={t('game.betDown')}
        className={buttonClass}
      >
        <Minus aria-hidden="true" />
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onPress('spin')}
        aria-label={t('game.spin')}
        className="flex size-14 items-center justify-center rounded-full bg-gold text-floor shadow-lg shadow-gold/20 transition hover:bg-gold-deep disabled:opacity-40"
      >
        <Play aria-hidden="true" className="rtl:-scale-x-100" />
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onPress('bet+')}
        aria-label={t('game.betUp')}
        className={buttonClass}
      >
        <Plus aria-hidden="true" />
      </button>
    </fieldset>
  );
}
