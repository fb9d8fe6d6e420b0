// The game library. Every game's exact par sheet is checked by parsheet.test.ts.
import type { GameDefinition, PayRule } from './game';

/** Symbol ids, best first. The renderer knows how to draw each of them. */
export const classicSymbols = ['seven', 'bar2', 'bar', 'bell', 'plum', 'lemon', 'cherry'] as const;

// Multiples of the line bet. Cherries count from the leftmost reel; any mix of BAR and 2BAR pays
// "any bar". Each line pays only its best rule.
const classicPaytable: readonly PayRule[] = [
  { symbols: ['seven'], count: 3, pay: 300 },
  { symbols: ['bar2'], count: 3, pay: 100 },
  { symbols: ['bar'], count: 3, pay: 30 },
  { symbols: ['bar', 'bar2'], count: 3, pay: 10, name: 'any-bar' },
  { symbols: ['bell'], count: 3, pay: 16 },
  { symbols: ['plum'], count: 3, pay: 12 },
  { symbols: ['lemon'], count: 3, pay: 8 },
  { symbols: ['cherry'], count: 3, pay: 40 },
  { symbols: ['cherry'], count: 2, pay: 5 },
  { symbols: ['cherry'], count: 1, pay: 2 },
];

// 22 stops a reel; no symbol sits next to itself. Per reel:
//            seven bar2 bar bell plum lemon cherry
//   reel 1     1    2    3    4    4    5     3
//   reel 2     1    2    3    4    4    5     3
//   reel 3     1    2    4    4    5    5     1
const classicReels: readonly (readonly string[])[] = [
  // biome-ignore format: one strip a line reads best
  ['seven', 'lemon', 'bar', 'cherry', 'plum', 'bell', 'lemon', 'bar2', 'plum', 'cherry', 'bell', 'lemon', 'bar', 'plum', 'bell', 'cherry', 'lemon', 'bar2', 'plum', 'bell', 'lemon', 'bar'],
  // biome-ignore format: one strip a line reads best
  ['seven', 'plum', 'cherry', 'bar', 'lemon', 'bell', 'bar2', 'lemon', 'plum', 'bell', 'cherry', 'lemon', 'bar', 'bell', 'plum', 'lemon', 'bar2', 'cherry', 'bell', 'plum', 'lemon', 'bar'],
  // biome-ignore format: one strip a line reads best
  ['seven', 'bell', 'lemon', 'bar', 'plum', 'bar2', 'lemon', 'bell', 'plum', 'bar', 'lemon', 'cherry', 'plum', 'bell', 'bar', 'lemon', 'plum', 'bar2', 'bell', 'lemon', 'plum', 'bar'],
];

/**
 * Golden Sevens: 3 reels × 3 visible rows, 5 fixed lines (middle, top, bottom, two diagonals);
 * the bet is spread evenly over the lines. Every row of a reel is uniformly distributed over the
 * strip, so each line returns the same and the RTP does not depend on the number of lines.
 *
 * Par sheet (exact, full cycle 22³ = 10,648 combinations, computeParSheet):
 *   RTP           94.2618 %  (pays 50,185 line bets for 53,240 staked; 10,037 / 10,648 a line)
 *   hit frequency 53.95 % of games win on at least one line (5,745 / 10,648), most of them the
 *                 cherry on reel 1 paying 2 × line bet; 17.58 % on a single line (1,872 / 10,648)
 *   top award     3 × seven on a line = 300 × line bet.
 */
export const classicGame: GameDefinition = {
  id: 'classic',
  name: 'Golden Sevens',
  symbols: classicSymbols,
  reels: classicReels,
  rows: 3,
  lines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  paytable: classicPaytable,
  betLevels: [10, 20, 50, 100, 200, 500],
};

/**
 * Golden Sevens on the middle line only: the same reels and paytable, so the same 94.2618 % RTP,
 * with a 17.58 % hit frequency (1,872 / 10,648).
 */
export const classicSingleLineGame: GameDefinition = {
  ...classicGame,
  id: 'classic-1',
  name: 'Golden Sevens Single',
  lines: [[1, 1, 1]],
  betLevels: [10, 20, 50, 100, 200, 500],
};

export const games: Record<string, GameDefinition> = {
  [classicGame.id]: classicGame,
  [classicSingleLineGame.id]: classicSingleLineGame,
};
