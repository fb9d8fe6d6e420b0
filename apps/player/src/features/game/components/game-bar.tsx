// The top row of the game screen's controls: leave, the connection's latency and the wallet.
import { ArrowLeft } from 'lucide-react';
import { useBalance } from '../../../shared/api/get-balance';
import { useTranslation } from '../../../shared/i18n';
import { BalanceAmount } from '../../../shared/ui/balance-amount';
import type { Latency } from '../hooks/use-latency';
import { LatencyIndicator } from './latency-indicator';

export function GameBar({ onLeave, latency }: { onLeave: () => void; latency: Latency }) {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <div className="flex items-center justify-between gap-2">
      <button
        type="button"
        data-testid="leave"
        onClick={onLeave}
        aria-label={t('game.leaveLabel')}
        className="btn-ghost"
      >
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {t('game.leave')}
      </button>
      <LatencyIndicator latency={latency} />
      <output aria-live="polite" className="flex flex-col items-end text-sm">
        <span className="text-[0.7rem] uppercase tracking-wider text-ink-soft">
          {t('game.balance')}
        </span>
        {balance.data ? (
          <BalanceAmount cents={balance.data.balance} />
        ) : (
          <span className="skeleton h-4 w-16" />
        )}
      </output>
    </div>
  );
}
