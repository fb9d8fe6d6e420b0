// The par sheet: exact return to player and hit frequency, by enumerating every combination of
// reel stops (the full cycle) and evaluating it with the same code the machine pays with.
import { evaluate, type GameDefinition, validateGame } from './game';

export interface ParSheet {
  /** Expected win / bet over the full cycle, e.g. 0.945 for 94.5 %. */
  rtp: number;
  /** Share of games that win anything. */
  hitFrequency: number;
  /** Number of stop combinations (product of strip lengths). */
  cycle: number;
  /** Games in the cycle that win. */
  hits: number;
  /** Total win over the cycle, in line-bet units (one line bet per line). */
  totalPay: number;
  /** Wins counted per pay rule name (line wins, so a game can count more than once). */
  ruleHits: Record<string, number>;
}

export function computeParSheet(game: GameDefinition): ParSheet {
  validateGame(game);
  const lengths = game.reels.map((s) => s.length);
  const cycle = lengths.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(cycle) || cycle > 50_000_000)
    throw new RangeError(`cycle of ${cycle} is too large to enumerate`);
  // A bet of one unit per line makes every pay exact.
  const bet = game.lines.length;
  const stops = lengths.map(() => 0);
  let totalPay = 0;
  let hits = 0;
  const ruleHits: Record<string, number> = {};
  for (let n = 0; n < cycle; n++) {
    const outcome = evaluate(game, stops, bet);
    if (outcome.win > 0) hits++;
    totalPay += outcome.win;
    for (const l of outcome.lines) {
      const key = `${l.count}x${l.symbol}`;
      ruleHits[key] = (ruleHits[key] ?? 0) + 1;
    }
    // Odometer step over all reels.
    for (let r = stops.length - 1; r >= 0; r--) {
      stops[r] = stops[r]! + 1;
      if (stops[r]! < lengths[r]!) break;
      stops[r] = 0;
    }
  }
  return {
    rtp: totalPay / (cycle * bet),
    hitFrequency: hits / cycle,
    cycle,
    hits,
    totalPay,
    ruleHits,
  };
}
