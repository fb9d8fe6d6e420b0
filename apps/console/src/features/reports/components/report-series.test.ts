import type { DailyReportRow } from '@reelcast/protocol/console-reports';
import { describe, expect, it } from 'vitest';
import { byDay, byMachine } from './report-series';

const row = (day: string, machineId: number, coinIn: number, coinOut: number, par: number | null) =>
  ({
    day,
    machineId,
    machineName: `M${machineId}`,
    sessions: 1,
    coinIn,
    coinOut,
    handPayWins: 0,
    parRtp: par,
  }) as DailyReportRow;

describe('the charts’ figures', () => {
  const rows = [
    row('2026-05-02', 1, 1000, 900, 0.95),
    row('2026-05-01', 1, 1000, 1100, 0.95),
    row('2026-05-01', 2, 3000, 2700, 0.9),
  ];

  it('sums machines per day, oldest first: net win is the house’s, RTP paid over bet', () => {
    expect(byDay(rows)).toEqual([
      { label: '2026-05-01', coinIn: 4000, netWin: 200, rtp: 0.95, par: 0.9125, sessions: 2 },
      { label: '2026-05-02', coinIn: 1000, netWin: 100, rtp: 0.9, par: 0.95, sessions: 1 },
    ]);
  });

  it('sums days per machine, with no RTP where nothing was bet', () => {
    const machines = byMachine([...rows, row('2026-05-02', 3, 0, 0, null)]);
    expect(machines.map((m) => [m.label, m.coinIn, m.netWin, m.rtp])).toEqual([
      ['#1 M1', 2000, 0, 1],
      ['#2 M2', 3000, 300, 0.9],
      ['#3 M3', 0, 0, null],
    ]);
  });
});
