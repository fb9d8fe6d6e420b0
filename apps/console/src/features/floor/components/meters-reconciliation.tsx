// The cabinet's SAS meters beside what the ledger recorded for the machine. They reconcile when
// Cash In − (Cash Out + Hand Pay) = coin in − coin out − hand paid + credits on the machine.
import { useTranslation } from 'react-i18next';
import { useFormatCents } from '../../../shared/money';
import { Failed, Loading } from '../../../shared/ui/states';
import { useMachineMeters } from '../api/get-machine-meters';

export function reconcile(
  meters: { coinIn: number; coinOut: number; handPaid: number; currentCredits: number },
  ledger: { cashIn: number; cashOut: number; handPay: number },
) {
  const byLedger = ledger.cashIn - (ledger.cashOut + ledger.handPay);
  const byMeters = meters.coinIn - meters.coinOut - meters.handPaid + meters.currentCredits;
  return { byLedger, byMeters, difference: byLedger - byMeters };
}

export function MetersReconciliation({ machineId }: { machineId: number }) {
  const { t } = useTranslation();
  const money = useFormatCents();
  const query = useMachineMeters(machineId);
  if (query.isPending) return <Loading />;
  if (query.error) return <Failed error={query.error} />;
  const { meters, ledger } = query.data;
  const { byLedger, byMeters, difference } = reconcile(meters, ledger);
  const rows: Array<[string, number, string, number]> = [
    ['meters.coinIn', meters.coinIn, 'ledger.cashIn', ledger.cashIn],
    ['meters.coinOut', meters.coinOut, 'ledger.cashOut', ledger.cashOut],
    ['meters.handPaid', meters.handPaid, 'ledger.handPay', ledger.handPay],
    ['meters.currentCredits', meters.currentCredits, '', 0],
    ['meters.net', byMeters, 'ledger.net', byLedger],
  ];
  return (
    <section aria-labelledby="meters-title" className="space-y-2">
      <h3 id="meters-title" className="font-semibold">
        {t('meters.title')}
      </h3>
      <table className="data-table">
        <thead>
          <tr>
            <th colSpan={2}>{t('meters.meters')}</th>
            <th colSpan={2}>{t('meters.ledger')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([meter, value, entry, amount]) => (
            <tr key={meter}>
              <td>{t(meter)}</td>
              <td className="num">{money(value)}</td>
              <td>{entry ? t(entry) : ''}</td>
              <td className="num">{entry ? money(amount) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-ink-soft text-xs">
        {t('meters.games', { played: meters.gamesPlayed, won: meters.gamesWon })}
      </p>
      <p
        role="status"
        data-testid="reconciliation"
        className={difference === 0 ? 'text-ok' : 'text-danger'}
      >
        {difference === 0
          ? t('meters.reconciles')
          : t('meters.differs', { amount: money(difference) })}
      </p>
    </section>
  );
}
