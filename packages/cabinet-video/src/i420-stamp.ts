// Rewrites only the frame stamp in an I420 frame whose picture did not change, so an unchanged
// screen costs no RGBA→I420 conversion. The stamp is black and white, which BT.601 (what libyuv's
// ARGB→I420 uses) maps to luma 16 and 235 with neutral chroma: chroma of the strip is already
// neutral from the last full conversion, so only the luma plane is touched.
import { FRAME_STAMP, stampBits } from '@reelcast/egm/frame-stamp';

const WHITE = 235;
const BLACK = 16;

export function writeFrameStampI420(
  i420: Uint8Array,
  width: number,
  height: number,
  stamp: { timeMs: number; frame: number },
): void {
  // Too narrow for the stamp (the portrait layout): its frames carry none.
  if (width < FRAME_STAMP.blocks * FRAME_STAMP.blockWidth) return;
  const bits = stampBits(stamp);
  const top = height - FRAME_STAMP.height;
  const row = new Uint8Array(width).fill(BLACK);
  for (let i = 0; i < FRAME_STAMP.blocks; i++) {
    if (((bits >>> i) & 1) === 1) {
      row.fill(WHITE, i * FRAME_STAMP.blockWidth, (i + 1) * FRAME_STAMP.blockWidth);
    }
  }
  for (let y = top; y < height; y++) i420.set(row, y * width);
}
