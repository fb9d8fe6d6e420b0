// Tells the player of their jackpot win wherever they are (lobby or game screen): mounted once
// by app/. The wallet's balance itself arrives with the notice socket's balance event.
import type { JackpotWonNotice } from '@reelcast/protocol/lobby';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useNoticeEvent } from '../../../shared/socket/notice-events';
import { toast } from '../../../shared/ui/toast';

function isJackpotWon(payload: unknown): payload is JackpotWonNotice {
  const p = payload as JackpotWonNotice | null;
  return typeof p?.amount === 'number' && typeof p.machineName === 'string';
}

export function JackpotWinToast() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  useNoticeEvent('jackpot-won', (payload) => {
    if (!isJackpotWon(payload)) return;
    toast.success(
      t('lobby.jackpotWon', {
        amount: formatMoney(payload.amount),
        level: payload.level,
        machine: payload.machineName,
      }),
      { duration: 10_000 },
    );
  });
  return null;
}
