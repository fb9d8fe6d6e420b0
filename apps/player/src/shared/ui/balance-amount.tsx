import { useFormatMoney } from '../money';

/** The wallet balance as the e2e tests and the player read it: formatted text plus exact cents. */
export function BalanceAmount({ cents, className = '' }: { cents: number; className?: string }) {
  const format = useFormatMoney();
  return (
    <span
      data-testid="balance"
      data-cents={cents}
      className={`font-semibold tabular-nums text-(--money-cash) ${className}`}
    >
      {format(cents)}
    </span>
  );
}
