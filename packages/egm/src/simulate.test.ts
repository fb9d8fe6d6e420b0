import { describe, expect, it } from 'vitest';
import { classicGame, videoGame } from './games';
import { designRtp } from './parsheet';
import { createCryptoRng, seededRng, uniformRng } from './rng';
import { playSpins, spinStatistics } from './simulate';

describe('simulated play', () => {
  // Seeded, so the sample is the same every run and cannot flake; any seed's interval would miss
  // the exact figure 1 time in 100.
  for (const game of [classicGame, videoGame])
    it(`measures ${game.id} within its 99 % interval of the exact RTP`, { timeout: 30_000 }, () => {
      const stats = spinStatistics(game, playSpins(game, 1_000_000, seededRng(8)));
      const exact = designRtp(game);
      expect(stats.spins).toBe(1_000_000);
      expect(stats.rtpLow).toBeLessThanOrEqual(exact);
      expect(stats.rtpHigh).toBeGreaterThanOrEqual(exact);
      // The interval is as wide as the volatility says: ±2.576 σ / √n.
      expect(stats.rtpHigh - stats.rtpLow).toBeCloseTo((2 * 2.5758 * stats.volatility) / 1000, 4);
    });

  it('adds to an earlier histogram', () => {
    const h = playSpins(classicGame, 1_000, seededRng(1));
    playSpins(classicGame, 500, seededRng(2), h);
    expect(spinStatistics(classicGame, h).spins).toBe(1_500);
    expect(() => playSpins(videoGame, 1, seededRng(1), h)).toThrow(/another game/);
  });
});

describe('rng', () => {
  it('draws every value of a range about equally often (crypto, batched)', () => {
    const rng = createCryptoRng(64);
    const counts = new Array(30).fill(0);
    const n = 300_000;
    for (let i = 0; i < n; i++) counts[rng(30)]++;
    // χ² with 29 degrees of freedom: 99.99 % of samples fall below 67.
    const chi2 = counts.reduce((a, c) => a + (c - n / 30) ** 2 / (n / 30), 0);
    expect(chi2).toBeLessThan(67);
  });

  it('maps a word onto a range by its high part, and draws again under the threshold', () => {
    // (2^32 − 1) × 30 / 2^32 rounds down to 29; 0 × 30 to 0.
    const words = [0xffffffff, 0x40000000];
    const rng = uniformRng(() => words.shift() ?? 0);
    expect(rng(30)).toBe(29);
    expect(rng(30)).toBe(7); // 2^30 × 30 / 2^32 = 7.5
    // For a range of 3, 2^32 mod 3 = 1 word value is rejected: the word 0 (low part 0 < 1).
    const again = [0, 0x80000000];
    const r3 = uniformRng(() => again.shift() ?? 0);
    expect(r3(3)).toBe(1);
    expect(again).toEqual([]);
  });

  it('covers wide ranges by plain rejection and refuses bad ones', () => {
    const rng = seededRng(5);
    for (let i = 0; i < 1000; i++) {
      const v = rng(3_000_000_000);
      expect(Number.isInteger(v) && v >= 0 && v < 3_000_000_000).toBe(true);
    }
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 33]) expect(() => rng(bad)).toThrow(RangeError);
  });

  it('repeats a seeded sequence and differs between seeds', () => {
    const a = seededRng(42);
    const b = seededRng(42);
    const c = seededRng(43);
    const take = (r: (n: number) => number) => Array.from({ length: 20 }, () => r(1000));
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
  });
});
