// The game screen's requests that answer with an acknowledgement: hot coins, cash out and the
// stream quality band. A refusal or a lost connection becomes a toast; the money buttons stay
// disabled while one is in flight.
import type { AckError } from '@reelcast/protocol/machine-socket';
import { useState } from 'react';
import { translateCode, useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { toast } from '../../../shared/ui/toast';
import { isAckError, NotConnectedError } from '../api/machine-socket';
import { useGameControls } from '../stores/game-store';
import type { useMachineConnection } from './use-machine-connection';

type MachineGame = ReturnType<typeof useMachineConnection>;

export function useGameActions(game: MachineGame, click: () => void) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const setActiveBand = useGameControls((s) => s.setActiveBand);
  const [moneyBusy, setMoneyBusy] = useState(false);

  function refused(ack: AckError) {
    toast.error(translateCode(t, 'errors', ack.code, ack.ErrorMessage, ack.Params));
  }

  function failed(error: unknown) {
    toast.error(error instanceof NotConnectedError ? t('game.connectionLost') : t('game.noAnswer'));
  }

  async function moneyRequest(request: () => Promise<void>) {
    click();
    setMoneyBusy(true);
    try {
      await request();
    } catch (error) {
      failed(error);
    } finally {
      setMoneyBusy(false);
    }
  }

  const transfer = (amountCents: number) =>
    moneyRequest(async () => {
      const ack = await game.transfer(amountCents);
      // Success needs no toast: the credits meter changes and is announced.
      if (isAckError(ack)) refused(ack);
    });

  const cashout = () =>
    moneyRequest(async () => {
      const ack = await game.cashout();
      if (isAckError(ack)) refused(ack);
      else toast.success(t('game.cashoutDone', { amount: format(ack.amount) }));
    });

  async function chooseBand(band: string) {
    setActiveBand(band);
    try {
      const ack = await game.setQuality(band);
      if (isAckError(ack)) refused(ack);
    } catch (error) {
      failed(error);
    }
  }

  return { moneyBusy, transfer, cashout, chooseBand };
}
