// One row per machine: what an attendant scans for (fault, hand pay, who sits, the credits).
import type { FloorMachine } from '@reelcast/protocol/console-floor';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormatCents } from '../../../shared/money';
import { Empty } from '../../../shared/ui/states';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className={on ? 'text-ok' : 'text-danger'}>
      <span aria-hidden="true">{on ? '●' : '○'}</span> {label}
    </span>
  );
}

export function MachineTable({
  machines,
  selected,
}: {
  machines: FloorMachine[];
  selected?: string;
}) {
  const { t } = useTranslation();
  const money = useFormatCents();
  const { search } = useLocation();
  if (machines.length === 0) return <Empty text={t('floor.none')} />;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>{t('floor.machine')}</th>
          <th>{t('floor.status')}</th>
          <th>{t('floor.player')}</th>
          <th className="num">{t('floor.credits')}</th>
          <th>{t('floor.alerts')}</th>
          <th>{t('floor.links')}</th>
        </tr>
      </thead>
      <tbody>
        {machines.map((m) => (
          <tr
            key={m.id}
            data-testid="floor-machine"
            data-machine-id={m.id}
            className={String(m.id) === selected ? 'bg-gold/10' : undefined}
          >
            <td>
              <Link
                to={`/floor/${m.id}${search}`}
                className="font-medium underline-offset-2 hover:underline"
              >
                #{m.id} {m.name}
              </Link>
              <div className="text-ink-soft text-xs">
                {m.brand?.name ?? '—'} · {m.game}
                {!m.enabled && <strong className="ms-1 text-danger">{t('floor.disabled')}</strong>}
              </div>
            </td>
            <td>
              {t(`status.${m.status}`)}
              <div className="text-ink-soft text-xs">{t(`status.${m.cabinet}`)}</div>
            </td>
            <td>{m.session ? m.session.username : '—'}</td>
            <td className="num">{money(m.credits)}</td>
            <td className="space-x-2">
              {m.fault && <strong className="text-danger">{t(`fault.${m.fault}`)}</strong>}
              {m.handPay && (
                <strong className="text-gold">
                  {t('floor.handPayPending', { amount: money(m.handPay.amount) })}
                </strong>
              )}
            </td>
            <td className="space-x-3 text-xs">
              <Flag on={m.agentConnected} label={t('floor.agent')} />
              <Flag on={m.videoUp} label={t('floor.video', { viewers: m.viewers })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
