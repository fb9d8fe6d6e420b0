import { hotCoinCents } from '@reelcast/protocol/settings-defaults';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatWholeUnits } from '../../../shared/money';
import { useSettings } from '../../../shared/settings';

// The five colours of the spec's coin set; an unknown colour gets the gold of the house.
const coinColours: Record<string, string> = {
  blue: 'from-sky-400 to-blue-700',
  green: 'from-emerald-300 to-green-700',
  purple: 'from-fuchsia-400 to-purple-700',
  yellow: 'from-yellow-200 to-amber-500 text-floor',
  red: 'from-rose-400 to-red-700',
};

type Props = {
  balanceCents: number | undefined;
  disabled: boolean;
  onTransfer: (amountCents: number) => void;
};

/** One tap moves a fixed amount from the wallet onto the machine (§9 HOT_COINS). */
export function HotCoins({ balanceCents, disabled, onTransfer }: Props) {
  const { t, i18n } = useTranslation();
  const coins = useSettings((settings) => settings.HOT_COINS);
  const currency = useSettings((settings) => settings.CURRENCY);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('game.hotCoins')}</legend>
      <div className="grid grid-cols-5 gap-2 py-1">
        {coins.map((coin) => {
          const cents = hotCoinCents(coin.price);
          const affordable = balanceCents !== undefined && cents <= balanceCents;
          return (
            <button
              key={`${coin.price}-${coin.color}`}
              type="button"
              data-testid="hot-coin"
              data-cents={cents}
              disabled={disabled || !affordable}
              onClick={() => onTransfer(cents)}
              aria-label={t('game.hotCoin', { amount: formatMoney(cents, currency, language) })}
              className={`flex aspect-square min-h-11 w-full max-w-16 items-center justify-center justify-self-center rounded-full bg-linear-to-b text-[0.7rem] font-bold tabular-nums text-white shadow-md ring-2 ring-white/25 transition active:scale-95 disabled:cursor-not-allowed disabled:opacity-35 disabled:grayscale ${coinColours[coin.color] ?? 'from-gold to-gold-deep text-floor'}`}
            >
              {/* The face shows the units only; the currency is in the name and the wallet. */}
              {formatWholeUnits(cents, language)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
