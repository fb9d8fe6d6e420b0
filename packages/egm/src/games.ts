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
 * Three-Reel Classic (most classic machines of the floor, each in its own look): 3 reels × 3
 * visible rows, 5 fixed lines (middle, top, bottom, two diagonals); the bet is spread evenly over
 * the lines. Every row of a reel is uniformly distributed over the strip, so each line returns
 * the same and the RTP does not depend on the number of lines.
 *
 * Par sheet (exact, full cycle 22³ = 10,648 combinations, computeParSheet; `npm run parsheet`):
 *   RTP           94.2618 %  (pays 50,185 line bets for 53,240 staked; 10,037 / 10,648 a line)
 *   hit frequency 53.95 % of games win on at least one line (5,745 / 10,648), most of them the
 *                 cherry on reel 1 paying 2 × line bet; 17.58 % on a single line (1,872 / 10,648)
 *   volatility    2.21 (standard deviation of one game's win / bet)
 *   top award     3 × seven on a line = 300 × line bet (the best window pays 66 × the bet).
 * designRtp(game) gives the RTP for a paytable page, computed from the definition.
 */
export const classicGame: GameDefinition = {
  id: 'classic',
  name: 'Three-Reel Classic',
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
 * The classic on the middle line only: the same reels and paytable, so the same 94.2618 % RTP,
 * with a 17.58 % hit frequency (1,872 / 10,648) and a volatility of 4.98.
 */
export const classicSingleLineGame: GameDefinition = {
  ...classicGame,
  id: 'classic-1',
  name: 'Three-Reel Classic, One Line',
  lines: [[1, 1, 1]],
  betLevels: [10, 20, 50, 100, 200, 500],
};

/** The fruit game's symbols, best first: the wild, the scatter, then the line symbols. */
export const videoSymbols = [
  'wild',
  'star',
  'seven',
  'bell',
  'melon',
  'grapes',
  'plum',
  'orange',
  'lemon',
  'cherry',
] as const;

// Multiples of the line bet for 3, 4 and 5 alike from the leftmost reel; the wild (reels 2–5)
// stands in for any of them. Each line pays only its best rule.
const videoLinePays: [symbol: string, pays: [number, number, number]][] = [
  ['seven', [50, 250, 2500]],
  ['bell', [30, 100, 500]],
  ['melon', [20, 80, 300]],
  ['grapes', [15, 50, 250]],
  ['plum', [10, 25, 125]],
  ['orange', [8, 20, 100]],
  ['lemon', [5, 15, 50]],
  ['cherry', [5, 15, 40]],
];

// 30 stops a reel; no symbol sits next to itself, and two wilds or two stars are never in view
// on one reel. Per reel:
//            wild star seven bell melon grapes plum orange lemon cherry
//   reel 1     0    1    1    2    3     3     4     4     5     7
//   reels 2–4  3    1    1    2    3     3     4     4     5     4
//   reel 5     2    1    1    2    3     3     4     4     5     5
const videoReels: readonly (readonly string[])[] = [
  // biome-ignore format: one strip a line reads best
  ['orange', 'plum', 'orange', 'bell', 'grapes', 'cherry', 'star', 'grapes', 'orange', 'grapes', 'melon', 'plum', 'cherry', 'seven', 'lemon', 'cherry', 'plum', 'lemon', 'melon', 'cherry', 'plum', 'cherry', 'bell', 'lemon', 'cherry', 'lemon', 'orange', 'lemon', 'cherry', 'melon'],
  // biome-ignore format: one strip a line reads best
  ['seven', 'bell', 'wild', 'plum', 'grapes', 'lemon', 'star', 'plum', 'cherry', 'orange', 'lemon', 'grapes', 'cherry', 'plum', 'lemon', 'cherry', 'lemon', 'orange', 'wild', 'lemon', 'plum', 'orange', 'melon', 'bell', 'orange', 'melon', 'wild', 'cherry', 'melon', 'grapes'],
  // biome-ignore format: one strip a line reads best
  ['seven', 'lemon', 'wild', 'orange', 'lemon', 'cherry', 'bell', 'lemon', 'plum', 'grapes', 'lemon', 'grapes', 'cherry', 'orange', 'cherry', 'bell', 'melon', 'plum', 'wild', 'plum', 'star', 'lemon', 'cherry', 'wild', 'melon', 'plum', 'orange', 'grapes', 'orange', 'melon'],
  // biome-ignore format: one strip a line reads best
  ['orange', 'melon', 'lemon', 'cherry', 'lemon', 'plum', 'melon', 'wild', 'plum', 'lemon', 'cherry', 'melon', 'lemon', 'orange', 'cherry', 'lemon', 'bell', 'star', 'orange', 'grapes', 'cherry', 'plum', 'grapes', 'bell', 'wild', 'orange', 'plum', 'seven', 'wild', 'grapes'],
  // biome-ignore format: one strip a line reads best
  ['grapes', 'plum', 'wild', 'plum', 'bell', 'lemon', 'cherry', 'lemon', 'orange', 'seven', 'lemon', 'star', 'melon', 'grapes', 'wild', 'bell', 'orange', 'cherry', 'plum', 'orange', 'cherry', 'grapes', 'cherry', 'lemon', 'melon', 'cherry', 'orange', 'lemon', 'melon', 'plum'],
];

/**
 * Five-Reel Fruits: 5 reels × 3 visible rows, 20 fixed lines, a wild on reels 2–5 and a star scatter
 * paying 5 / 20 / 100 × the total bet for 3 / 4 / 5 anywhere in view; the bet is spread evenly
 * over the lines.
 *
 * Par sheet (exact, full cycle 30^5 = 24,300,000 combinations, computeParSheet; `npm run parsheet`):
 *   RTP           94.3836 %  (pays 458,704,100 line bets for 486,000,000 staked)
 *   hit frequency 55.16 % of games win something (13,404,618 / 24,300,000)
 *   volatility    2.72 (standard deviation of one game's win / bet)
 *   top award     5 × seven on a line pays 2,500 × line bet; the best window over the cycle pays
 *                 257.75 × the total bet.
 */
export const videoGame: GameDefinition = {
  id: 'video5',
  name: 'Five-Reel Fruits',
  symbols: videoSymbols,
  reels: videoReels,
  rows: 3,
  // biome-ignore format: one line a row of five reads best
  lines: [
    [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
    [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 2, 1, 0, 1],
    [1, 0, 1, 2, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 2, 2, 0],
  ],
  paytable: videoLinePays.flatMap(([symbol, pays]) =>
    pays.map((pay, i) => ({ symbols: [symbol], count: 3 + i, pay })),
  ),
  wild: 'wild',
  scatter: {
    symbol: 'star',
    pays: [
      { count: 3, pay: 5 },
      { count: 4, pay: 20 },
      { count: 5, pay: 100 },
    ],
  },
  betLevels: [20, 40, 100, 200, 400, 1000],
};

/** The gem game's symbols, best first: the diamond wild, the crown scatter, then the line symbols. */
export const gemSymbols = [
  'diamond',
  'crown',
  'seven',
  'ruby',
  'emerald',
  'sapphire',
  'amethyst',
  'topaz',
] as const;

// Multiples of the line bet for 3, 4 and 5 alike from the leftmost reel; the diamond (reels 2–4
// only) stands in for any of them. Each line pays only its best rule.
const gemLinePays: [symbol: string, pays: [number, number, number]][] = [
  ['seven', [35, 175, 1000]],
  ['ruby', [18, 75, 300]],
  ['emerald', [12, 50, 200]],
  ['sapphire', [8, 30, 120]],
  ['amethyst', [5, 20, 60]],
  ['topaz', [3, 10, 30]],
];

// 25 stops a reel; no symbol sits next to itself, and two diamonds or two crowns are never in
// view on one reel. Per reel:
//             diamond crown seven ruby emerald sapphire amethyst topaz
//   reels 1, 5    0     1     1     2     3       4        6       8
//   reels 2–4     2     1     1     2     3       4        5       7
const gemReels: readonly (readonly string[])[] = [
  // biome-ignore format: one strip a line reads best
  ['amethyst', 'topaz', 'amethyst', 'sapphire', 'amethyst', 'emerald', 'amethyst', 'topaz', 'seven', 'topaz', 'ruby', 'topaz', 'ruby', 'amethyst', 'topaz', 'sapphire', 'crown', 'topaz', 'emerald', 'amethyst', 'topaz', 'sapphire', 'topaz', 'sapphire', 'emerald'],
  // biome-ignore format: one strip a line reads best
  ['amethyst', 'seven', 'amethyst', 'ruby', 'diamond', 'topaz', 'emerald', 'topaz', 'amethyst', 'topaz', 'sapphire', 'ruby', 'emerald', 'amethyst', 'topaz', 'amethyst', 'sapphire', 'diamond', 'sapphire', 'crown', 'topaz', 'emerald', 'topaz', 'sapphire', 'topaz'],
  // biome-ignore format: one strip a line reads best
  ['emerald', 'topaz', 'diamond', 'topaz', 'sapphire', 'topaz', 'amethyst', 'emerald', 'amethyst', 'sapphire', 'amethyst', 'sapphire', 'topaz', 'amethyst', 'seven', 'diamond', 'amethyst', 'ruby', 'topaz', 'ruby', 'topaz', 'crown', 'topaz', 'emerald', 'sapphire'],
  // biome-ignore format: one strip a line reads best
  ['amethyst', 'topaz', 'sapphire', 'ruby', 'topaz', 'diamond', 'topaz', 'emerald', 'amethyst', 'sapphire', 'crown', 'topaz', 'sapphire', 'amethyst', 'topaz', 'seven', 'topaz', 'emerald', 'amethyst', 'diamond', 'emerald', 'amethyst', 'ruby', 'topaz', 'sapphire'],
  // biome-ignore format: one strip a line reads best
  ['topaz', 'emerald', 'topaz', 'ruby', 'topaz', 'sapphire', 'topaz', 'amethyst', 'seven', 'amethyst', 'topaz', 'amethyst', 'sapphire', 'amethyst', 'emerald', 'amethyst', 'topaz', 'sapphire', 'topaz', 'emerald', 'topaz', 'amethyst', 'ruby', 'sapphire', 'crown'],
];

/**
 * Five-Reel Gems: 5 reels × 3 visible rows, 10 fixed lines, a diamond wild on reels 2–4 and a crown
 * scatter paying 2 / 10 / 50 × the total bet for 3 / 4 / 5 anywhere in view; the bet is spread
 * evenly over the lines. Fewer lines and smaller pays than the fruit game, with a narrower wild.
 *
 * Par sheet (exact, full cycle 25^5 = 9,765,625 combinations, computeParSheet; `npm run parsheet`):
 *   RTP           94.4450 %  (pays 92,231,400 line bets for 97,656,250 staked; 0.944449536)
 *   hit frequency 56.64 % of games win something (5,530,775 / 9,765,625)
 *   volatility    2.01 (standard deviation of one game's win / bet)
 *   top award     5 × seven on a line pays 1,000 × line bet; the best window over the cycle pays
 *                 202.3 × the total bet.
 */
export const gemGame: GameDefinition = {
  id: 'gems5',
  name: 'Five-Reel Gems',
  symbols: gemSymbols,
  reels: gemReels,
  rows: 3,
  // biome-ignore format: one line a row of five reads best
  lines: [
    [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
    [0, 0, 1, 0, 0], [2, 2, 1, 2, 2], [1, 2, 2, 2, 1], [1, 0, 0, 0, 1], [1, 0, 1, 0, 1],
  ],
  paytable: gemLinePays.flatMap(([symbol, pays]) =>
    pays.map((pay, i) => ({ symbols: [symbol], count: 3 + i, pay })),
  ),
  wild: 'diamond',
  scatter: {
    symbol: 'crown',
    pays: [
      { count: 3, pay: 2 },
      { count: 4, pay: 10 },
      { count: 5, pay: 50 },
    ],
  },
  betLevels: [10, 20, 50, 100, 200, 500],
};

export const games: Record<string, GameDefinition> = {
  [classicGame.id]: classicGame,
  [classicSingleLineGame.id]: classicSingleLineGame,
  [videoGame.id]: videoGame,
  [gemGame.id]: gemGame,
};
