// What staff may do to a player's account, offered by role: money (cashier and up), ban and resets
// (supervisor and up). Each asks why; a new password is shown this once.
import type { PlayerProfileAnswer } from '@reelcast/protocol/console-players';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../shared/auth/use-me';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { useBanPlayer } from '../api/ban-player';
import { useResetPlayerPassword } from '../api/reset-player-password';
import { useResetPlayerPin } from '../api/reset-player-pin';
import { MoneyDialog } from './money-dialog';

type Dialog = 'deposit' | 'withdraw' | 'ban' | 'password' | 'pin' | null;

export function PlayerActions({ player }: { player: PlayerProfileAnswer }) {
  const { t } = useTranslation();
  const may = useMay();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [said, setSaid] = useState<string | null>(null);
  const ban = useBanPlayer();
  const password = useResetPlayerPassword();
  const pin = useResetPlayerPin();
  const playerId = player.id;
  const close = () => setDialog(null);
  const button = (name: Dialog, label: string, style = 'btn-ghost') => (
    <button type="button" className={style} onClick={() => setDialog(name)}>
      {label}
    </button>
  );
  return (
    <div className="w-full space-y-2">
      <div className="flex flex-wrap gap-2">
        {may('deposit') && button('deposit', t('players.deposit'), 'btn-gold')}
        {may('withdraw') && button('withdraw', t('players.withdraw'))}
        {may('playerBan') &&
          button('ban', player.banned ? t('players.unban') : t('players.ban'), 'btn-danger')}
        {may('playerPasswordReset') && button('password', t('players.resetPassword'))}
        {may('playerPinReset') && button('pin', t('players.resetPin'))}
      </div>
      <p role="status" aria-live="polite" data-testid="player-action-result">
        {said}
      </p>
      {(dialog === 'deposit' || dialog === 'withdraw') && (
        <MoneyDialog
          direction={dialog}
          player={player}
          onDone={(text) => setSaid(text)}
          onClose={close}
        />
      )}
      {dialog === 'ban' && (
        <ReasonDialog
          title={player.banned ? t('players.unban') : t('players.ban')}
          description={player.banned ? t('players.unbanExplained') : t('players.banExplained')}
          confirmLabel={player.banned ? t('players.unban') : t('players.ban')}
          onConfirm={(reason) => ban.mutateAsync({ playerId, banned: !player.banned, reason })}
          onClose={close}
        />
      )}
      {dialog === 'password' && (
        <ReasonDialog
          title={t('players.resetPassword')}
          description={t('players.resetPasswordExplained')}
          confirmLabel={t('players.resetPassword')}
          onConfirm={async (reason) => {
            const answer = await password.mutateAsync({ playerId, reason });
            setSaid(t('players.newPassword', { password: answer.password }));
          }}
          onClose={close}
        />
      )}
      {dialog === 'pin' && (
        <ReasonDialog
          title={t('players.resetPin')}
          description={t('players.resetPinExplained')}
          confirmLabel={t('players.resetPin')}
          onConfirm={async (reason) => {
            await pin.mutateAsync({ playerId, reason });
            setSaid(t('players.pinReset'));
          }}
          onClose={close}
        />
      )}
    </div>
  );
}
