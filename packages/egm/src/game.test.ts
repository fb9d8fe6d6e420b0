import { describe, expect, it } from 'vitest';
import { evaluate, type GameDefinition, gridFor, validateGame } from './game';
import { classicGame, videoGame } from './games';

const payOf = (symbol: string, count: number) =>
  classicGame.paytable.find(
    (r) => r.symbols.length === 1 && r.symbols[0] === symbol && r.count === count,
  )!.pay;

describe('evaluate (Golden Sevens)', () => {
  it('shows strip[stop] on the middle row with its neighbours above and below', () => {
    const grid = gridFor(classicGame, [0, 0, 0]);
    expect(grid).toEqual([
      ['bar', 'seven', 'lemon'],
      ['bar', 'seven', 'plum'],
      ['bar', 'seven', 'bell'],
    ]);
  });

  it('pays three 7s on the middle line at the paytable amount times the line bet', () => {
    // Stops 0/0/0: 7-7-7 across the middle, BAR-BAR-BAR across the top; nothing else.
    const bet = 50; // 5 lines → 10 a line
    const outcome = evaluate(classicGame, [0, 0, 0], bet);
    expect(payOf('seven', 3)).toBe(300);
    expect(outcome.lines).toEqual([
      { line: 0, symbol: 'seven', count: 3, pay: 300 * 10 },
      { line: 1, symbol: 'bar', count: 3, pay: 30 * 10 },
    ]);
    expect(outcome.win).toBe(3300);
    // Twice the bet, twice the pay.
    expect(evaluate(classicGame, [0, 0, 0], 100).win).toBe(6600);
  });

  it('pays nothing for a display with no winning line', () => {
    // lemon/cherry/bell in the middle: a cherry only pays from the leftmost reel.
    const outcome = evaluate(classicGame, [1, 2, 1], 100);
    expect(outcome.grid[0]![1]).toBe('lemon');
    expect(outcome.grid[1]![1]).toBe('cherry');
    expect(outcome.lines).toEqual([]);
    expect(outcome.win).toBe(0);
  });

  it('pays a single cherry on the first reel, on that line only', () => {
    const outcome = evaluate(classicGame, [3, 1, 1], 100);
    expect(outcome.lines).toEqual([{ line: 0, symbol: 'cherry', count: 1, pay: 2 * 20 }]);
    expect(outcome.win).toBe(40);
  });

  it('pays "any bar" for a mix of BAR and 2BAR but the better rule for three alike', () => {
    // Reel 1 stop 7 = bar2, reel 2 stop 3 = bar, reel 3 stop 5 = bar2 on the middle row.
    const mixed = evaluate(classicGame, [7, 3, 5], 100);
    expect(mixed.lines.find((l) => l.line === 0)).toEqual({
      line: 0,
      symbol: 'any-bar',
      count: 3,
      pay: 10 * 20,
    });
    const doubles = evaluate(classicGame, [7, 6, 5], 100);
    expect(doubles.lines.find((l) => l.line === 0)?.symbol).toBe('bar2');
    expect(doubles.lines.find((l) => l.line === 0)?.pay).toBe(100 * 20);
  });

  it('rejects stops off the strips', () => {
    expect(() => evaluate(classicGame, [0, 0], 10)).toThrow(RangeError);
    expect(() => evaluate(classicGame, [0, 0, 22], 10)).toThrow(RangeError);
    expect(() => evaluate(classicGame, [0, -1, 0], 10)).toThrow(RangeError);
  });
});

describe('evaluate (Fruit Fiesta: wild and scatter)', () => {
  // Bet 20 over 20 lines: a line bet of 1, so a line pays its paytable multiple.
  it('lets the wild stand in on a line, and pays the best reading of each line', () => {
    // Middle row: seven, WILD, seven, lemon, bell → 3 × seven (50). Line 15 (rows 2,1,2,1,2):
    // lemon, WILD, lemon, lemon, lemon → 5 × lemon (50).
    const o = evaluate(videoGame, [13, 2, 0, 4, 4], 20);
    expect(o.grid.map((c) => c[1])).toEqual(['seven', 'wild', 'seven', 'lemon', 'bell']);
    expect(o.lines).toEqual([
      { line: 0, symbol: 'seven', count: 3, pay: 50 },
      { line: 14, symbol: 'lemon', count: 5, pay: 50 },
    ]);
    expect(o.scatter).toBeNull();
    expect(o.win).toBe(100);
  });

  it('pays five sevens for a seven followed by four wilds', () => {
    const o = evaluate(videoGame, [13, 2, 2, 7, 2], 20);
    expect(o.grid.map((c) => c[1])).toEqual(['seven', 'wild', 'wild', 'wild', 'wild']);
    expect(o.lines.find((l) => l.line === 0)).toEqual({
      line: 0,
      symbol: 'seven',
      count: 5,
      pay: 2500,
    });
  });

  it('pays scatters anywhere in view, times the total bet, on top of the lines', () => {
    // Stars on the middle row of reels 1–3 (and a wild top right that completes no line).
    const three = evaluate(videoGame, [6, 6, 20, 1, 1], 20);
    expect(three.lines).toEqual([]);
    expect(three.scatter).toEqual({
      symbol: 'star',
      count: 3,
      pay: 5 * 20,
      cells: [
        [0, 1],
        [1, 1],
        [2, 1],
      ],
    });
    expect(three.win).toBe(100);
    // Five stars: 100 × the total bet; stars are not wild and pay on no line.
    const five = evaluate(videoGame, [6, 6, 20, 17, 11], 200);
    expect(five.scatter?.count).toBe(5);
    expect(five.scatter?.pay).toBe(100 * 200);
    expect(five.lines).toEqual([]);
    expect(five.win).toBe(20_000);
  });

  it('does not let the wild stand in for the scatter', () => {
    // Two stars and a wild where a third star would be: no scatter pay.
    const o = evaluate(videoGame, [6, 6, 18, 1, 1], 20);
    expect(o.grid[2]![1]).toBe('wild');
    expect(o.scatter).toBeNull();
  });
});

describe('validateGame', () => {
  it('accepts the classic game and rejects bets that do not split over the lines', () => {
    expect(() => validateGame(classicGame)).not.toThrow();
    const bad: GameDefinition = { ...classicGame, betLevels: [10, 12] };
    expect(() => validateGame(bad)).toThrow(/divide/);
  });

  it('rejects a scatter in a line rule and an unknown wild', () => {
    const scatterOnLine: GameDefinition = {
      ...videoGame,
      paytable: [{ symbols: ['star'], count: 3, pay: 5 }],
    };
    expect(() => validateGame(scatterOnLine)).toThrow(/scatter/);
    expect(() => validateGame({ ...videoGame, wild: 'joker' })).toThrow(/joker/);
  });

  it('rejects unknown symbols on a strip', () => {
    const bad: GameDefinition = { ...classicGame, reels: [['seven'], ['seven'], ['banana']] };
    expect(() => validateGame(bad)).toThrow(/banana/);
  });
});
