// Plays many games the way the machine does (drawStops with its RNG, scored by the same pay
// tables evaluate() uses) and measures them, for the benchmark and the statistical tests.
import { type GameDefinition, payEngineFor } from './game';
import { drawStops, scoreStops } from './pay-engine';
import { cryptoRng, type Rng } from './rng';

/** Two-sided 99 % normal quantile. */
const Z99 = 2.5758293035489004;

export interface SpinStatistics {
  spins: number;
  /** Measured win / bet. */
  rtp: number;
  /** 99 % confidence interval for the RTP (normal approximation; n is large). */
  rtpLow: number;
  rtpHigh: number;
  /** Share of games that won anything. */
  hitFrequency: number;
  /** Sample standard deviation of one game's win / bet. */
  volatility: number;
}

/**
 * Plays `spins` games with `rng` at one line bet a line; returns counts of games by win (in line
 * bets), adding to `histogram` when given (one from an earlier call for the same game).
 */
export function playSpins(
  game: GameDefinition,
  spins: number,
  rng: Rng = cryptoRng,
  histogram?: Float64Array,
): Float64Array {
  const e = payEngineFor(game);
  const counts = histogram ?? new Float64Array(e.maxWin + 1);
  if (counts.length !== e.maxWin + 1) throw new RangeError('histogram is for another game');
  const stops = new Int32Array(e.reelCount);
  for (let i = 0; i < spins; i++) {
    drawStops(e, rng, stops);
    counts[scoreStops(e, stops, null)]! += 1;
  }
  return counts;
}

export function spinStatistics(game: GameDefinition, histogram: Float64Array): SpinStatistics {
  const lines = game.lines.length;
  let spins = 0;
  let hits = 0;
  let sum = 0;
  let sumSquares = 0;
  histogram.forEach((count, win) => {
    if (count === 0) return;
    spins += count;
    if (win > 0) hits += count;
    sum += win * count;
    sumSquares += win * win * count;
  });
  if (spins === 0) throw new RangeError('no games played');
  const mean = sum / spins;
  const variance = spins > 1 ? (sumSquares - spins * mean * mean) / (spins - 1) : 0;
  const sd = Math.sqrt(Math.max(0, variance)) / lines;
  const rtp = mean / lines;
  const half = (Z99 * sd) / Math.sqrt(spins);
  return {
    spins,
    rtp,
    rtpLow: rtp - half,
    rtpHigh: rtp + half,
    hitFrequency: hits / spins,
    volatility: sd,
  };
}
