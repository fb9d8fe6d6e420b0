// A machine-readable time stamp in the bottom strip of every frame, for measuring glass-to-glass
// latency of the video. 32 blocks, each 20 px wide and 12 px high, across y = height-12..height:
// block i (left to right) is white when bit i is set, black otherwise. Bits 0..23 hold the low 24
// bits of the time in ms (bit 0 = least significant), bits 24..31 the low 8 bits of the frame
// number. A reader samples the centre pixel of each block and thresholds its luma at 128; VP8
// keeps such blocks solid well away from their edges.

/** Geometry of the strip on the 640×480 screen (y is always height - 12). */
export const FRAME_STAMP = { blocks: 32, blockWidth: 20, height: 12, y: 480 - 12 } as const;

const TIME_MODULUS = 2 ** 24;

export interface FrameStamp {
  /** Low 24 bits of a millisecond time (wraps every 4.66 hours). */
  timeMs: number;
  /** Low 8 bits of the frame number. */
  frame: number;
}

function checkSize(rgba: Uint8ClampedArray, width: number, height: number): boolean {
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width >= FRAME_STAMP.blocks * FRAME_STAMP.blockWidth &&
    height >= FRAME_STAMP.height &&
    rgba.length >= width * height * 4
  );
}

/** The 32 bits written for a stamp (time in bits 0..23, frame in 24..31), as an unsigned number. */
export function stampBits(stamp: FrameStamp): number {
  const time = ((Math.floor(stamp.timeMs) % TIME_MODULUS) + TIME_MODULUS) % TIME_MODULUS;
  const frame = ((Math.floor(stamp.frame) % 256) + 256) % 256;
  return time + frame * TIME_MODULUS;
}

/** Paints the stamp over the bottom 12 rows (the whole width: unused columns are black). */
export function writeFrameStamp(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  stamp: FrameStamp,
): void {
  if (!checkSize(rgba, width, height))
    throw new RangeError(`a frame stamp needs at least 640×12 pixels, got ${width}×${height}`);
  const bits = stampBits(stamp);
  const { blocks, blockWidth } = FRAME_STAMP;
  const top = height - FRAME_STAMP.height;
  // Build one row, then copy it to the other rows.
  const rowStart = top * width * 4;
  const rowBytes = width * 4;
  let rest = bits;
  for (let block = 0; block * blockWidth < width; block++) {
    const v = block < blocks && rest % 2 === 1 ? 255 : 0;
    rest = Math.floor(rest / 2);
    const end = Math.min(width, (block + 1) * blockWidth);
    for (let x = block * blockWidth; x < end; x++) {
      const o = rowStart + x * 4;
      rgba[o] = v;
      rgba[o + 1] = v;
      rgba[o + 2] = v;
      rgba[o + 3] = 255;
    }
  }
  for (let y = top + 1; y < height; y++)
    rgba.copyWithin(y * rowBytes, rowStart, rowStart + rowBytes);
}

/** Luma of a pixel, BT.601 weights, 0..255. */
function luma(rgba: Uint8ClampedArray, o: number): number {
  return 0.299 * rgba[o]! + 0.587 * rgba[o + 1]! + 0.114 * rgba[o + 2]!;
}

/**
 * Reads the stamp back by sampling the centre of each block and thresholding luma at 128.
 * Null when the frame is too small, or when a sample is ambiguous (luma within 64..192), i.e. the
 * strip is not a stamp or is too damaged to trust.
 */
export function readFrameStamp(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): FrameStamp | null {
  if (!checkSize(rgba, width, height)) return null;
  const y = height - FRAME_STAMP.height + Math.floor(FRAME_STAMP.height / 2);
  let bits = 0;
  for (let i = 0; i < FRAME_STAMP.blocks; i++) {
    const x = i * FRAME_STAMP.blockWidth + Math.floor(FRAME_STAMP.blockWidth / 2);
    const l = luma(rgba, (y * width + x) * 4);
    if (l > 64 && l < 192) return null;
    if (l >= 128) bits += 2 ** i;
  }
  return { timeMs: bits % TIME_MODULUS, frame: Math.floor(bits / TIME_MODULUS) };
}
