// Where people would rather look than read: coin in, net win and actual RTP against the par sheet,
// per day and per machine, and the slot sessions played each day.
import type { DailyReportRow } from '@reelcast/protocol/console-reports';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatRtp } from '../../../shared/money';
import { Chart, type ChartSeries } from './chart';
import { byDay, byMachine, type Totals } from './report-series';

const colors = {
  coinIn: '#f5c04a',
  netWin: '#4ade80',
  rtp: '#0cf',
  par: '#ff6b6b',
  sessions: '#c084fc',
};

type ChartProps = {
  title: string;
  kind: 'line' | 'bars';
  format: (value: number) => string;
  categories: string[];
  series: ChartSeries[];
};

const line = (
  label: string,
  values: Array<number | null>,
  color: string,
  reference = false,
): ChartSeries => ({ label, values, color, reference });

/** Coin in, net win and RTP against par over days (lines) or machines (bars). */
function threeCharts(
  t: TFunction,
  language: string,
  points: Totals[],
  scope: 'day' | 'machine',
): ChartProps[] {
  const kind = scope === 'day' ? 'line' : 'bars';
  const money = (v: number) => formatCents(v, language);
  const categories = points.map((p) => p.label);
  return [
    {
      title: t(`reports.charts.coinIn.${scope}`),
      kind,
      format: money,
      categories,
      series: [
        line(
          t('reports.coinIn'),
          points.map((p) => p.coinIn),
          colors.coinIn,
        ),
      ],
    },
    {
      title: t(`reports.charts.netWin.${scope}`),
      kind,
      format: money,
      categories,
      series: [
        line(
          t('reports.netWin'),
          points.map((p) => p.netWin),
          colors.netWin,
        ),
      ],
    },
    {
      title: t(`reports.charts.rtp.${scope}`),
      kind,
      format: (v) => formatRtp(v, language),
      categories,
      series: [
        line(
          t('reports.actualRtp'),
          points.map((p) => p.rtp),
          colors.rtp,
        ),
        line(
          t('reports.parRtp'),
          points.map((p) => p.par),
          colors.par,
          true,
        ),
      ],
    },
  ];
}

export function ReportCharts({ rows }: { rows: DailyReportRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const charts = useMemo(() => {
    const days = byDay(rows);
    const sessions: ChartProps = {
      title: t('reports.charts.sessions'),
      kind: 'bars',
      format: (v) => String(Math.round(v)),
      categories: days.map((d) => d.label),
      series: [
        line(
          t('reports.sessions'),
          days.map((d) => d.sessions),
          colors.sessions,
        ),
      ],
    };
    return [
      ...threeCharts(t, language, days, 'day'),
      ...threeCharts(t, language, byMachine(rows), 'machine'),
      sessions,
    ];
  }, [rows, t, language]);
  if (rows.length === 0) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
      {charts.map((c) => (
        <Chart key={c.title} {...c} />
      ))}
    </div>
  );
}
