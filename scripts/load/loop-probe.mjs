// Preloaded into the server child by bench:load (`--import`): every 5 s it writes the event
// loop's delay (p50/p99/max in ms since the last line) to stderr as one `LOOP {...}` line, so the
// bench can say whether the time went to a busy loop. Nothing of the server's own code changes.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;
setInterval(() => {
  process.stderr.write(
    `LOOP ${JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) })}\n`,
  );
  h.reset();
}, 5000).unref();
