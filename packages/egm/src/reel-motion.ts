// How the reels move during a game: each accelerates away from where it rested, runs at a steady
// speed (blurred), then decelerates onto its target stop with a small bounce, left to right, the
// last coming to rest exactly at the end of the spin. A position is a fractional strip index: the
// symbol on the centre row; it decreases while spinning, so symbols travel downwards.

export interface ReelMotion {
  /** Fractional strip index on the centre row, in [0, stripLength). */
  position: number;
  /** Symbols per second (for motion blur). */
  speed: number;
  /** True once the reel is at rest on its target. */
  stopped: boolean;
}

const SPEED = 15 / 1000; // symbols per ms at full speed
const BOUNCE_DEPTH = 0.14; // symbols

/** When reel `reel` of `reelCount` comes to rest (ms from the start of the spin), before its bounce. */
export function reelStopTime(reel: number, reelCount: number, durationMs: number): number {
  const bounce = bounceMs(durationMs);
  const last = durationMs - bounce;
  const first = reelCount > 1 ? durationMs * 0.5 : last;
  return reelCount > 1 ? first + ((last - first) * reel) / (reelCount - 1) : last;
}

function bounceMs(durationMs: number): number {
  return Math.min(140, durationMs * 0.12);
}

function wrap(p: number, n: number): number {
  const m = p % n;
  return m < 0 ? m + n : m;
}

export function reelMotion(
  reel: number,
  reelCount: number,
  durationMs: number,
  elapsedMs: number,
  fromStop: number,
  toStop: number,
  stripLength: number,
): ReelMotion {
  const stopAt = reelStopTime(reel, reelCount, durationMs);
  const first = reelStopTime(0, reelCount, durationMs);
  const bounce = bounceMs(durationMs);
  const accel = Math.min(160, first * 0.3);
  const decel = Math.min(280, first * 0.45);
  const t = elapsedMs;
  let position: number;
  let speed = 0;
  if (t <= 0) {
    position = fromStop;
  } else if (t < stopAt - decel) {
    // Run phase, measured from the resting stop. Where it hands over to the stop phase the strip
    // jumps to line up with the target; at full speed and blurred, that cannot be seen.
    const d = t < accel ? (SPEED * t * t) / (2 * accel) : (SPEED * accel) / 2 + SPEED * (t - accel);
    position = fromStop - d;
    speed = t < accel ? (SPEED * t) / accel : SPEED;
  } else if (t < stopAt) {
    const s = (t - (stopAt - decel)) / decel;
    position = toStop + ((SPEED * decel) / 2) * (1 - s) ** 2;
    speed = SPEED * (1 - s);
  } else if (t < stopAt + bounce) {
    position = toStop - BOUNCE_DEPTH * Math.sin((Math.PI * (t - stopAt)) / bounce);
  } else {
    return { position: toStop, speed: 0, stopped: true };
  }
  return { position: wrap(position, stripLength), speed: speed * 1000, stopped: false };
}
