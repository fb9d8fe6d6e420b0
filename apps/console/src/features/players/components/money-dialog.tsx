// A deposit or withdrawal by staff: an amount and a reason, one idempotency key per dialog, so a
// second click or a retry after a lost answer moves the money once.
import type { PlayerProfileAnswer } from '@reelcast/protocol/console-players';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../shared/api/use-staff-mutation';
import { parseAmount, useFormatCents } from '../../../shared/money';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { useMoveMoney } from '../api/move-money';

type Props = {
  direction: 'deposit' | 'withdraw';
  player: PlayerProfileAnswer;
  onDone: (said: string) => void;
  onClose: () => void;
};

export function MoneyDialog({ direction, player, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const money = useFormatCents();
  const amountId = useId();
  const [typed, setTyped] = useState('');
  const [key] = useState(() => newIdempotencyKey(direction));
  const move = useMoveMoney();
  const amount = parseAmount(typed);
  const title = t(direction === 'deposit' ? 'players.deposit' : 'players.withdraw');
  return (
    <ReasonDialog
      title={title}
      description={t('players.moneyFor', {
        player: player.username,
        balance: money(player.balance),
      })}
      confirmLabel={amount ? `${title} ${money(amount)}` : title}
      ready={amount !== null}
      onConfirm={async (reason) => {
        if (amount === null) return;
        const answer = await move.mutateAsync({
          direction,
          playerId: player.id,
          amount,
          reason,
          idempotencyKey: key,
        });
        onDone(t('players.moneyDone', { balance: money(answer.balance) }));
      }}
      onClose={onClose}
    >
      <div className="space-y-1">
        <label htmlFor={amountId} className="block font-medium text-sm">
          {t('players.amount')}
        </label>
        <input
          id={amountId}
          name="amount"
          inputMode="decimal"
          className="field w-full"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={typed !== '' && amount === null ? true : undefined}
        />
        {typed !== '' && amount === null && (
          <p className="text-danger text-xs">{t('players.amountInvalid')}</p>
        )}
      </div>
    </ReasonDialog>
  );
}
