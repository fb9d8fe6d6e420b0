// The dialogs of a machine's actions: a hand-pay reset (paid, or waiting for a second supervisor
// above the threshold), a kick, the end of a session, taking the machine out of service and back.
import type { FloorMachine } from '@reelcast/protocol/console-floor';
import { useTranslation } from 'react-i18next';
import { useFormatCents } from '../../../shared/money';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { useKickMachine } from '../api/kick-machine';
import { useQuitSession } from '../api/quit-session';
import { isPendingApproval, useResetHandPay } from '../api/reset-hand-pay';
import { useSetMachineEnabled } from '../api/set-machine-enabled';

export type MachineDialog = 'enabled' | 'kick' | 'quit' | 'handPay' | null;

type Props = {
  dialog: MachineDialog;
  machine: FloorMachine;
  threshold: number | null;
  onSaid: (said: string) => void;
  onClose: () => void;
};

function HandPayDialog({ machine, threshold, onSaid, onClose }: Omit<Props, 'dialog'>) {
  const { t } = useTranslation();
  const money = useFormatCents();
  const handPay = useResetHandPay();
  const amount = machine.handPay?.amount ?? 0;
  return (
    <ReasonDialog
      title={t('floor.resetHandPay')}
      description={
        threshold !== null && amount > threshold
          ? t('floor.handPayAboveThreshold', { amount: money(amount), threshold: money(threshold) })
          : t('floor.handPayConfirm', { amount: money(amount) })
      }
      askReason={false}
      confirmLabel={t('floor.resetHandPay')}
      onConfirm={async () => {
        const answer = await handPay.mutateAsync(machine.id);
        onSaid(
          isPendingApproval(answer)
            ? t('floor.handPayWaits', { amount: money(answer.approval.amount) })
            : t('floor.handPayPaid', { amount: money(answer.amount) }),
        );
      }}
      onClose={onClose}
    />
  );
}

export function MachineDialogs(props: Props) {
  const { dialog, machine, onSaid, onClose } = props;
  const { t } = useTranslation();
  const money = useFormatCents();
  const enabled = useSetMachineEnabled();
  const kick = useKickMachine();
  const quit = useQuitSession();
  const machineId = machine.id;
  const player = machine.session?.username;
  if (dialog === 'handPay' && machine.handPay) return <HandPayDialog {...props} />;
  if (dialog === 'kick') {
    return (
      <ReasonDialog
        title={t('floor.kick')}
        description={t('floor.kickExplained', { player })}
        confirmLabel={t('floor.kick')}
        onConfirm={(reason) => kick.mutateAsync({ machineId, reason })}
        onClose={onClose}
      />
    );
  }
  if (dialog === 'quit') {
    return (
      <ReasonDialog
        title={t('floor.endSession')}
        description={t('floor.endExplained', { player })}
        askReason={false}
        confirmLabel={t('floor.endSession')}
        onConfirm={async () => {
          const ended = await quit.mutateAsync(machineId);
          onSaid(t('floor.ended', { amount: money(ended.cashedOut) }));
        }}
        onClose={onClose}
      />
    );
  }
  if (dialog !== 'enabled') return null;
  const label = machine.enabled ? t('floor.disable') : t('floor.enable');
  return (
    <ReasonDialog
      title={label}
      confirmLabel={label}
      onConfirm={(reason) => enabled.mutateAsync({ machineId, enabled: !machine.enabled, reason })}
      onClose={onClose}
    />
  );
}
