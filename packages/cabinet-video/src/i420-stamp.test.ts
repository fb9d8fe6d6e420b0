import { writeFrameStamp } from '@reelcast/egm/frame-stamp';
import { describe, expect, it } from 'vitest';
import { writeFrameStampI420 } from './i420-stamp';
import { wrtc } from './wrtc';

const width = 640;
const height = 480;

describe('frame stamp written straight into I420', () => {
  it('gives the same luma plane as stamping the RGBA and converting it', () => {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < rgba.length; i += 4) {
      rgba[i] = (i / 4) % 251;
      rgba[i + 1] = 90;
      rgba[i + 2] = 200;
      rgba[i + 3] = 255;
    }
    const first = { timeMs: 1_234_567, frame: 7 };
    const next = { timeMs: 1_234_600, frame: 8 };
    const convert = (src: Uint8ClampedArray) => {
      const out = new Uint8Array((width * height * 3) / 2);
      wrtc.nonstandard.rgbaToI420(
        { width, height, data: new Uint8Array(src.buffer) },
        { width, height, data: out },
      );
      return out;
    };
    writeFrameStamp(rgba, width, height, first);
    const reused = convert(rgba);
    writeFrameStampI420(reused, width, height, next);

    const expected = new Uint8ClampedArray(rgba);
    writeFrameStamp(expected, width, height, next);
    const converted = convert(expected);
    const lumaBytes = width * height;
    expect(
      Buffer.from(reused.subarray(0, lumaBytes)).equals(
        Buffer.from(converted.subarray(0, lumaBytes)),
      ),
    ).toBe(true);
    expect(
      Buffer.from(reused.subarray(lumaBytes)).equals(Buffer.from(converted.subarray(lumaBytes))),
    ).toBe(true);
  });

  it('leaves a frame too narrow for the stamp (the portrait layout) as it is', () => {
    const frame = new Uint8Array((480 * 640 * 3) / 2).fill(77);
    writeFrameStampI420(frame, 480, 640, { timeMs: 0xffffff, frame: 255 });
    expect(frame.every((v) => v === 77)).toBe(true);
  });
});
