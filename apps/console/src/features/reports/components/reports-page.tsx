// The daily reconciliation: per machine and per day, the ledger's money beside the games', actual
// RTP beside the par sheet's, discrepancies marked; charts above, CSV export for a spreadsheet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '../../../shared/api/describe-error';
import { downloadText } from '../../../shared/ui/download';
import { Failed, Loading } from '../../../shared/ui/states';
import { type ReportRange, useDailyReport } from '../api/get-daily-report';
import { getDailyReportCsv } from '../api/get-daily-report-csv';
import { ReconciliationTable } from './reconciliation-table';
import { ReportCharts } from './report-charts';
import { SeatsChart } from './seats-chart';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function ReportsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const range: ReportRange = {
    from: search.get('from') ?? day(-6),
    to: search.get('to') ?? day(0),
    ...(search.get('machine') ? { machineId: search.get('machine') as string } : {}),
  };
  const report = useDailyReport(range);
  const [exportError, setExportError] = useState<string | null>(null);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };
  const exportCsv = async () => {
    setExportError(null);
    try {
      downloadText(`reconciliation-${range.from}-${range.to}.csv`, await getDailyReportCsv(range));
    } catch (error) {
      setExportError(describeError(t, error));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="me-auto font-semibold text-2xl">{t('reports.title')}</h1>
        <label className="space-y-1 text-sm">
          <span className="block">{t('reports.from')}</span>
          <input
            type="date"
            className="field"
            value={range.from}
            onChange={(e) => set('from', e.target.value)}
          />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block">{t('reports.to')}</span>
          <input
            type="date"
            className="field"
            value={range.to}
            onChange={(e) => set('to', e.target.value)}
          />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block">{t('reports.machine')}</span>
          <input
            inputMode="numeric"
            className="field w-28"
            placeholder={t('reports.allMachines')}
            value={search.get('machine') ?? ''}
            onChange={(e) => set('machine', e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="button" className="btn-gold" onClick={exportCsv}>
          {t('reports.exportCsv')}
        </button>
      </div>
      {exportError && (
        <p role="alert" className="text-danger">
          {exportError}
        </p>
      )}
      {report.isPending ? (
        <Loading />
      ) : report.error ? (
        <Failed error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <ReportCharts rows={report.data.rows} />
          <SeatsChart lastDay={range.to} />
          <ReconciliationTable report={report.data} />
        </>
      )}
    </div>
  );
}
