// Random numbers for game outcomes. Play always uses the CSPRNG (node:crypto), drawn in big
// batches so a stop costs nanoseconds, and reduced to a range by rejection so every stop of a
// strip is exactly equally likely. Outcomes never use Math.random.
import { randomFillSync } from 'node:crypto';

/** Returns a uniformly distributed integer in [0, maxExclusive). */
export type Rng = (maxExclusive: number) => number;

const TWO_32 = 2 ** 32;
const INV_TWO_32 = 2 ** -32;
/** Up to this range a word × range is exact in a double (< 2^53): the fast path. */
const FAST_RANGE = 2 ** 21;

/**
 * An Rng over a source of uniform 32-bit words, unbiased: Lemire's multiply-and-shift, which
 * rejects the few words whose low part falls under 2^32 mod range (so the division that finds
 * that threshold is only done on the rare rejection path); plain rejection beyond 2^21.
 */
export function uniformRng(word: () => number): Rng {
  const wide = (range: number): number => {
    if (!(range >= 1 && range <= TWO_32) || !Number.isInteger(range))
      throw new RangeError(`rng range must be an integer in 1..2^32, got ${range}`);
    const limit = TWO_32 - (TWO_32 % range);
    let v = word();
    while (v >= limit) v = word();
    return v % range;
  };
  return (range) => {
    if (!(range >= 1 && range <= FAST_RANGE) || range !== Math.floor(range)) return wide(range);
    let x = word() * range;
    let high = Math.floor(x * INV_TWO_32);
    let low = x - high * TWO_32;
    if (low < range) {
      const threshold = (TWO_32 - range) % range;
      while (low < threshold) {
        x = word() * range;
        high = Math.floor(x * INV_TWO_32);
        low = x - high * TWO_32;
      }
    }
    return high;
  };
}

/**
 * A crypto RNG with its own pool of `poolWords` 32-bit words, refilled from
 * crypto.randomFillSync when used up (one system call per 64 KiB by default).
 */
export function createCryptoRng(poolWords = 16_384): Rng {
  if (!Number.isInteger(poolWords) || poolWords < 1) throw new RangeError('poolWords must be ≥ 1');
  const pool = new Uint32Array(poolWords);
  let next = poolWords;
  return uniformRng(() => {
    if (next === poolWords) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]!;
  });
}

/** The RNG every machine plays with unless told otherwise: node:crypto, batched, unbiased. */
export const cryptoRng: Rng = createCryptoRng();

/**
 * A deterministic RNG (sfc32 seeded through splitmix32), unbiased like cryptoRng. For tests and
 * reproducible simulations only: a machine must never play with it.
 */
export function seededRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = 1;
  const word = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) word();
  return uniformRng(word);
}
