import { Eye, EyeOff, Wallet } from 'lucide-react';
import { useBalance } from '../../../shared/api/get-balance';
import { useTranslation } from '../../../shared/i18n';
import { BalanceAmount } from '../../../shared/ui/balance-amount';
import { useWalletVisibility } from '../hooks/use-wallet-visibility';

/** The header's wallet: the live balance and the toggle that hides it from onlookers. */
export function WalletBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  const { visible, toggle } = useWalletVisibility();

  return (
    <div className="flex items-center gap-1 rounded-xl border border-line bg-floor/60 ps-3">
      <Wallet aria-hidden="true" className="size-4 shrink-0 text-gold" />
      {/* Polite live region: a balance change is announced without interrupting the player. */}
      <output aria-live="polite" className="min-w-16 text-sm">
        <span className="sr-only">{t('wallet.balance')}: </span>
        {!visible ? (
          <>
            <span className="sr-only">{t('wallet.hidden')}</span>
            <span aria-hidden="true" className="tracking-widest text-ink-soft">
              ••••
            </span>
          </>
        ) : balance.data ? (
          <BalanceAmount cents={balance.data.balance} />
        ) : (
          <span className="skeleton inline-block h-4 w-16 align-middle" />
        )}
      </output>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={!visible}
        aria-label={visible ? t('wallet.hide') : t('wallet.show')}
        className="flex size-11 items-center justify-center text-ink-soft hover:text-gold"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
