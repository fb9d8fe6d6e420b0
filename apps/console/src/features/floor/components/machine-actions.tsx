// What a supervisor may do to a machine, each asked in a dialog; the answer is said in words. Other
// roles see no buttons (the server refuses them anyway).
import type { FloorMachine } from '@reelcast/protocol/console-floor';
import { machineFaultKinds } from '@reelcast/protocol/floor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error';
import { useMay } from '../../../shared/auth/use-me';
import { useSetMachineFault } from '../api/set-machine-fault';
import { useSetVideoFault } from '../api/set-video-fault';
import { type MachineDialog, MachineDialogs } from './machine-dialogs';

const clearableFault = (fault: FloorMachine['fault']) =>
  machineFaultKinds.find((kind) => kind === fault) ?? null;

type Props = { machine: FloorMachine; threshold: number | null };

export function MachineActions({ machine, threshold }: Props) {
  const { t } = useTranslation();
  const may = useMay();
  const [dialog, setDialog] = useState<MachineDialog>(null);
  const [said, setSaid] = useState<string | null>(null);
  const fault = useSetMachineFault();
  const video = useSetVideoFault();
  const machineId = machine.id;
  const fail = (error: unknown) => setSaid(describeError(t, error));
  const toClear = clearableFault(machine.fault);
  if (!may('machineEnabled')) return null;
  const clearFault = (kind: NonNullable<typeof toClear>) =>
    fault.mutate(
      { machineId, fault: kind, active: false },
      { onSuccess: () => setSaid(t('floor.faultCleared')), onError: fail },
    );
  return (
    <section aria-label={t('floor.actions')} className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {machine.handPay && may('handPayReset') && (
          <button type="button" className="btn-gold" onClick={() => setDialog('handPay')}>
            {t('floor.resetHandPay')}
          </button>
        )}
        {toClear && may('machineFault') && (
          <button type="button" className="btn-ghost" onClick={() => clearFault(toClear)}>
            {t('floor.clearFault', { fault: t(`fault.${toClear}`) })}
          </button>
        )}
        {may('videoFault') && (
          <button
            type="button"
            className="btn-ghost"
            onClick={() => video.mutate({ machineId, active: machine.videoUp }, { onError: fail })}
          >
            {machine.videoUp ? t('floor.markVideoDown') : t('floor.markVideoUp')}
          </button>
        )}
        {machine.session && (
          <>
            <button type="button" className="btn-ghost" onClick={() => setDialog('kick')}>
              {t('floor.kick')}
            </button>
            <button type="button" className="btn-danger" onClick={() => setDialog('quit')}>
              {t('floor.endSession')}
            </button>
          </>
        )}
        <button
          type="button"
          className={machine.enabled ? 'btn-danger' : 'btn-gold'}
          onClick={() => setDialog('enabled')}
        >
          {machine.enabled ? t('floor.disable') : t('floor.enable')}
        </button>
      </div>
      <p role="status" aria-live="polite" data-testid="machine-action-result" className="text-sm">
        {said}
      </p>
      <MachineDialogs
        dialog={dialog}
        machine={machine}
        threshold={threshold}
        onSaid={setSaid}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
