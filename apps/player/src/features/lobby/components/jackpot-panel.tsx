// The brands' progressive jackpots (hundredths, highest level first), live from the notice socket.
import type { Brand } from '@reelcast/protocol/http';
import { Trophy } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { splitJackpots } from '../api/get-brands';

export function JackpotPanel({ brands }: { brands: Brand[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const withJackpots = brands.filter((brand) => splitJackpots(brand.jackpot).length > 0);
  if (withJackpots.length === 0) return null;
  return (
    <section
      aria-label={t('lobby.jackpots')}
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex gap-3 pb-1">
        {withJackpots.map((brand) => {
          const [top, ...rest] = splitJackpots(brand.jackpot);
          return (
            <li
              key={brand.id}
              data-testid="brand-jackpots"
              data-brand-id={brand.id}
              className="flex min-w-52 shrink-0 flex-col gap-1 rounded-2xl border border-gold/30 bg-gradient-to-br from-panel to-floor-raised px-4 py-3"
            >
              <span className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-ink-soft">
                <Trophy aria-hidden="true" className="size-3.5 text-gold" />
                {t('lobby.brandJackpot', { brand: brand.name })}
              </span>
              <span
                data-testid="jackpot"
                data-cents={top}
                className="font-display text-xl font-bold tabular-nums text-gold"
              >
                {formatMoney(top ?? 0)}
              </span>
              {rest.length > 0 && (
                <span className="flex flex-wrap gap-x-3 text-sm tabular-nums text-ink-soft">
                  {rest.map((cents, index) => (
                    // Values may repeat, so their place is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <span key={index} data-testid="jackpot" data-cents={cents}>
                      {formatMoney(cents)}
                    </span>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
