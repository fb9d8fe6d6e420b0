import { describe, expect, it } from 'vitest';
import { scaleI420 } from './band-source';

/** An I420 frame whose luma is its column index and whose chroma planes are constant. */
function frame(width: number, height: number) {
  const data = new Uint8Array((width * height * 3) / 2);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = x;
  data.fill(100, width * height, width * height * 1.25);
  data.fill(200, width * height * 1.25);
  return { width, height, data };
}

describe('scaleI420', () => {
  it('halves a frame by taking every other pixel, keeping each plane in its place', () => {
    const src = frame(8, 4);
    const out = { width: 4, height: 2, data: new Uint8Array(12) };
    scaleI420(src, out);
    expect([...out.data.subarray(0, 8)]).toEqual([0, 2, 4, 6, 0, 2, 4, 6]);
    expect([...out.data.subarray(8, 10)]).toEqual([100, 100]);
    expect([...out.data.subarray(10, 12)]).toEqual([200, 200]);
  });
});
