// What bench:load prints: a progress line every 10 s and the summary at the end.
import type { LoopDelay } from './server-child';
import { count, errorTotal, fmt, quantile, summary, type WorkerReport } from './stats';

export interface Sample {
  /** seconds into the measured run */
  at: number;
  /** seconds since the previous sample */
  window: number;
  serverCores: number;
  generatorCores: number;
  /** the whole box (all processes, PostgreSQL and other engineers' work included) */
  boxCores: number;
  serverRssMiB: number;
  report: WorkerReport;
  previous: WorkerReport;
}

export interface RunFigures {
  players: number;
  seconds: number;
  samples: Sample[];
  loop: LoopDelay[];
}

export interface Outcome {
  httpP99: string;
  socketP99: string;
  errors: number;
}

export function printProgress(s: Sample): void {
  const rate = (a: number, b: number) => ((a - b) / s.window).toFixed(0);
  console.log(
    `${s.at.toFixed(0).padStart(5)} s  held ${s.report.noticeHeld} notice + ${s.report.machineHeld} machine  ` +
      `http ${rate(s.report.httpRequests, s.previous.httpRequests)}/s  acks ${rate(s.report.socketAcks, s.previous.socketAcks)}/s  ` +
      `pushes ${rate(s.report.pushesReceived, s.previous.pushesReceived)}/s  errors ${errorTotal(s.report)}  ` +
      `cpu server ${s.serverCores.toFixed(2)} gen ${s.generatorCores.toFixed(2)} box ${s.boxCores.toFixed(2)} cores  rss ${s.serverRssMiB.toFixed(0)} MiB`,
  );
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);

export function printFinal(final: WorkerReport, f: RunFigures): Outcome {
  const s = f.samples;
  const secs = f.seconds;
  const errors = errorTotal(final);
  console.log('');
  console.log(
    `players held: ${final.noticeHeld} of ${f.players} /notice, ${final.machineHeld} /machine (at the end of the run)`,
  );
  console.log(`HTTP: ${(final.httpRequests / secs).toFixed(0)} requests/s, ${summary(final.http)}`);
  console.log(
    `socket acks: ${(final.socketAcks / secs).toFixed(0)} events/s, ${summary(final.socket)}`,
  );
  for (const [kind, h] of Object.entries(final.byKind).sort()) {
    console.log(`  ${kind.padEnd(30)} ${summary(h)}`);
  }
  console.log(
    `pushes received: ${(final.pushesReceived / secs).toFixed(0)}/s (${Object.entries(final.pushes)
      .map(([k, v]) => `${k} ${(v / secs).toFixed(0)}/s`)
      .join(', ')}); status push delay (action sent → each watcher has it): ${summary(final.push)}`,
  );
  console.log(
    `server: cpu mean ${mean(s.map((x) => x.serverCores)).toFixed(2)} / max ${max(s.map((x) => x.serverCores)).toFixed(2)} cores, rss max ${max(s.map((x) => x.serverRssMiB)).toFixed(0)} MiB`,
  );
  if (f.loop.length) {
    console.log(
      `server event loop delay: p50 mean ${mean(f.loop.map((l) => l.p50)).toFixed(1)} ms, p99 mean ${mean(f.loop.map((l) => l.p99)).toFixed(1)} ms, max ${max(f.loop.map((l) => l.max)).toFixed(0)} ms`,
    );
  }
  const gen = mean(s.map((x) => x.generatorCores));
  const box = mean(s.map((x) => x.boxCores));
  console.log(
    `load generator: cpu mean ${gen.toFixed(2)} cores = ${((gen / Math.max(box, 1e-9)) * 100).toFixed(0)} % of the box's busy CPU (box mean ${box.toFixed(2)} of its cores busy, PostgreSQL and other processes included)`,
  );
  const notes = Object.entries(final.notes);
  if (notes.length)
    console.log(`expected, not errors: ${notes.map(([k, v]) => `${k} × ${v}`).join(', ')}`);
  console.log(`errors: ${errors}`);
  for (const [k, v] of Object.entries(final.errors)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)) {
    console.log(`  ${v} × ${k}`);
  }
  return {
    httpP99: count(final.http) ? fmt(quantile(final.http, 0.99)) : '-',
    socketP99: count(final.socket) ? fmt(quantile(final.socket, 0.99)) : '-',
    errors,
  };
}
