// §4 reconnect dialog: shown on the lobby whenever the player still has an open slot session
// (left the page, lost the connection, came back after a restart). The text depends on what the
// machine is doing; Continue goes back to it, Cashout (cancel) sends its credits to the wallet
// and then rejoins the machine (§7: init with machineID and token, on a fresh session), and
// 'Kick the player' removes a stale connection of this account that still holds it.
import type { OpenSlotSession } from '@reelcast/protocol/sessions';
import { useId, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { translateCode, useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useNavigate } from '../../../shared/router';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { toast } from '../../../shared/ui/toast';
import { useCancelSession } from '../api/cancel-session';
import { useOpenSessions } from '../api/get-open-sessions';
import { useKickPlayer } from '../api/kick-player';

export function ReconnectDialog() {
  const { data } = useOpenSessions();
  // Closing the dialog without a choice hides it for this visit of the lobby only.
  const [dismissed, setDismissed] = useState<number[]>([]);
  const session = data?.find((s) => !dismissed.includes(s.id));
  if (!session) return null;
  return (
    <ReconnectPrompt
      key={session.id}
      session={session}
      onDismiss={() => setDismissed((ids) => [...ids, session.id])}
    />
  );
}

function ReconnectPrompt({
  session,
  onDismiss,
}: {
  session: OpenSlotSession;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const titleId = useId();
  const textId = useId();
  const status = session.machineStatus;

  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={textId}
      onEscape={onDismiss}
      className="w-[min(28rem,calc(100vw-2rem))]"
    >
      <div
        data-testid="reconnect-dialog"
        data-status={status}
        className="flex flex-col gap-4 rounded-2xl border border-line bg-floor-raised p-5 shadow-2xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-gold">
          {t('reconnect.title', { machine: session.machineName })}
        </h2>
        <div id={textId} className="flex flex-col gap-2 text-sm">
          <p>{t(`reconnect.status.${status}`)}</p>
          <p>
            {t('reconnect.credits')}{' '}
            <span
              data-testid="reconnect-credits"
              data-cents={session.credits}
              className="font-semibold tabular-nums text-(--money-credit)"
            >
              {format(session.credits)}
            </span>
          </p>
        </div>
        <ReconnectActions session={session} />
      </div>
    </ModalDialog>
  );
}

/** Kick (only while the machine is played elsewhere), Cashout and Continue. */
function ReconnectActions({ session }: { session: OpenSlotSession }) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const navigate = useNavigate();
  const cancel = useCancelSession();
  const kick = useKickPlayer();
  const busy = cancel.isPending || kick.isPending;
  // The game screen joins with init {machineID, token}; a refusal brings the player back here.
  const rejoin = () =>
    navigate(`/game/${session.machineId}/${encodeURIComponent(session.machineName)}`);

  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      toast.error(translateCode(t, 'errors', error.code, error.message, error.params));
    } else {
      toast.error(t('reconnect.failed'));
    }
  };

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {session.machineStatus === 'playing' && (
        <button
          type="button"
          data-testid="reconnect-kick"
          disabled={busy}
          onClick={() =>
            kick.mutate(
              { machineId: session.machineId },
              {
                onSuccess: () => toast.success(t('reconnect.kicked')),
                onError: showError,
              },
            )
          }
          className="btn-ghost min-h-11"
        >
          {t('reconnect.kick')}
        </button>
      )}
      <button
        type="button"
        data-testid="reconnect-cashout"
        disabled={busy}
        onClick={() =>
          cancel.mutate(
            { machineId: session.machineId },
            {
              onSuccess: (answer) => {
                toast.success(t('reconnect.cashedOut', { amount: format(answer.amount) }));
                rejoin();
              },
              onError: showError,
            },
          )
        }
        className="min-h-11 rounded-xl border-2 border-(--money-cash) px-4 font-semibold text-(--money-cash) transition hover:bg-(--money-cash)/10 disabled:opacity-40"
      >
        {cancel.isPending ? t('reconnect.cashingOut') : t('reconnect.cashout')}
      </button>
      <button
        type="button"
        data-testid="reconnect-continue"
        disabled={busy}
        onClick={rejoin}
        className="min-h-11 rounded-xl bg-gold px-5 font-semibold text-floor transition hover:bg-gold-deep disabled:opacity-40"
      >
        {t('reconnect.continue')}
      </button>
    </div>
  );
}
