// The end of a bench:load run over several instance counts (`--instances 1,2`): one table
// comparing the runs, then each run's `load:` line. npm test's short form and docs/proof.md read
// the line of a single-instance run, so that one keeps its words exactly.
import type { Outcome } from './print';
import { count, fmt, type Histogram, quantile } from './stats';

export interface RunResult {
  instances: number;
  players: number;
  seconds: number;
  outcome: Outcome;
  /** cents lost or made (NaN: a violation without an amount) */
  drift: number;
}

/** `load: …`, with ` (N instances)` only when N > 1. */
export function loadLine(r: RunResult): string {
  const { outcome } = r;
  const line = `load: ${r.players} players, ${r.seconds} s, p99 ${outcome.httpP99} ms http, ${outcome.socketP99} ms socket, ${outcome.errors} errors, ${r.drift} cents drift`;
  return r.instances > 1 ? `${line} (${r.instances} instances)` : line;
}

const quantiles = (h: Histogram) =>
  count(h) ? [0.5, 0.95, 0.99].map((q) => fmt(quantile(h, q))).join(' / ') : '-';

/** One row a run: what the issue asks of two instances against one, side by side. */
export function printComparison(results: RunResult[]): void {
  const head = [
    'instances',
    'held (notice + machine)',
    'http p50/p95/p99 ms',
    'socket ack p50/p95/p99 ms',
    'push delay p99 ms',
    'errors',
    'drift',
    'server cpu (cores, summed)',
  ];
  const rows = results.map((r) => {
    const f = r.outcome.final;
    return [
      String(r.instances),
      f ? `${f.noticeHeld} + ${f.machineHeld}` : '-',
      f ? quantiles(f.http) : '-',
      f ? quantiles(f.socket) : '-',
      f && count(f.push) ? fmt(quantile(f.push, 0.99)) : '-',
      String(r.outcome.errors),
      String(r.drift),
      r.outcome.serverCores === undefined ? '-' : r.outcome.serverCores.toFixed(2),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}
