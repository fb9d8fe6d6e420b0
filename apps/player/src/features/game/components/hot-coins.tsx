import { hotCoinCents } from '@reelcast/protocol/settings-defaults';
import { MAX_TRANSFER_CENTS } from '@reelcast/protocol/transfer-limit';
import { Flame } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
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

/**
 * One tap moves a fixed amount from the wallet onto the machine (§9 HOT_COINS). Coins at or over
 * the hot-flag limit carry a flame; all-in moves the whole wallet, up to the max all-in limit and
 * to what one transfer may carry (a larger wallet goes on in several taps). A coin over that is
 * never offered.
 */
export function HotCoins({ balanceCents, disabled, onTransfer }: Props) {
  const { t, i18n } = useTranslation();
  const coins = useSettings((settings) => settings.HOT_COINS);
  const currency = useSettings((settings) => settings.CURRENCY);
  const hotFlagCents = hotCoinCents(useSettings((settings) => settings.HOT_FLAG_LIMIT));
  const allInLimitCents = hotCoinCents(useSettings((settings) => settings.MAX_ALL_IN_LIMIT));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const allInCents = Math.min(balanceCents ?? 0, allInLimitCents, MAX_TRANSFER_CENTS);

  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('game.hotCoins')}</legend>
      <div className="grid grid-cols-5 gap-2 py-1">
        {coins.map((coin) => {
          const cents = hotCoinCents(coin.price);
          const affordable =
            balanceCents !== undefined && cents <= balanceCents && cents <= MAX_TRANSFER_CENTS;
          const hot = cents >= hotFlagCents;
          return (
            <button
              key={`${coin.price}-${coin.color}`}
              type="button"
              data-testid="hot-coin"
              data-cents={cents}
              data-hot={hot}
              disabled={disabled || !affordable}
              onClick={() => onTransfer(cents)}
              aria-label={t('game.hotCoin', { amount: formatMoney(cents, currency, language) })}
              className={`relative flex aspect-square min-h-11 w-full max-w-16 items-center justify-center justify-self-center rounded-full bg-linear-to-b text-[0.7rem] font-bold tabular-nums text-white shadow-md ring-2 ring-white/25 transition active:scale-95 disabled:cursor-not-allowed disabled:opacity-35 disabled:grayscale ${coinColours[coin.color] ?? 'from-gold to-gold-deep text-floor'}`}
            >
              {/* The face shows the units only; the currency is in the name and the wallet. */}
              {formatWholeUnits(cents, language)}
              {hot && (
                <Flame
                  aria-hidden="true"
                  className="absolute -top-1 -end-1 size-4 fill-gold text-gold-deep"
                />
              )}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        data-testid="all-in"
        data-cents={allInCents}
        disabled={disabled || allInCents <= 0}
        onClick={() => onTransfer(allInCents)}
        className="mt-1 min-h-11 w-full rounded-xl border border-gold/60 px-3 text-sm font-semibold text-gold transition hover:bg-gold/10 disabled:cursor-not-allowed disabled:opacity-40"
      >
        {t('game.allIn', { amount: formatMoney(allInCents, currency, language) })}
      </button>
    </fieldset>
  );
}
