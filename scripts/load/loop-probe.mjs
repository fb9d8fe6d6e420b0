// Preloaded into the server child by bench:load (`--import`): every 5 s it writes to stderr one
// `LOOP {...}` line with the event loop's delay (p50/p99/max in ms since the last line), the
// JavaScript heap in use (MiB), how long the server took over its HTTP answers in that time (from
// the request's headers parsed to the response's last byte handed to the kernel: p50/p99/max ms)
// and its garbage collections' pauses, so the bench can say whether the time went to a busy loop,
// to the server's own work, to the collector or outside it, and whether memory keeps growing.
// Nothing of the server's own code changes: the HTTP times come from node:http's diagnostics
// channels, the pauses from perf_hooks.
import { subscribe } from 'node:diagnostics_channel';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;

const started = new WeakMap();
let answers = [];
subscribe('http.server.request.start', ({ request }) => started.set(request, performance.now()));
subscribe('http.server.response.finish', ({ request }) => {
  const t = started.get(request);
  if (t !== undefined) answers.push(performance.now() - t);
});
// Garbage collections in the same 5 s: the major ones' count and longest pause, the minor ones'
// and the incremental marking steps' summed pauses (ms).
let gc = { major: 0, majorMaxMs: 0, minorMs: 0, incrementalMs: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.majorMaxMs = Math.max(gc.majorMaxMs, e.duration);
    } else if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minorMs += e.duration;
    else if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL)
      gc.incrementalMs += e.duration;
  }
}).observe({ entryTypes: ['gc'] });
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (x) => Math.round(x * 10) / 10;

setInterval(() => {
  const sorted = answers.sort((a, b) => a - b);
  answers = [];
  const http = {
    n: sorted.length,
    p50: round(at(sorted, 0.5)),
    p99: round(at(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
  const heapMiB = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  const gcLine = {
    major: gc.major,
    majorMaxMs: round(gc.majorMaxMs),
    minorMs: round(gc.minorMs),
    incrementalMs: round(gc.incrementalMs),
  };
  gc = { major: 0, majorMaxMs: 0, minorMs: 0, incrementalMs: 0 };
  process.stderr.write(
    `LOOP ${JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), heapMiB, http, gc: gcLine })}\n`,
  );
  h.reset();
}, 5000).unref();
