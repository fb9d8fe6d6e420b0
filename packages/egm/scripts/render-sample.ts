// Renders sample frames to /tmp and times render(): `npx tsx packages/egm/scripts/render-sample.ts`
// from the repository root. Writes /tmp/egm-idle.png, /tmp/egm-spin.png, /tmp/egm-win.png and
// /tmp/egm-win-line.png.
import { writeFileSync } from 'node:fs';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import {
  classicGame,
  createScreen,
  Egm,
  evaluate,
  type GameDefinition,
  readFrameStamp,
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

let clock = 1_000_000;
const queue = [...showyStops(classicGame)];
const egm = new Egm({
  game: classicGame,
  now: () => clock,
  rng: (max) => (queue.length ? queue.shift()! : Math.floor(max / 2)),
});
const screen = createScreen(egm);
const { width, height } = screen;
let frame = 0;
const shot = (path: string) => {
  const rgba = screen.render(clock, frame++);
  console.log(path, 'stamp', readFrameStamp(rgba, width, height));
  png(rgba, width, height, path);
};

egm.transferIn(100_000);
egm.press('bet+');
egm.press('bet+');
egm.press('bet+'); // 1.00
shot('/tmp/egm-idle.png');
egm.press('spin');
clock += 650; // reel 1 landing, others still running
shot('/tmp/egm-spin.png');
clock += 700;
egm.tick();
clock += 200;
shot('/tmp/egm-win.png');
clock += 2500;
shot('/tmp/egm-win-line.png');

// Timing: 300 frames spread over idle, spinning and win presentation (autoplay on).
egm.press('auto');
const times: number[] = [];
for (let i = 0; i < 300; i++) {
  clock += 33;
  egm.tick();
  const t0 = performance.now();
  screen.render(clock, frame++);
  times.push(performance.now() - t0);
}
times.sort((x, y) => x - y);
const mean = times.reduce((x, y) => x + y, 0) / times.length;
console.log(
  `render(): mean ${mean.toFixed(2)} ms, median ${times[150]!.toFixed(2)} ms, p95 ${times[285]!.toFixed(2)} ms over 300 frames`,
);
