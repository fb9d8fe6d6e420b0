import { describe, expect, it } from 'vitest';
import { FRAME_STAMP, readFrameStamp, writeFrameStamp } from './frame-stamp';

const W = 640;
const H = 480;

function frame(fill = 90): Uint8ClampedArray {
  return new Uint8ClampedArray(W * H * 4).fill(fill);
}

describe('frame stamp', () => {
  it('round-trips time and frame number', () => {
    for (const [timeMs, frameNo] of [
      [0, 0],
      [1, 1],
      [16_777_215, 255],
      [12_345_678, 77],
      [0xa5a5a5, 0x5a],
    ]) {
      const rgba = frame();
      writeFrameStamp(rgba, W, H, { timeMs: timeMs!, frame: frameNo! });
      expect(readFrameStamp(rgba, W, H)).toEqual({ timeMs, frame: frameNo });
    }
  });

  it('keeps the low 24 bits of a wall-clock time and the low 8 bits of the frame', () => {
    const rgba = frame();
    const now = 1_763_800_000_123.7;
    writeFrameStamp(rgba, W, H, { timeMs: now, frame: 1000 });
    expect(readFrameStamp(rgba, W, H)).toEqual({
      timeMs: Math.floor(now) % 2 ** 24,
      frame: 1000 % 256,
    });
  });

  it('lays the bits out as 20×12 px blocks, least significant time bit leftmost', () => {
    const rgba = frame();
    writeFrameStamp(rgba, W, H, { timeMs: 1, frame: 1 });
    const px = (x: number, y: number) =>
      Array.from(rgba.subarray((y * W + x) * 4, (y * W + x) * 4 + 4));
    expect(FRAME_STAMP).toEqual({ blocks: 32, blockWidth: 20, height: 12, y: 468 });
    expect(px(0, 468)).toEqual([255, 255, 255, 255]);
    expect(px(19, 479)).toEqual([255, 255, 255, 255]);
    expect(px(20, 468)).toEqual([0, 0, 0, 255]); // bit 1
    expect(px(24 * 20 + 10, 474)).toEqual([255, 255, 255, 255]); // bit 24 = frame bit 0
    expect(px(25 * 20 + 10, 474)).toEqual([0, 0, 0, 255]);
    expect(px(10, 467)).toEqual([90, 90, 90, 90]); // the row above is untouched
  });

  it('survives compression-like noise on the blocks', () => {
    const rgba = frame();
    writeFrameStamp(rgba, W, H, { timeMs: 4_242_424, frame: 200 });
    for (let i = 468 * W * 4; i < rgba.length; i += 4) {
      const v = rgba[i]!;
      const noisy = v > 128 ? v - 40 : v + 40;
      rgba[i] = noisy;
      rgba[i + 1] = noisy;
      rgba[i + 2] = noisy;
    }
    expect(readFrameStamp(rgba, W, H)).toEqual({ timeMs: 4_242_424, frame: 200 });
  });

  it('reads null from a frame without a stamp or one too small', () => {
    expect(readFrameStamp(frame(128), W, H)).toBeNull();
    expect(readFrameStamp(new Uint8ClampedArray(320 * 240 * 4), 320, 240)).toBeNull();
    expect(() =>
      writeFrameStamp(new Uint8ClampedArray(320 * 240 * 4), 320, 240, { timeMs: 0, frame: 0 }),
    ).toThrow(RangeError);
  });
});
