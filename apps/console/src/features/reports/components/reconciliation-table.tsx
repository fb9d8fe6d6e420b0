// The reconciliation rows with their totals; a row whose ledger and games disagree is marked in
// words and colour, not colour alone.
import type { DailyReportAnswer, DailyReportRow } from '@reelcast/protocol/console-reports';
import { useTranslation } from 'react-i18next';
import { formatRtp, useFormatCents } from '../../../shared/money';
import { Empty } from '../../../shared/ui/states';

const moneyColumns = [
  'cashIn',
  'cashOut',
  'handPay',
  'jackpot',
  'coinIn',
  'coinOut',
  'handPayWins',
  'onMachine',
] as const;

function ReportRow({ row: r }: { row: DailyReportRow }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  return (
    <tr
      data-testid="report-row"
      data-discrepancy={r.discrepancy}
      className={r.discrepancy ? 'bg-danger/15' : undefined}
    >
      <td>{r.day}</td>
      <td>
        #{r.machineId} {r.machineName}
        {r.openSessions > 0 && (
          <div className="text-ink-soft text-xs">
            {t('reports.open', { count: r.openSessions })}
          </div>
        )}
      </td>
      <td className="num">{r.sessions}</td>
      {moneyColumns.map((c) => (
        <td key={c} className="num">
          {money(r[c])}
        </td>
      ))}
      <td className="num">{r.games}</td>
      <td className="num">{formatRtp(r.actualRtp, i18n.language)}</td>
      <td className="num">{formatRtp(r.parRtp, i18n.language)}</td>
      <td className={`num ${r.discrepancy ? 'font-semibold text-danger' : ''}`}>
        {money(r.difference)}
        {r.discrepancy && <div className="text-xs">⚠ {t('reports.discrepancy')}</div>}
      </td>
    </tr>
  );
}

export function ReconciliationTable({ report }: { report: DailyReportAnswer }) {
  const { t, i18n } = useTranslation();
  const money = useFormatCents();
  const { rows, totals } = report;
  return (
    <section aria-labelledby="reconciliation-title" className="card overflow-x-auto p-0">
      <h2 id="reconciliation-title" className="p-3 font-semibold text-lg">
        {t('reports.reconciliation')}{' '}
        <span
          data-testid="discrepancies"
          className={totals.discrepancies ? 'text-danger' : 'text-ok'}
        >
          {t('reports.discrepancies', { count: totals.discrepancies })}
        </span>
      </h2>
      {rows.length === 0 ? (
        <Empty text={t('reports.none')} />
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('reports.day')}</th>
              <th>{t('floor.machine')}</th>
              <th className="num">{t('reports.sessions')}</th>
              {moneyColumns.map((c) => (
                <th key={c} className="num">
                  {t(`reports.${c}`)}
                </th>
              ))}
              <th className="num">{t('reports.games')}</th>
              <th className="num">{t('reports.actualRtp')}</th>
              <th className="num">{t('reports.parRtp')}</th>
              <th className="num">{t('reports.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <ReportRow key={`${r.day}-${r.machineId}`} row={r} />
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td colSpan={3}>{t('reports.totals')}</td>
              {moneyColumns.map((c) => (
                <td key={c} className="num">
                  {c === 'onMachine' ? '' : money(totals[c])}
                </td>
              ))}
              <td className="num">{totals.games}</td>
              <td className="num">{formatRtp(totals.actualRtp, i18n.language)}</td>
              <td />
              <td className="num">{money(totals.difference)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
