// What bench:load prints: a progress line every 10 s and the summary at the end. With several
// server instances the server's CPU and memory are their sum, and each instance's follows.
import type { LoopDelay } from './server-child';
import {
  count,
  errorTotal,
  fmt,
  GENERATOR_NICE,
  type Histogram,
  newHistogram,
  quantile,
  SAMPLE_EVERY,
  summary,
  type WorkerReport,
} from './stats';

/** One instance's share of a sample. */
export interface InstanceSample {
  cores: number;
  rssMiB: number;
}

export interface Sample {
  /** seconds into the measured run */
  at: number;
  /** seconds since the previous sample */
  window: number;
  /** summed over the instances */
  serverCores: number;
  generatorCores: number;
  /** the floor's agent process (its machines' games and screens), when it has one */
  agentCores: number | null;
  /** the whole box (all processes, PostgreSQL and other engineers' work included) */
  boxCores: number;
  /** summed over the instances */
  serverRssMiB: number;
  /** each instance's, in start order */
  instances: InstanceSample[];
  report: WorkerReport;
  previous: WorkerReport;
}

export interface RunFigures {
  players: number;
  seconds: number;
  samples: Sample[];
  /** each instance's event-loop delay lines during the run, in start order */
  loops: LoopDelay[][];
}

export interface Outcome {
  httpP99: string;
  socketP99: string;
  errors: number;
  /** the run's final figures and the server's mean CPU (summed): absent when the run failed */
  final?: WorkerReport;
  serverCores?: number;
  serverRssMiB?: number;
}

/** ` (a 0.12 cores 220 MiB, b …)` with more than one instance; nothing with one. */
function perInstance(xs: InstanceSample[]): string {
  if (xs.length < 2) return '';
  const each = xs.map((x, i) => `#${i + 1} ${x.cores.toFixed(2)} cores ${x.rssMiB.toFixed(0)} MiB`);
  return ` (${each.join(', ')})`;
}

/** The p99 of what `now` holds beyond `before` (the window's own answers), in ms. */
function windowP99(now: Histogram, before: Histogram): string {
  const diff = newHistogram();
  for (let i = 0; i < diff.length; i++) diff[i] = (now[i] ?? 0) - (before[i] ?? 0);
  return fmt(quantile(diff, 0.99));
}

export function printProgress(s: Sample): void {
  const rate = (a: number, b: number) => ((a - b) / s.window).toFixed(0);
  console.log(
    `${s.at.toFixed(0).padStart(5)} s  held ${s.report.noticeHeld} notice + ${s.report.machineHeld} machine  ` +
      `http ${rate(s.report.httpRequests, s.previous.httpRequests)}/s p99 ${windowP99(s.report.http, s.previous.http)} ms  acks ${rate(s.report.socketAcks, s.previous.socketAcks)}/s  ` +
      `pushes ${rate(s.report.pushesReceived, s.previous.pushesReceived)}/s  errors ${errorTotal(s.report)}  ` +
      `cpu server ${s.serverCores.toFixed(2)}${s.agentCores === null ? '' : ` agent ${s.agentCores.toFixed(2)}`} gen ${s.generatorCores.toFixed(2)} box ${s.boxCores.toFixed(2)} cores  rss ${s.serverRssMiB.toFixed(0)} MiB${perInstance(s.instances)}`,
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
      .join(
        ', ',
      )}); status push delay (action sent → each sampled watcher has it, 1 in ${SAMPLE_EVERY}): ${summary(final.push)}`,
  );
  printServer(f);
  const agent = s.map((x) => x.agentCores).filter((c): c is number => c !== null);
  if (agent.length) {
    console.log(
      `floor agent (the machines' games and screens, as npm start runs them): cpu mean ${mean(agent).toFixed(2)} cores`,
    );
  }
  const gen = mean(s.map((x) => x.generatorCores));
  const box = mean(s.map((x) => x.boxCores));
  console.log(
    `load generator (nice ${GENERATOR_NICE}): cpu mean ${gen.toFixed(2)} cores = ${((gen / Math.max(box, 1e-9)) * 100).toFixed(0)} % of the box's busy CPU (box mean ${box.toFixed(2)} of its cores busy, PostgreSQL and other processes included); its workers' event loop delay ${summary(final.loop)}, within every figure above`,
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
    final,
    serverCores: mean(s.map((x) => x.serverCores)),
    serverRssMiB: max(s.map((x) => x.serverRssMiB)),
  };
}

const loopDelay = (loop: LoopDelay[]) =>
  `p50 mean ${mean(loop.map((l) => l.p50)).toFixed(1)} ms, p99 mean ${mean(loop.map((l) => l.p99)).toFixed(1)} ms, max ${max(loop.map((l) => l.max)).toFixed(0)} ms; heap in use ${loop[0]!.heapMiB} → ${loop.at(-1)!.heapMiB} MiB (max ${max(loop.map((l) => l.heapMiB))})`;

/** Headers parsed to last byte written, per 5 s line: what of the HTTP figure is the server's. */
const ownTime = (loop: LoopDelay[]) =>
  `p50 mean ${mean(loop.map((l) => l.http.p50)).toFixed(1)} ms, p99 mean ${mean(loop.map((l) => l.http.p99)).toFixed(1)} ms (worst 5 s: ${max(loop.map((l) => l.http.p99)).toFixed(0)}), max ${max(loop.map((l) => l.http.max)).toFixed(0)} ms`;

/** Major collections, their pauses, and the minor ones' share of the run. */
function collections(loop: LoopDelay[]): string {
  const majors = loop.filter((l) => l.gc.major > 0);
  const share = (ms: number) => `${((ms / (loop.length * 5000)) * 100).toFixed(1)} %`;
  const minorMs = loop.reduce((a, l) => a + l.gc.minorMs, 0);
  const stepsMs = loop.reduce((a, l) => a + l.gc.incrementalMs, 0);
  return `${loop.reduce((a, l) => a + l.gc.major, 0)} major, longest pause ${max(majors.map((l) => l.gc.majorMaxMs)).toFixed(0)} ms (the median 5 s line with one: ${median(majors.map((l) => l.gc.majorMaxMs)).toFixed(0)} ms); minor pauses ${share(minorMs)} of the time, incremental marking steps ${share(stepsMs)} (most in one 5 s line: ${max(loop.map((l) => l.gc.incrementalMs)).toFixed(0)} ms)`;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};

/** The server's CPU, memory and event loop: summed and then each instance's when several. */
function printServer(f: RunFigures): void {
  const s = f.samples;
  const several = f.loops.length > 1;
  console.log(
    `server${several ? ` (${f.loops.length} instances, summed)` : ''}: cpu mean ${mean(s.map((x) => x.serverCores)).toFixed(2)} / max ${max(s.map((x) => x.serverCores)).toFixed(2)} cores, rss max ${max(s.map((x) => x.serverRssMiB)).toFixed(0)} MiB`,
  );
  if (!several) {
    const loop = f.loops[0] ?? [];
    if (loop.length) console.log(`server event loop delay: ${loopDelay(loop)}`);
    if (loop.length) console.log(`server's own time over HTTP answers: ${ownTime(loop)}`);
    if (loop.length) console.log(`server's garbage collections: ${collections(loop)}`);
    return;
  }
  f.loops.forEach((loop, i) => {
    const mine = s.map((x) => x.instances[i] ?? { cores: Number.NaN, rssMiB: Number.NaN });
    console.log(
      `  #${i + 1}: cpu mean ${mean(mine.map((x) => x.cores)).toFixed(2)} / max ${max(mine.map((x) => x.cores)).toFixed(2)} cores, rss max ${max(mine.map((x) => x.rssMiB)).toFixed(0)} MiB; event loop delay ${loop.length ? loopDelay(loop) : '-'}`,
    );
  });
}
