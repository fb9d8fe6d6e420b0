// §9 zero-balance play: a player whose wallet is empty may still play the credits on the machine,
// and is told how to add funds rather than left wondering why nothing can be moved on.
import { Info } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';

export function EmptyWalletNotice({ balanceCents }: { balanceCents: number | undefined }) {
  const { t } = useTranslation();
  if (balanceCents !== 0) return null;
  return (
    <p
      role="status"
      data-testid="empty-wallet"
      className="flex items-start gap-2 rounded-lg border border-line bg-panel px-3 py-2 text-sm text-ink"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
      {t('game.emptyWallet')}
    </p>
  );
}
