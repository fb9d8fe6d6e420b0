// Renders sample frames to /tmp and times the screen: `npx tsx packages/egm/scripts/render-sample.ts`
// from the repository root. Writes /tmp/egm-idle.png, /tmp/egm-spin.png, /tmp/egm-win.png and
// /tmp/egm-win-line.png, then prints render times (mean, median, p95 over frames at 30 fps) of a
// machine at rest, one playing autoplay games, and one at rest showing a win, with renderFrame()
// (what the server should call) and render() (which copies the frame).
import { writeFileSync } from 'node:fs';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import {
  classicGame,
  createScreen,
  Egm,
  evaluate,
  type GameDefinition,
  type Rng,
  readFrameStamp,
  type Screen,
} from '../src/index';

function png(rgba: Uint8ClampedArray, width: number, height: number, path: string): void {
  const canvas = createCanvas(width, height);
  canvas
    .getContext('2d')
    .putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  writeFileSync(path, canvas.toBuffer('image/png'));
  console.log('wrote', path);
}

/** The stops with the most winning lines (then the biggest win): a showy result. */
function showyStops(game: GameDefinition): number[] {
  let best = { stops: [0, 0, 0], lines: -1, win: -1 };
  const [a, b, c] = game.reels.map((s) => s.length) as [number, number, number];
  for (let i = 0; i < a; i++)
    for (let j = 0; j < b; j++)
      for (let k = 0; k < c; k++) {
        const o = evaluate(game, [i, j, k], 100);
        if (o.lines.length > best.lines || (o.lines.length === best.lines && o.win > best.win))
          best = { stops: [i, j, k], lines: o.lines.length, win: o.win };
      }
  return best.stops;
}

/** A seeded generator (mulberry32), so the timed autoplay games are the same every run. */
function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * max);
  };
}

function machine(rng: Rng) {
  const m = {
    clock: 1_000_000,
    frame: 0,
    egm: null as unknown as Egm,
    screen: null as unknown as Screen,
  };
  m.egm = new Egm({ game: classicGame, now: () => m.clock, rng });
  m.screen = createScreen(m.egm);
  m.egm.transferIn(100_000);
  for (let i = 0; i < 3; i++) m.egm.press('bet+'); // 1.00
  return m;
}

// Sample frames.
{
  const queue = [...showyStops(classicGame)];
  const m = machine((max) => (queue.length ? queue.shift()! : Math.floor(max / 2)));
  const { width, height } = m.screen;
  const shot = (path: string) => {
    const rgba = m.screen.render(m.clock, m.frame++);
    console.log(path, 'stamp', readFrameStamp(rgba, width, height));
    png(rgba, width, height, path);
  };
  // Frames every 33 ms, as the server draws them, so the pictures come from redrawn regions.
  const run = (ms: number) => {
    for (let end = m.clock + ms; m.clock < end; ) {
      m.clock += 33;
      m.egm.tick();
      m.screen.renderFrame(m.clock, m.frame++);
    }
  };
  shot('/tmp/egm-idle.png');
  m.egm.press('spin');
  run(650); // reel 1 landing, others still running
  shot('/tmp/egm-spin.png');
  run(750);
  shot('/tmp/egm-win.png');
  run(2500);
  shot('/tmp/egm-win-line.png');
}

// Timing: each scenario is run for each way of getting frames, in turn, a few times over (this
// machine's speed drifts; interleaving keeps the comparison fair).
type Api = 'renderFrame' | 'render';
interface Scenario {
  label: string;
  make: () => ReturnType<typeof machine>;
}
const scenarios: Scenario[] = [
  { label: 'idle', make: () => machine(seeded(1)) },
  {
    label: 'autoplay',
    make: () => {
      const m = machine(seeded(7));
      m.egm.press('auto');
      return m;
    },
  },
  {
    label: 'at rest showing a win',
    make: () => {
      const queue = [...showyStops(classicGame)];
      const m = machine(() => queue.shift() ?? 0);
      m.egm.press('spin');
      m.clock += m.egm.spinDurationMs;
      m.egm.tick();
      return m;
    },
  },
];

/** 300 frames at 30 fps after 30 to warm up (the first frame is drawn whole). */
function run(s: Scenario, api: Api): { times: number[]; changed: number } {
  const m = s.make();
  const times: number[] = [];
  let changed = 0;
  for (let i = 0; i < 330; i++) {
    m.clock += 33;
    m.egm.tick();
    const t0 = performance.now();
    let c = true;
    if (api === 'renderFrame') c = m.screen.renderFrame(m.clock, m.frame++).changed;
    else m.screen.render(m.clock, m.frame++);
    if (i < 30) continue;
    times.push(performance.now() - t0);
    if (c) changed++;
  }
  return { times, changed };
}

const ROUNDS = 3;
const apis: Api[] = ['renderFrame', 'render'];
console.log(`render times, ${ROUNDS} runs of 300 frames at 30 fps each:`);
for (const s of scenarios) {
  const all = new Map<Api, { times: number[]; changed: number }>(
    apis.map((a) => [a, { times: [], changed: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round++)
    for (const api of apis) {
      const r = run(s, api);
      all.get(api)!.times.push(...r.times);
      all.get(api)!.changed += r.changed;
    }
  for (const [api, { times, changed }] of all) {
    times.sort((x, y) => x - y);
    const n = times.length;
    const mean = times.reduce((x, y) => x + y, 0) / n;
    const at = (q: number) => times[Math.floor(q * n)]!.toFixed(3);
    console.log(
      `${s.label.padEnd(22)} ${`${api}()`.padEnd(14)} mean ${mean.toFixed(3)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms` +
        (api === 'renderFrame' ? `; ${Math.round((changed / n) * 100)}% of frames changed` : ''),
    );
  }
}
