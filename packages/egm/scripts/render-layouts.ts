// Renders each layout to /tmp/screens: `npx tsx packages/egm/scripts/render-layouts.ts` from the
// repository root. Landscape and portrait at rest, showing a win, and in attract mode, for every
// look with a machine title of the default floor (`-- --look royale` for one look).
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { ATTRACT_AFTER_MS } from '../src/attract';
import {
  classicGame,
  createScreen,
  Egm,
  evaluate,
  type GameDefinition,
  gemGame,
  videoGame,
} from '../src/index';
import type { ScreenLayout } from '../src/layout';

const dir = '/tmp/screens';
mkdirSync(dir, { recursive: true });

function png(rgba: Uint8ClampedArray, width: number, height: number, name: string): void {
  const canvas = createCanvas(width, height);
  canvas
    .getContext('2d')
    .putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  writeFileSync(`${dir}/${name}.png`, canvas.toBuffer('image/png'));
  console.log('wrote', `${dir}/${name}.png`);
}

/** Stops of a win on several lines, from a sample of the cycle. */
function winningStops(game: GameDefinition): number[] {
  let best = { stops: game.reels.map(() => 0), lines: -1 };
  for (let n = 0; n < 20_000; n++) {
    const stops = game.reels.map((s, r) => (n * (7 + r * 13) + r * n * n) % s.length);
    const lines = evaluate(game, stops, game.betLevels[0]!).lines.length;
    if (lines > best.lines) best = { stops, lines };
  }
  return best.stops;
}

/** Each look on a machine of the default floor that wears it. */
const samples: [look: string, game: GameDefinition, title: string][] = [
  ['golden', classicGame, 'Golden Sevens'],
  ['cherry', classicGame, 'Lucky Cherries'],
  ['royale', classicGame, 'Bar Royale'],
  ['bells', classicGame, 'Book of Bells'],
  ['lemon', classicGame, 'Lemon Rush'],
  ['diamond', classicGame, 'Triple Diamond'],
  ['inferno', classicGame, 'Wild Sevens'],
  ['pharaoh', classicGame, 'Cleopatra Classic'],
  ['fiesta', videoGame, 'Fruit Fiesta'],
  ['orchard', videoGame, 'Melon Mania'],
  ['starlight', videoGame, 'Shining Stars'],
  ['jewels', gemGame, 'Crown Jewels'],
  ['ruby', gemGame, 'Ruby Palace'],
];
const { values } = parseArgs({ options: { look: { type: 'string' } } });

for (const [look, game, title] of samples.filter(([l]) => !values.look || l === values.look)) {
  for (const layout of ['landscape', 'portrait'] as ScreenLayout[]) {
    let clock = 1_000_000;
    const queue = [...winningStops(game)];
    const egm = new Egm({
      game,
      now: () => clock,
      rng: (max) => (queue.length ? queue.shift()! : Math.floor(max / 2)),
    });
    const screen = createScreen(egm, { look, title });
    screen.setLayout(layout);
    let frame = 0;
    const run = (ms: number) => {
      for (let t = 0; t < ms; t += 33) {
        clock += 33;
        egm.tick();
        screen.renderFrame(clock, frame++);
      }
    };
    const shot = (name: string) =>
      png(screen.render(clock, frame++), screen.width, screen.height, `${look}-${layout}-${name}`);
    run(100);
    egm.transferIn(10_000);
    run(100);
    shot('idle');
    egm.press('spin');
    run(1700);
    shot('win');
    run(ATTRACT_AFTER_MS + 500);
    shot('attract');
    run(3000);
    shot('attract-pay');
  }
}
