import { randomInt } from 'node:crypto';

/** Returns a uniformly distributed integer in [0, maxExclusive). Outcomes never use Math.random. */
export type Rng = (maxExclusive: number) => number;

/** The default RNG: node:crypto's randomInt (CSPRNG, rejection-sampled so it is unbiased). */
export const cryptoRng: Rng = (maxExclusive) => randomInt(maxExclusive);
