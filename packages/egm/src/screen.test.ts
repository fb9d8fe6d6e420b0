import { describe, expect, it } from 'vitest';
import { ATTRACT_AFTER_MS, ATTRACT_PAGE_MS, ATTRACT_STEP_MS } from './attract';
import { Egm } from './egm';
import { FRAME_STAMP, readFrameStamp } from './frame-stamp';
import { classicGame, videoGame } from './games';
import {
  type Button,
  buttonLayout,
  buttonLayoutOf,
  buttons,
  layoutGeometry,
  screenLayouts,
} from './layout';
import { reelMotion, reelStopTime } from './reel-motion';
import { createScreen } from './screen';
import { bytes, firstDifference, twins } from './screen-twins.testkit';

function setup() {
  let time = 50_000;
  const egm = new Egm({ game: classicGame, now: () => time, rng: () => 5 });
  const screen = createScreen(egm);
  return {
    egm,
    screen,
    at: (t: number) => {
      time = t;
    },
  };
}

describe('createScreen', () => {
  it('renders opaque 640×480 RGBA frames that carry their stamp', () => {
    const { screen } = setup();
    expect(screen).toMatchObject({ width: 640, height: 480 });
    const rgba = screen.render(1_763_800_000_500, 301);
    expect(rgba).toBeInstanceOf(Uint8ClampedArray);
    expect(rgba.length).toBe(640 * 480 * 4);
    for (let i = 3; i < rgba.length; i += 4 * 997) expect(rgba[i]).toBe(255);
    expect(readFrameStamp(rgba, 640, 480)).toEqual({
      timeMs: 1_763_800_000_500 % 2 ** 24,
      frame: 301 % 256,
    });
  });

  it('shows the reels moving while spinning and the result once they stop', () => {
    const { egm, screen, at } = setup();
    egm.transferIn(1000);
    const reelPixels = (rgba: Uint8ClampedArray) => {
      // A column through the middle reel.
      const out: number[] = [];
      for (let y = 60; y < 296; y++) out.push(rgba[(y * 640 + 320) * 4]!);
      return out.join(',');
    };
    egm.press('spin');
    at(50_400);
    const a = reelPixels(screen.render(1, 1));
    at(50_433);
    const b = reelPixels(screen.render(2, 2));
    expect(a).not.toBe(b);
    at(51_200);
    egm.tick();
    const done = reelPixels(screen.render(3, 3));
    // The same as a machine that has been resting on those stops all along (a losing display).
    const resting = new Egm({ game: classicGame, stops: [5, 5, 5], credits: 990 });
    expect(egm.state.win).toBe(0);
    expect(reelPixels(createScreen(resting).render(3, 3))).toBe(done);
  });

  it('lights the AUTO button when autoplay is on', () => {
    const { egm, screen } = setup();
    egm.transferIn(1000);
    const r = buttonLayout.auto;
    const sample = (rgba: Uint8ClampedArray) => {
      const x = Math.round((r.x + r.w * 0.2) * 640);
      const y = Math.round((r.y + r.h * 0.8) * 480);
      return Array.from(rgba.subarray((y * 640 + x) * 4, (y * 640 + x) * 4 + 3));
    };
    const off = sample(screen.render(0, 0));
    egm.press('auto');
    const on = sample(screen.render(0, 1));
    expect(on).not.toEqual(off);
  });
});

describe('button layout', () => {
  it.each(screenLayouts)(
    '%s: buttons are big enough to tap on video and keep clear of each other and the stamp',
    (layout) => {
      const { width, height } = layoutGeometry[layout];
      const px = (b: Button) => {
        const r = buttonLayoutOf(layout)[b];
        return { x: r.x * width, y: r.y * height, w: r.w * width, h: r.h * height };
      };
      for (const b of buttons) {
        const r = px(b);
        expect(r.h, b).toBeGreaterThanOrEqual(60);
        expect(r.x, b).toBeGreaterThanOrEqual(0);
        expect(r.x + r.w, b).toBeLessThanOrEqual(width);
        expect(r.y + r.h, b).toBeLessThanOrEqual(height - FRAME_STAMP.height);
        for (const o of buttons) {
          if (o === b) continue;
          const q = px(o);
          const overlap = r.x < q.x + q.w && q.x < r.x + r.w && r.y < q.y + q.h && q.y < r.y + r.h;
          expect(overlap, `${b}/${o}`).toBe(false);
        }
      }
      expect(px('spin').w * px('spin').h).toBeGreaterThan(
        Math.max(...buttons.filter((b) => b !== 'spin').map((b) => px(b).w * px(b).h)),
      );
    },
  );
});

describe('reel motion', () => {
  it('starts where the reels rested, stops left to right, and ends on the result', () => {
    const from = [3, 10, 20];
    const to = [7, 0, 15];
    const at = (t: number) => [0, 1, 2].map((r) => reelMotion(r, 3, 1200, t, from[r]!, to[r]!, 22));
    expect(at(0).map((m) => m.position)).toEqual(from);
    const stoppedAt = [0, 1, 2].map((r) => {
      for (let t = 0; t <= 1200; t += 10) if (at(t)[r]!.stopped) return t;
      return Number.POSITIVE_INFINITY;
    });
    expect(stoppedAt[0]).toBeLessThan(stoppedAt[1]!);
    expect(stoppedAt[1]).toBeLessThan(stoppedAt[2]!);
    expect(stoppedAt[2]).toBeLessThanOrEqual(1200);
    expect(at(1200).map((m) => m.position)).toEqual(to);
    expect(at(600).some((m) => m.speed > 6)).toBe(true);
    expect(reelStopTime(2, 3, 1200)).toBeLessThan(1200);
  });
});

// Each frame is drawn twice, once whole: slow on a busy machine.
describe('incremental rendering', { timeout: 60_000 }, () => {
  it('draws exactly what a full redraw draws, through games, wins and presses', () => {
    const { egm, screen, step, now, frame } = twins();
    /**
     * A screen created now draws its first frame whole (only while no win is shown: a new screen
     * starts the win presentation from its beginning).
     */
    let freshChecks = 0;
    const fresh = () => {
      expect(egm.state.spinning || !egm.lastOutcome?.lines.length).toBe(true);
      freshChecks++;
      const { rgba } = screen.renderFrame(now(), frame());
      const other = createScreen(egm).renderFrame(now(), frame()).rgba;
      expect(firstDifference(rgba, other, 640), `fresh screen at ${now()}`).toBeNull();
    };
    for (let i = 0; i < 5; i++) step(); // ADD CREDITS TO PLAY
    fresh();
    egm.transferIn(1000);
    for (let i = 0; i < 5; i++) step();
    egm.press('bet+');
    for (let i = 0; i < 8; i++) step();
    egm.press('spin'); // the showy win
    for (let i = 0; i < 40; i++) {
      step();
      if (i % 6 === 3 && egm.state.spinning) fresh();
    }
    expect(egm.lastOutcome?.lines.length).toBeGreaterThan(2);
    for (let i = 0; i < 150; i++) step(); // all lines, then each line in turn
    egm.press('bet-');
    step();
    egm.press('auto');
    let spinning = 0;
    for (let i = 0; i < 250; i++) {
      const { changed } = step();
      if (egm.state.spinning) {
        spinning++;
        expect(changed).toBe(true);
        if (i % 17 === 5) fresh();
      }
    }
    expect(spinning).toBeGreaterThan(100);
    egm.press('auto');
    for (let i = 0; i < 60; i++) step();
    egm.cashOut();
    for (let i = 0; i < 10; i++) step(); // ADD CREDITS TO PLAY again
    expect(freshChecks).toBeGreaterThan(8);
  });
});

describe('incremental rendering: the 5-reel game', { timeout: 60_000 }, () => {
  it('draws exactly what a full redraw draws for the 5-reel game: wilds, scatters, hand pay, faults', () => {
    const { egm, step } = twins(
      {},
      {
        game: videoGame,
        handPayLimit: 4_000,
        // Wild lines; three stars; five stars (a hand pay at a bet of 0.40).
        queue: [13, 2, 0, 4, 4, 6, 6, 20, 1, 1, 6, 6, 20, 17, 11],
      },
    );
    for (let i = 0; i < 3; i++) step();
    egm.transferIn(10_000);
    step();
    egm.press('spin');
    for (let i = 0; i < 130; i++) step(); // both lines together, then each in turn
    expect(egm.lastOutcome?.lines.length).toBe(2);
    egm.press('spin');
    for (let i = 0; i < 110; i++) step(); // the scatter alone
    expect(egm.lastOutcome?.scatter?.count).toBe(3);
    egm.press('bet+');
    egm.press('spin');
    for (let i = 0; i < 60; i++) step();
    expect(egm.state).toMatchObject({ status: 'handpay', handPay: 4_000 });
    egm.resetHandPay();
    for (let i = 0; i < 5; i++) step();
    egm.press('spin');
    step(300);
    egm.setDoor(true); // mid-game: the reels still stop, under the notice
    for (let i = 0; i < 40; i++) step();
    egm.tilt('coin jam');
    step();
    egm.setDoor(false);
    step();
    egm.clearTilt();
    for (let i = 0; i < 5; i++) step();
  });
});

describe('incremental rendering: notices, sizes and rest', { timeout: 60_000 }, () => {
  it('shows a notice over the reels while a hand pay waits or the door is open', () => {
    let time = 50_000;
    const egm = new Egm({ game: videoGame, now: () => time, rng: () => 3 });
    const screen = createScreen(egm);
    const centre = (rgba: Uint8ClampedArray) => {
      const at = (188 * 640 + 320) * 4;
      return Array.from(rgba.subarray(at, at + 3));
    };
    const plain = centre(screen.render(time, 0));
    egm.setDoor(true);
    time += 100;
    expect(centre(screen.render(time, 1))).not.toEqual(plain);
    egm.setDoor(false);
    time += 100;
    expect(centre(screen.render(time, 2))).toEqual(plain);
    egm.awardProgressive(500_000);
    expect(centre(screen.render(time, 3))).not.toEqual(plain);
  });

  it('draws exactly what a full redraw draws at other sizes', () => {
    // (Scaled screens are redrawn whole every frame.)
    const { egm, step } = twins({ width: 1000, height: 563 });
    egm.transferIn(1000);
    step();
    egm.press('spin');
    for (let i = 0; i < 24; i++) step(60);
  });

  it('keeps a machine at rest still between animation steps', () => {
    const { egm, step } = twins();
    egm.transferIn(1000);
    egm.press('spin');
    for (let i = 0; i < 40; i++) step(); // the reels stop on a win
    expect(egm.lastOutcome?.lines.length).toBeGreaterThan(0);
    for (let i = 0; i < 100; i++) step(); // its first 3 s flash the lights
    let changed = 0;
    for (let i = 0; i < 300; i++) if (step(10).changed) changed++;
    // 3 s: 10 pulse steps a second (a line every 10th), the chasing lights every 260 ms.
    expect(changed).toBeLessThanOrEqual(3 * 10 + Math.ceil(3000 / 260) + 1);
    // Nothing moves within a step.
    const { rgba } = step(0);
    expect(step(0).changed).toBe(false);
    expect(step(0).rgba).toBe(rgba);
  });
});

describe('incremental rendering: layouts and attract mode', { timeout: 60_000 }, () => {
  it('draws exactly what a full redraw draws in portrait, across layout switches', () => {
    const { egm, screen, step } = twins({}, { game: videoGame, queue: [13, 2, 0, 4, 4] });
    for (let i = 0; i < 3; i++) step();
    screen.setLayout('portrait');
    expect(screen).toMatchObject({ layout: 'portrait', width: 480, height: 640 });
    for (let i = 0; i < 3; i++) step();
    egm.transferIn(10_000);
    step();
    const spin = buttonLayoutOf('portrait').spin;
    expect(egm.touch(spin.x + spin.w / 2, spin.y + spin.h / 2)).toBe('spin');
    for (let i = 0; i < 100; i++) step(); // the wild lines, together and in turn
    expect(egm.lastOutcome?.lines.length).toBe(2);
    screen.setLayout('landscape'); // mid-presentation
    expect(screen).toMatchObject({ layout: 'landscape', width: 640, height: 480 });
    for (let i = 0; i < 20; i++) step();
    screen.setLayout('portrait');
    egm.press('auto');
    for (let i = 0; i < 150; i++) step();
    egm.press('auto');
    for (let i = 0; i < 60; i++) step();
    egm.setDoor(true);
    for (let i = 0; i < 3; i++) step();
    egm.setDoor(false);
    step();
  });

  it('draws exactly what a full redraw draws in attract mode, in both layouts', () => {
    for (const layout of screenLayouts) {
      const { egm, screen, step } = twins(
        {},
        { game: layout === 'portrait' ? videoGame : classicGame },
      );
      screen.setLayout(layout);
      egm.transferIn(1000);
      egm.press('spin');
      for (let i = 0; i < 60; i++) step(); // a win, presented until attract takes over
      for (let t = 0; t < ATTRACT_AFTER_MS; t += 1000) step(1000);
      // Every page and every step of the pulse and the lights.
      for (let i = 0; i < 4 * (ATTRACT_PAGE_MS / ATTRACT_STEP_MS) + 2; i++)
        step(ATTRACT_STEP_MS / 2);
      egm.touch(0.5, 0.3);
      for (let i = 0; i < 3; i++) step();
    }
  });
});

describe('incremental rendering: attract mode and copies', { timeout: 60_000 }, () => {
  it('turns to attract mode after a while idle, cheaply, and back at any touch', () => {
    const { egm, step } = twins();
    egm.transferIn(1000);
    /** The middle of the reel window. */
    const middle = (rgba: Uint8ClampedArray) => {
      const at = (170 * 640 + 200) * 4;
      return Buffer.from(rgba.subarray(at, at + 240 * 4)).toString('hex');
    };
    const rest = middle(step().rgba);
    for (let t = 0; t < ATTRACT_AFTER_MS - 1000; t += 1000) step(1000);
    expect(middle(step().rgba)).toBe(rest);
    step(1000);
    const attract = middle(step().rgba);
    expect(attract).not.toBe(rest);
    // Between steps nothing moves: a few frames a second change, the rest can be skipped.
    let changed = 0;
    for (let i = 0; i < 180; i++) if (step(33).changed) changed++;
    expect(changed).toBeGreaterThan(10);
    expect(changed).toBeLessThanOrEqual(Math.ceil((180 * 33) / ATTRACT_STEP_MS) + 1);
    // A touch on the reels (no button) ends it at once.
    expect(egm.touch(0.5, 0.3)).toBeNull();
    expect(middle(step().rgba)).toBe(rest);
    for (let t = 0; t < ATTRACT_AFTER_MS + 1000; t += 1000) step(1000);
    expect(middle(step().rgba)).not.toBe(rest);
    // So does a transfer, and the machine does not return to it while a game is played.
    egm.transferIn(500);
    expect(middle(step().rgba)).toBe(rest);
    egm.press('auto');
    for (let t = 0; t < ATTRACT_AFTER_MS + 5000; t += 500) {
      step(500);
      if (egm.state.autoplay) expect(middle(step(0).rgba)).not.toBe(attract);
    }
  });

  it('render() returns a new array every frame', () => {
    const { egm, screen } = setup();
    egm.transferIn(1000);
    const a = screen.render(1000, 1);
    const copy = a.slice();
    egm.press('spin');
    const b = screen.render(1300, 2);
    expect(b).not.toBe(a);
    expect(bytes(a).equals(bytes(copy))).toBe(true);
    expect(screen.renderFrame(1300, 3).rgba).not.toBe(b);
  });
});
