import { describe, expect, it } from 'vitest';
import { Egm } from './egm';
import { readFrameStamp } from './frame-stamp';
import { classicGame } from './games';
import { type Button, buttonLayout, buttons } from './layout';
import { reelMotion, reelStopTime } from './reel-motion';
import { createScreen } from './screen';

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
  it('buttons are big enough to tap on video and keep clear of each other and the stamp', () => {
    const px = (b: Button) => {
      const r = buttonLayout[b];
      return { x: r.x * 640, y: r.y * 480, w: r.w * 640, h: r.h * 480 };
    };
    for (const b of buttons) {
      const r = px(b);
      expect(r.h, b).toBeGreaterThanOrEqual(60);
      expect(r.y + r.h, b).toBeLessThanOrEqual(468);
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
  });
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
