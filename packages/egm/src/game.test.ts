import { describe, expect, it } from 'vitest';
import { evaluate, type GameDefinition, gridFor, validateGame } from './game';
import { classicGame } from './games';

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

describe('validateGame', () => {
  it('accepts the classic game and rejects bets that do not split over the lines', () => {
    expect(() => validateGame(classicGame)).not.toThrow();
    const bad: GameDefinition = { ...classicGame, betLevels: [10, 12] };
    expect(() => validateGame(bad)).toThrow(/divide/);
  });

  it('rejects unknown symbols on a strip', () => {
    const bad: GameDefinition = { ...classicGame, reels: [['seven'], ['seven'], ['banana']] };
    expect(() => validateGame(bad)).toThrow(/banana/);
  });
});
