import { describe, expect, it } from 'vitest';
import type { GameDefinition } from './game';
import { classicGame, classicSingleLineGame, games, gemGame, videoGame } from './games';
import { computeParSheet, designRtp, type ParSheet } from './parsheet';

const sheets = new Map<string, ParSheet>();
/** Each game's sheet once (the video slot's full cycle takes a few seconds). */
const sheetOf = (game: GameDefinition) => {
  let s = sheets.get(game.id);
  if (!s) {
    s = computeParSheet(game);
    sheets.set(game.id, s);
  }
  return s;
};

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

  it('matches a hand-computed tiny game with a wild and a scatter', () => {
    // One row, one line. Reel 1: A X. Reel 2: A W S. Reel 3: A S. W is wild, S scatters.
    // AAA pays 10, AA 2 (line bets); two S anywhere pay 1 × the bet. The 12 combinations:
    //   X·*·* : nothing, except X·S·S (scatter 1)                       → 1
    //   A·A·A 10, A·A·S 2, A·W·A 10 (wild), A·W·S 2 (wild), A·S·A 0, A·S·S 1 → 25
    // RTP = 26 / 12; hits 6 of 12; wins 10,10,2,2,1,1: Σw² = 210, so the variance × 12² is
    // 12 × 210 − 26² = 1844.
    const tiny: GameDefinition = {
      id: 'tiny-wild',
      name: 'Tiny Wild',
      symbols: ['A', 'W', 'S', 'X'],
      reels: [
        ['A', 'X'],
        ['A', 'W', 'S'],
        ['A', 'S'],
      ],
      rows: 1,
      lines: [[0, 0, 0]],
      paytable: [
        { symbols: ['A'], count: 3, pay: 10 },
        { symbols: ['A'], count: 2, pay: 2 },
      ],
      wild: 'W',
      scatter: { symbol: 'S', pays: [{ count: 2, pay: 1 }] },
      betLevels: [1],
    };
    const sheet = computeParSheet(tiny);
    expect(sheet).toMatchObject({ cycle: 12, totalPay: 26, hits: 6, topAward: 10 });
    expect(sheet.rtp).toBe(26 / 12);
    expect(sheet.hitFrequency).toBe(0.5);
    expect(sheet.volatility).toBe(Math.sqrt(1844) / 12);
    expect(designRtp(tiny)).toBe(26 / 12);
    expect(sheet.rules.map((r) => [r.name, r.hits, r.rtp])).toEqual([
      ['3 × A', 2, 20 / 12],
      ['2 × A', 2, 4 / 12],
      ['scatter 2 × S', 2, 2 / 12],
    ]);
  });
});

describe('the game library’s par sheets', () => {
  it('gives the classic game the documented exact RTP, inside 92–96 %', () => {
    const sheet = sheetOf(classicGame);
    expect(sheet.cycle).toBe(22 ** 3);
    expect(sheet.totalPay).toBe(50_185);
    expect(sheet.rtp).toBe(50_185 / (22 ** 3 * 5));
    expect(sheet.hits).toBe(5_745);
    expect(sheet.volatility).toBeCloseTo(2.2061, 4);
    expect(sheetOf(classicSingleLineGame).hits).toBe(1_872);
  });

  it('gives the video slot the documented exact figures', { timeout: 30_000 }, () => {
    const sheet = sheetOf(videoGame);
    expect(sheet.cycle).toBe(30 ** 5);
    expect(sheet.lines).toBe(20);
    expect(sheet.totalPay).toBe(458_704_100);
    expect(sheet.rtp).toBe(458_704_100 / (30 ** 5 * 20));
    expect(sheet.hits).toBe(13_404_618);
    expect(sheet.volatility).toBeCloseTo(2.7196, 4);
    expect(sheet.topAward).toBe(257.75);
    const sum = sheet.rules.reduce((a, r) => a + r.rtp, 0);
    expect(sum).toBeCloseTo(sheet.rtp, 12);
    expect(sheet.rules.filter((r) => r.kind === 'scatter').map((r) => r.count)).toEqual([3, 4, 5]);
  });

  it('gives the gem slot the documented exact figures', { timeout: 30_000 }, () => {
    const sheet = sheetOf(gemGame);
    expect(sheet.cycle).toBe(25 ** 5);
    expect(sheet.lines).toBe(10);
    expect(sheet.totalPay).toBe(92_231_400);
    expect(sheet.rtp).toBe(92_231_400 / (25 ** 5 * 10));
    expect(sheet.rtp).toBe(0.944449536);
    expect(sheet.hits).toBe(5_530_775);
    expect(sheet.volatility).toBeCloseTo(2.0094, 4);
    expect(sheet.topAward).toBe(202.3);
    const sum = sheet.rules.reduce((a, r) => a + r.rtp, 0);
    expect(sum).toBeCloseTo(sheet.rtp, 12);
    // Its own maths, not the fruit game's with other pictures.
    expect(sheet.rtp).not.toBe(sheetOf(videoGame).rtp);
  });

  it('keeps every game in the library inside 92–96 %, its design RTP the par sheet’s', {
    timeout: 30_000,
  }, () => {
    for (const game of Object.values(games)) {
      const { rtp } = sheetOf(game);
      expect(rtp, game.id).toBeGreaterThanOrEqual(0.92);
      expect(rtp, game.id).toBeLessThanOrEqual(0.96);
      expect(designRtp(game), game.id).toBe(rtp);
    }
  });
});
