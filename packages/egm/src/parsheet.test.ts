import { describe, expect, it } from 'vitest';
import type { GameDefinition } from './game';
import { classicGame, classicSingleLineGame, games } from './games';
import { computeParSheet } from './parsheet';

describe('computeParSheet', () => {
  it('matches a hand-computed tiny game', () => {
    // Reel 1: A B. Reel 2: A A B. One row, one line. AA pays 4, an A on reel 1 pays 1.
    // 6 combinations: A·A twice (4 each), A·B once (1), B·anything three times (0).
    // RTP = (2×4 + 1) / 6 = 1.5; hits 3 of 6.
    const tiny: GameDefinition = {
      id: 'tiny',
      name: 'Tiny',
      symbols: ['A', 'B'],
      reels: [
        ['A', 'B'],
        ['A', 'A', 'B'],
      ],
      rows: 1,
      lines: [[0, 0]],
      paytable: [
        { symbols: ['A'], count: 2, pay: 4 },
        { symbols: ['A'], count: 1, pay: 1 },
      ],
      betLevels: [1],
    };
    const sheet = computeParSheet(tiny);
    expect(sheet.cycle).toBe(6);
    expect(sheet.rtp).toBe(1.5);
    expect(sheet.hitFrequency).toBe(0.5);
  });

  it('gives the classic game the documented exact RTP, inside 92–96 %', () => {
    const sheet = computeParSheet(classicGame);
    expect(sheet.cycle).toBe(22 ** 3);
    expect(sheet.totalPay).toBe(50_185);
    expect(sheet.rtp).toBe(50_185 / (22 ** 3 * 5));
    expect(sheet.rtp).toBeGreaterThanOrEqual(0.92);
    expect(sheet.rtp).toBeLessThanOrEqual(0.96);
    expect(sheet.hits).toBe(5_745);
  });

  it('keeps every game in the library inside 92–96 %', () => {
    for (const game of Object.values(games)) {
      const { rtp } = computeParSheet(game);
      expect(rtp, game.id).toBeGreaterThanOrEqual(0.92);
      expect(rtp, game.id).toBeLessThanOrEqual(0.96);
    }
    expect(computeParSheet(classicSingleLineGame).hits).toBe(1_872);
  });
});
