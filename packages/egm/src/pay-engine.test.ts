import { describe, expect, it } from 'vitest';
import { type GameDefinition, gridFor, payEngineFor } from './game';
import { classicGame, classicSingleLineGame, videoGame } from './games';
import { bestLineRule, drawStops, lineState, scatterPayFor, scoreStops } from './pay-engine';
import { seededRng } from './rng';

/** The win in line bets the plain way: read every line off the grid and apply the rules. */
function reference(game: GameDefinition, stops: number[]): number {
  const grid = gridFor(game, stops);
  let win = 0;
  for (const line of game.lines)
    win +=
      bestLineRule(
        game,
        line.map((row, r) => grid[r]![row]!),
      )?.rule.pay ?? 0;
  const scatters = grid.flat().filter((s) => s === game.scatter?.symbol).length;
  return win + scatterPayFor(game, scatters) * game.lines.length;
}

describe('pay engine', () => {
  it('steps every line of five symbols to the rule the plain matcher picks', () => {
    const e = payEngineFor(videoGame);
    const n = videoGame.symbols.length;
    const symbols = [0, 0, 0, 0, 0];
    for (let v = 0; v < n ** 5; v++) {
      for (let r = 0, rest = v; r < 5; r++, rest = Math.floor(rest / n)) symbols[r] = rest % n;
      const best = bestLineRule(
        videoGame,
        symbols.map((k) => videoGame.symbols[k]!),
      );
      const s = lineState(e, symbols);
      if (e.stateRule[s] !== (best?.index ?? -1) || e.statePay[s] !== (best?.rule.pay ?? 0))
        expect.fail(`line ${symbols.map((k) => videoGame.symbols[k]).join(' ')}`);
    }
  });

  it('scores every window of the classic games like the plain matcher', () => {
    for (const game of [classicGame, classicSingleLineGame]) {
      const e = payEngineFor(game);
      for (let a = 0; a < 22; a++)
        for (let b = 0; b < 22; b++)
          for (let c = 0; c < 22; c++)
            if (scoreStops(e, [a, b, c], null) !== reference(game, [a, b, c]))
              expect.fail(`${game.id} at ${a},${b},${c}`);
    }
  });

  it('scores random windows of the video slot like the plain matcher, line by line', () => {
    const e = payEngineFor(videoGame);
    const rng = seededRng(2024);
    const stops = new Int32Array(5);
    const rules = new Int16Array(20);
    for (let i = 0; i < 5_000; i++) {
      drawStops(e, rng, stops);
      const plain = [...stops];
      const grid = gridFor(videoGame, plain);
      const expected = videoGame.lines.map(
        (line) =>
          bestLineRule(
            videoGame,
            line.map((row, r) => grid[r]![row]!),
          )?.index ?? -1,
      );
      const win = scoreStops(e, stops, rules);
      if (win !== reference(videoGame, plain) || expected.some((k, l) => rules[l] !== k))
        expect.fail(`window at ${plain}`);
    }
  });

  it('handles games of 1, 2, 4 and 6 reels', () => {
    const reels = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 2 ? ['A', 'B', 'W'] : ['A', 'B']));
    for (const n of [1, 2, 4, 6]) {
      const game: GameDefinition = {
        id: `r${n}`,
        name: 'Reels',
        symbols: ['A', 'B', 'W'],
        reels: reels(n),
        rows: 1,
        lines: [Array(n).fill(0)],
        paytable: Array.from({ length: n }, (_, i) => ({
          symbols: ['A'],
          count: i + 1,
          pay: i + 1,
        })),
        wild: 'W',
        betLevels: [1],
      };
      const e = payEngineFor(game);
      const lengths = game.reels.map((s) => s.length);
      const cycle = lengths.reduce((x, y) => x * y, 1);
      for (let k = 0; k < cycle; k++) {
        let rest = k;
        const stops = lengths.map((len) => {
          const stop = rest % len;
          rest = Math.floor(rest / len);
          return stop;
        });
        expect(scoreStops(e, stops, null), `${n} reels ${stops}`).toBe(reference(game, stops));
      }
    }
  });
});
