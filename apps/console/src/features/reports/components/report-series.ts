// The daily report's rows turned into what the charts draw: per day across machines, and per
// machine across days. Net win is the house's: coin in − coin out − hand-pay wins.
import type { DailyReportRow } from '@reelcast/protocol/console-reports';

export type Totals = {
  label: string;
  coinIn: number;
  netWin: number;
  /** actual RTP, null without a bet */
  rtp: number | null;
  /** the par sheet's RTP weighted by coin in; null when none is known */
  par: number | null;
  sessions: number;
};

function sum(label: string, rows: DailyReportRow[]): Totals {
  let coinIn = 0;
  let paid = 0;
  let parWeighted = 0;
  let parCoinIn = 0;
  let sessions = 0;
  for (const r of rows) {
    coinIn += r.coinIn;
    paid += r.coinOut + r.handPayWins;
    sessions += r.sessions;
    if (r.parRtp !== null) {
      parWeighted += r.parRtp * r.coinIn;
      parCoinIn += r.coinIn;
    }
  }
  const parOnly = rows.find((r) => r.parRtp !== null)?.parRtp ?? null;
  return {
    label,
    coinIn,
    netWin: coinIn - paid,
    rtp: coinIn > 0 ? paid / coinIn : null,
    par: parCoinIn > 0 ? parWeighted / parCoinIn : parOnly,
    sessions,
  };
}

function grouped(rows: DailyReportRow[], key: (r: DailyReportRow) => string) {
  const groups = new Map<string, DailyReportRow[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return groups;
}

/** One point per day, oldest first. */
export const byDay = (rows: DailyReportRow[]): Totals[] =>
  [...grouped(rows, (r) => r.day)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([d, g]) => sum(d, g));

/** One bar per machine, in machine order. */
export const byMachine = (rows: DailyReportRow[]): Totals[] =>
  [...grouped(rows, (r) => `#${r.machineId} ${r.machineName}`)]
    .sort(([, a], [, b]) => (a[0]?.machineId ?? 0) - (b[0]?.machineId ?? 0))
    .map(([m, g]) => sum(m, g));
