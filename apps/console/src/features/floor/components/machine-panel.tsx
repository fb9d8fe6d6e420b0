// One machine: its state, what staff may do to it, its meters beside the ledger, its recent games.
import type { FloorMachine } from '@reelcast/protocol/console-floor';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatTime, useFormatCents } from '../../../shared/money';
import { Loading } from '../../../shared/ui/states';
import { MachineActions } from './machine-actions';
import { MachineGames } from './machine-games';
import { MetersReconciliation } from './meters-reconciliation';

type Props = { machineId: number; machine: FloorMachine | undefined; threshold: number | null };

export function MachinePanel({ machineId, machine, threshold }: Props) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const { search } = useLocation();
  return (
    <aside aria-labelledby="machine-title" className="card space-y-4" data-testid="machine-panel">
      <div className="flex items-start gap-2">
        <h2 id="machine-title" className="me-auto font-semibold text-xl">
          #{machineId} {machine?.name}
        </h2>
        <Link to={`/floor${search}`} className="btn-ghost" aria-label={t('common.close')}>
          ✕
        </Link>
      </div>
      {!machine ? (
        <Loading />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-soft">{t('floor.status')}</dt>
            <dd>
              {t(`status.${machine.status}`)} · {t(`status.${machine.cabinet}`)}
            </dd>
            <dt className="text-ink-soft">{t('floor.player')}</dt>
            <dd data-testid="machine-player">
              {machine.session ? (
                <Link className="underline" to={`/players/${machine.session.playerId}`}>
                  {machine.session.username}
                </Link>
              ) : (
                '—'
              )}
              {machine.session &&
                ` · ${formatTime(machine.session.openedAt, i18n.language)} · ${
                  machine.session.connected ? t('floor.connected') : t('floor.away')
                }`}
            </dd>
            <dt className="text-ink-soft">{t('floor.credits')}</dt>
            <dd>{money(machine.credits)}</dd>
            <dt className="text-ink-soft">{t('floor.handPay')}</dt>
            <dd data-testid="machine-hand-pay">
              {machine.handPay ? money(machine.handPay.amount) : '—'}
            </dd>
            <dt className="text-ink-soft">{t('floor.fault')}</dt>
            <dd>{machine.fault ? t(`fault.${machine.fault}`) : '—'}</dd>
          </dl>
          <MachineActions machine={machine} threshold={threshold} />
        </>
      )}
      <MetersReconciliation machineId={machineId} />
      <MachineGames machineId={machineId} />
    </aside>
  );
}
