// Test support for the screen: one machine watched by an incremental screen and by one that
// redraws everything, compared frame by frame (screen.test.ts, looks.test.ts).
import { expect } from 'vitest';
import { Egm, type EgmOptions } from './egm';
import { FRAME_STAMP } from './frame-stamp';
import { evaluate } from './game';
import { classicGame } from './games';
import { createScreen } from './screen';

/** mulberry32: deterministic games with wins and losses. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  return (max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * max);
  };
};
/** Stops winning on the most lines: a long win presentation. */
export const showy = () => {
  let best = { stops: [0, 0, 0], lines: -1 };
  const n = classicGame.reels.map((s) => s.length);
  for (let i = 0; i < n[0]!; i++)
    for (let j = 0; j < n[1]!; j++)
      for (let k = 0; k < n[2]!; k++) {
        const lines = evaluate(classicGame, [i, j, k], 100).lines.length;
        if (lines > best.lines) best = { stops: [i, j, k], lines };
      }
  return best.stops;
};
export const bytes = (a: Uint8ClampedArray) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
/** Where two frames first differ, or null. */
export const firstDifference = (a: Uint8ClampedArray, b: Uint8ClampedArray, width: number) => {
  if (bytes(a).equals(bytes(b))) return null;
  const i = a.findIndex((v, k) => v !== b[k]);
  return { x: Math.floor(i / 4) % width, y: Math.floor(i / 4 / width) };
};

/** One machine, watched by an incremental screen and by one that redraws everything. */
export function twins(
  size: { width?: number; height?: number; look?: string; title?: string } = {},
  machine: Partial<EgmOptions> & { queue?: number[] } = {},
) {
  let time = 50_000;
  const queue = machine.queue ?? showy();
  const random = seeded(42);
  const egm = new Egm({
    game: classicGame,
    now: () => time,
    rng: (max) => (queue.length ? queue.shift()! : random(max)),
    ...machine,
  });
  const screen = createScreen(egm, size);
  const reference = createScreen(egm, { ...size, fullRedraw: true });
  let frame = 0;
  let previous: Uint8ClampedArray | null = null;
  const step = (ms = 33) => {
    time += ms;
    egm.tick();
    const { rgba, changed } = screen.renderFrame(time, frame);
    const full = reference.renderFrame(time, frame);
    frame++;
    const { width, height } = screen;
    expect(rgba.length).toBe(width * height * 4);
    const stampBytes = width * FRAME_STAMP.height * 4;
    if (previous && previous.length !== rgba.length - stampBytes) {
      // Another layout: its first frame is drawn whole.
      expect(changed).toBe(true);
      previous = null;
    }
    const diff = firstDifference(rgba, full.rgba, width);
    expect(diff, `frame ${frame} at ${time}`).toBeNull();
    expect(changed, `frame ${frame}`).toBe(full.changed);
    // Unchanged: the same picture apart from the stamp at the bottom.
    if (previous && !changed)
      expect(bytes(rgba.subarray(0, -stampBytes)).equals(bytes(previous))).toBe(true);
    previous = rgba.slice(0, -stampBytes);
    return { rgba, changed };
  };
  return { egm, screen, step, now: () => time, frame: () => frame };
}
