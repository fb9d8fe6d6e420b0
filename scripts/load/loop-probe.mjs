// Preloaded into the server child by bench:load (`--import`): every 5 s it writes to stderr one
// `LOOP {...}` line with the event loop's delay (p50/p99/max in ms since the last line), the
// JavaScript heap in use (MiB), and how long the server took over its HTTP answers in that time
// (from the request's headers parsed to the response's last byte handed to the kernel: p50/p99/
// max ms), so the bench can say whether the time went to a busy loop, to the server's own work,
// or outside it, and whether memory keeps growing. Nothing of the server's own code changes: the
// HTTP times come from node:http's diagnostics channels.
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';

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
  process.stderr.write(
    `LOOP ${JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), heapMiB, http })}\n`,
  );
  h.reset();
}, 5000).unref();
