import { describe, expect, it } from 'vitest';
import { ATTRACT_AFTER_MS, ATTRACT_STEP_MS } from './attract';
import { Egm } from './egm';
import { classicGame, gemGame, videoGame } from './games';
import { layoutGeometry, type ScreenLayout, screenLayouts } from './layout';
import { defaultLookOf, lookFor, looks } from './looks';
import { createScreen } from './screen';
import { twins } from './screen-twins.testkit';

/** The title plate's pixels of a machine at rest. */
function plate(
  look: string,
  title: string,
  game = classicGame,
  layout: ScreenLayout = 'landscape',
) {
  const egm = new Egm({ game, now: () => 1000, rng: () => 3 });
  const screen = createScreen(egm, { look, title, stamp: false });
  screen.setLayout(layout);
  const rgba = screen.render(1000, 0);
  const r = layoutGeometry[layout].title;
  const rows: number[] = [];
  for (let y = r.y; y < r.y + r.h; y += 2) {
    const at = (y * screen.width + r.x) * 4;
    rows.push(...rgba.subarray(at, at + r.w * 4));
  }
  return Buffer.from(rows).toString('base64');
}

describe('looks', () => {
  it('are each a different picture, with the machine’s own name on the plate', () => {
    const seen = new Set(Object.keys(looks).map((id) => plate(id, 'Same Name')));
    expect(seen.size).toBe(Object.keys(looks).length);
    expect(plate('golden', 'Lucky Cherries')).not.toBe(plate('golden', 'Golden Sevens'));
  });

  it('give each game its own look when none is named, and refuse an unknown one', () => {
    expect(defaultLookOf(classicGame.id).id).toBe('golden');
    expect(defaultLookOf(videoGame.id).id).toBe('fiesta');
    expect(defaultLookOf(gemGame.id).id).toBe('jewels');
    expect(lookFor(undefined, 'classic').id).toBe('golden');
    expect(() => lookFor('toString', 'classic')).toThrow(/no look toString/);
    expect(() => createScreen(new Egm({ game: classicGame }), { look: 'neon' })).toThrow(/neon/);
  });

  it('fit a long machine name on the plate in both layouts', () => {
    for (const layout of screenLayouts)
      expect(
        plate('royale', 'The Longest Machine Name Anyone Put On A Floor', classicGame, layout),
      ).toBeTruthy();
  });

  it('draw exactly what a full redraw draws, in every look and both layouts', {
    timeout: 60_000,
  }, () => {
    const fiveReel = new Set(['fiesta', 'orchard', 'starlight', 'jewels', 'ruby']);
    for (const look of Object.keys(looks)) {
      const game = fiveReel.has(look) ? (look === 'jewels' ? gemGame : videoGame) : classicGame;
      const { egm, screen, step } = twins(
        { look, title: `${look} machine` },
        { game, queue: game === classicGame ? undefined : [13, 2, 0, 4, 4] },
      );
      for (const layout of screenLayouts) {
        screen.setLayout(layout);
        egm.transferIn(1000);
        egm.press('spin');
        for (let i = 0; i < 30; i++) step(); // spinning, then the win
        step(1300); // a line of it in turn
        for (let t = 0; t < ATTRACT_AFTER_MS; t += 5000) step(5000);
        for (let i = 0; i < 5; i++) step(ATTRACT_STEP_MS); // the title pulsing, the panel
        egm.setDoor(true);
        step();
        egm.setDoor(false);
        step();
      }
    }
  });
});
