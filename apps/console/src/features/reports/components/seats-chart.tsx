// Seats in use over one day: a bar per UTC hour, the day chosen here (kept in the address), and
// the peak said in words under the plot.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Failed, Loading } from '../../../shared/ui/states';
import { useSeatsReport } from '../api/get-seats-report';
import { Chart, type ChartSeries } from './chart';
import { seatsSeries } from './seats-series';

const color = '#f59e0b';
/** Seats are whole: no 0.5 seat on the axis. */
const wholeSeats = (v: number) => (Number.isInteger(v) ? String(v) : '');

/** `lastDay`: the last day of the report's range, shown until another is picked (`?seatsDay=`). */
export function SeatsChart({ lastDay }: { lastDay: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const date = search.get('seatsDay') ?? lastDay;
  const pick = (day: string) => {
    const next = new URLSearchParams(search);
    next.set('seatsDay', day);
    setSearch(next, { replace: true });
  };
  const report = useSeatsReport(date);
  const series = useMemo(() => (report.data ? seatsSeries(report.data) : null), [report.data]);
  const bars = useMemo<ChartSeries[]>(
    () => (series ? [{ label: t('reports.seats.seats'), values: series.seats, color }] : []),
    [series, t],
  );
  return (
    <section className="space-y-2" aria-labelledby="seats-heading">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="seats-heading" className="me-auto font-semibold text-lg">
          {t('reports.seats.heading')}
        </h2>
        <label className="space-y-1 text-sm">
          <span className="block">{t('reports.seats.day')}</span>
          <input
            type="date"
            className="field"
            value={date}
            onChange={(e) => e.target.value && pick(e.target.value)}
          />
        </label>
      </div>
      {report.isPending ? (
        <Loading />
      ) : report.error ? (
        <Failed error={report.error} onRetry={() => void report.refetch()} />
      ) : series ? (
        <Chart
          title={t('reports.seats.title', { date: report.data.date })}
          kind="bars"
          format={wholeSeats}
          categories={series.categories}
          series={bars}
        >
          <p className="mt-2 text-sm" data-testid="seats-peak">
            {series.peak.time === null
              ? t('reports.seats.none')
              : t('reports.seats.peak', {
                  count: series.peak.seats,
                  time: series.peak.time,
                  hour: series.busiestHour,
                })}
          </p>
        </Chart>
      ) : null}
    </section>
  );
}
