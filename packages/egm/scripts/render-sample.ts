// Renders sample frames to /tmp and times the screen: `npx tsx packages/egm/scripts/render-sample.ts`
// from the repository root. For each game writes /tmp/egm-<game>-idle.png, -spin, -win, -win-line,
// -handpay and -door.png, then prints render times (mean, median, p95 over frames at 30 fps) of a
// machine at rest, one playing autoplay games, and one at rest showing a win, with renderFrame()
// (what the server should call) and render() (which copies the frame), for each game.
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
  seededRng,
  videoGame,
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
  const lengths = game.reels.map((s) => s.length);
  const cycle = lengths.reduce((a, b) => a * b, 1);
  const random = seededRng(3);
  let best = { stops: lengths.map(() => 0), lines: -1, win: -1 };
  // Every combination of a small game, a sample of a big one.
  for (let n = 0; n < Math.min(cycle, 200_000); n++) {
    let k = n;
    const stops =
      cycle <= 200_000
        ? lengths.map((len) => {
            const stop = k % len;
            k = Math.floor(k / len);
            return stop;
          })
        : lengths.map((len) => random(len));
    const o = evaluate(game, stops, game.betLevels[0]!);
    const lines = o.lines.length + (o.scatter ? 1 : 0);
    if (lines > best.lines || (lines === best.lines && o.win > best.win))
      best = { stops, lines, win: o.win };
  }
  return best.stops;
}

function machine(rng: Rng, game: GameDefinition = classicGame, handPayLimit?: number) {
  const m = {
    clock: 1_000_000,
    frame: 0,
    egm: null as unknown as Egm,
    screen: null as unknown as Screen,
  };
  m.egm = new Egm({ game, now: () => m.clock, rng, handPayLimit });
  m.screen = createScreen(m.egm);
  m.egm.transferIn(100_000);
  for (let i = 0; i < 3; i++) m.egm.press('bet+');
  return m;
}

// Sample frames.
for (const game of [classicGame, videoGame]) {
  const queue = [...showyStops(game)];
  const m = machine((max) => (queue.length ? queue.shift()! : Math.floor(max / 2)), game, 50_000);
  const { width, height } = m.screen;
  const shot = (name: string) => {
    const path = `/tmp/egm-${game.id}-${name}.png`;
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
  shot('idle');
  m.egm.press('spin');
  run(650); // reel 1 landing, others still running
  shot('spin');
  run(750);
  shot('win');
  run(2500);
  shot('win-line');
  m.egm.awardProgressive(123_456, 'grand');
  run(100);
  shot('handpay');
  m.egm.resetHandPay();
  m.egm.setDoor(true);
  run(100);
  shot('door');
  m.egm.setDoor(false);
}

// Timing: each scenario is run for each way of getting frames, in turn, a few times over (this
// machine's speed drifts; interleaving keeps the comparison fair).
type Api = 'renderFrame' | 'render';
interface Scenario {
  label: string;
  make: () => ReturnType<typeof machine>;
}
const scenarios: Scenario[] = [classicGame, videoGame].flatMap((game) => [
  { label: `${game.id} idle`, make: () => machine(seededRng(1), game) },
  {
    label: `${game.id} autoplay`,
    make: () => {
      const m = machine(seededRng(7), game);
      m.egm.press('auto');
      return m;
    },
  },
  {
    label: `${game.id} showing a win`,
    make: () => {
      const queue = [...showyStops(game)];
      const m = machine(() => queue.shift() ?? 0, game);
      m.egm.press('spin');
      m.clock += m.egm.spinDurationMs;
      m.egm.tick();
      return m;
    },
  },
]);

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
      `${s.label.padEnd(28)} ${`${api}()`.padEnd(14)} mean ${mean.toFixed(3)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms` +
        (api === 'renderFrame' ? `; ${Math.round((changed / n) * 100)}% of frames changed` : ''),
    );
  }
}
