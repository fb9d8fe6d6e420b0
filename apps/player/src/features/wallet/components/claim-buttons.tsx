// The discount and bonus buttons (§5, §9 colours), placed by app/ in the lobby and on the game
// screen. They also run the automatic claims when AUTO_DISCOUNT / AUTO_BONUS are on.
import type { ClaimKind } from '@reelcast/protocol/wallet';
import { BadgePercent, Gift } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { useAutoClaim } from '../hooks/use-auto-claim';
import { useClaim } from '../hooks/use-claim';

const icons = { discount: BadgePercent, bonus: Gift } as const;

export function ClaimButtons({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { claim, claiming } = useClaim();
  const colours = useSettings((s) => s.COLORS);
  useAutoClaim(claim);

  const button = (kind: ClaimKind) => {
    const Icon = icons[kind];
    const busy = claiming === kind;
    return (
      <button
        key={kind}
        type="button"
        onClick={() => void claim(kind)}
        // Not disabled while the other claim runs: a click then says nothing and sends nothing.
        aria-busy={busy}
        style={{ backgroundColor: colours[kind] }}
        className="flex min-h-11 min-w-28 items-center justify-center gap-2 rounded-xl px-4 font-semibold text-black shadow-sm transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
        data-testid={`claim-${kind}`}
      >
        <Icon aria-hidden="true" className="size-5" />
        <span>{busy ? t('wallet.claim.calculating') : t(`wallet.claim.${kind}`)}</span>
      </button>
    );
  };

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {button('discount')}
      {button('bonus')}
    </div>
  );
}
