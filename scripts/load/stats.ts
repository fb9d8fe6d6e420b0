// Latency histograms that merge across worker threads: 0.1 ms steps up to 100 ms, then 1 ms
// steps up to 60 s. A 10-minute run at 10,000 players receives millions of pushes; a histogram
// keeps that to a fixed 62,000 counters whatever the run's length.
const FINE_LIMIT_MS = 100;
const FINE_BUCKETS = FINE_LIMIT_MS * 10;
const COARSE_BUCKETS = 60_000;
export const HISTOGRAM_SIZE = FINE_BUCKETS + COARSE_BUCKETS;

export type Histogram = Uint32Array;

export const newHistogram = (): Histogram => new Uint32Array(HISTOGRAM_SIZE);

export function record(h: Histogram, ms: number): void {
  const v = Math.max(0, ms);
  const i =
    v < FINE_LIMIT_MS
      ? Math.floor(v * 10)
      : Math.min(HISTOGRAM_SIZE - 1, FINE_BUCKETS + Math.floor(v - FINE_LIMIT_MS));
  h[i] = (h[i] ?? 0) + 1;
}

/** The bucket's upper edge in ms. */
const bucketMs = (i: number) =>
  i < FINE_BUCKETS ? (i + 1) / 10 : FINE_LIMIT_MS + i - FINE_BUCKETS + 1;

export function merge(into: Histogram, from: Histogram): void {
  for (let i = 0; i < HISTOGRAM_SIZE; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
}

export function count(h: Histogram): number {
  let n = 0;
  for (let i = 0; i < HISTOGRAM_SIZE; i++) n += h[i] ?? 0;
  return n;
}

/** The q-quantile (0..1) in ms, as the upper edge of its bucket; NaN when empty. */
export function quantile(h: Histogram, q: number): number {
  const total = count(h);
  if (total === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < HISTOGRAM_SIZE; i++) {
    seen += h[i] ?? 0;
    if (seen >= rank) return bucketMs(i);
  }
  return bucketMs(HISTOGRAM_SIZE - 1);
}

export const fmt = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0);

export const summary = (h: Histogram) =>
  `p50 ${fmt(quantile(h, 0.5))} / p95 ${fmt(quantile(h, 0.95))} / p99 ${fmt(quantile(h, 0.99))} ms (${count(h)})`;

/**
 * One player in SAMPLE_EVERY (each sampled watcher) decodes its lobby-updates, for the status push
 * delay: about 1,200 watchers at 10,000 players, 250 at 2,000. Every other watcher receives and
 * counts each push by its event's name; decoding all ten thousand watchers' pushes was most of
 * the generator's CPU, taken from the server it measures.
 */
export const SAMPLE_EVERY = 8;

/** The load workers' nice value: where the box's cores are short, the server goes first. */
export const GENERATOR_NICE = 10;

/** What a worker reports: counters and histograms, summed across workers by the main thread. */
export interface WorkerReport {
  noticeHeld: number;
  machineHeld: number;
  httpRequests: number;
  socketAcks: number;
  pushesReceived: number;
  /** pushes received by event (machine, jackpot, balance) */
  pushes: Record<string, number>;
  /** every error, by kind: "http 500 /player/transactions", "ack 40901 transfer", … */
  errors: Record<string, number>;
  /** refusals the bench expects and does not count as errors (70000: it never answers video) */
  notes: Record<string, number>;
  http: Histogram;
  socket: Histogram;
  /** action sent → each sampled watcher has the status pushed (one player in SAMPLE_EVERY) */
  push: Histogram;
  /**
   * How late the worker's own 10 ms timer fired: the generator's event loop delay, which every
   * figure it times includes (a busy generator would show as a slow server).
   */
  loop: Histogram;
  /** socket acks by event and HTTP answers by route, to say where the time goes */
  byKind: Record<string, Histogram>;
}

export function emptyReport(): WorkerReport {
  return {
    noticeHeld: 0,
    machineHeld: 0,
    httpRequests: 0,
    socketAcks: 0,
    pushesReceived: 0,
    pushes: {},
    errors: {},
    notes: {},
    http: newHistogram(),
    socket: newHistogram(),
    push: newHistogram(),
    loop: newHistogram(),
    byKind: {},
  };
}

export function addReport(into: WorkerReport, r: WorkerReport): void {
  into.noticeHeld += r.noticeHeld;
  into.machineHeld += r.machineHeld;
  into.httpRequests += r.httpRequests;
  into.socketAcks += r.socketAcks;
  into.pushesReceived += r.pushesReceived;
  for (const [k, v] of Object.entries(r.pushes)) into.pushes[k] = (into.pushes[k] ?? 0) + v;
  for (const [k, v] of Object.entries(r.errors)) into.errors[k] = (into.errors[k] ?? 0) + v;
  for (const [k, v] of Object.entries(r.notes)) into.notes[k] = (into.notes[k] ?? 0) + v;
  merge(into.http, r.http);
  merge(into.socket, r.socket);
  merge(into.push, r.push);
  merge(into.loop, r.loop);
  for (const [k, h] of Object.entries(r.byKind)) merge(kindOf(into, k), h);
}

/** Records into the kind's own histogram as well as the overall one. */
export function recordKind(r: WorkerReport, overall: Histogram, kind: string, ms: number): void {
  record(overall, ms);
  record(kindOf(r, kind), ms);
}

function kindOf(r: WorkerReport, kind: string): Histogram {
  const h = r.byKind[kind] ?? newHistogram();
  r.byKind[kind] = h;
  return h;
}

export const errorTotal = (r: WorkerReport) => Object.values(r.errors).reduce((a, b) => a + b, 0);
