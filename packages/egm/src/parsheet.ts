// The par sheet: a game's exact return to player, hit frequency and volatility over its full cycle
// (every combination of reel stops, each equally likely), scored with the tables the machine pays
// with. Two independent counts must agree to the unit:
// - per rule: each row of a strip shows every stop once per turn, so every line sees each reel's
//   symbols in proportion to the strip, and the combinations giving a line a set of symbols are
//   the product of their counts on the reels; scatters likewise, convolved reel by reel;
// - per game: every combination enumerated, its total win counted in a histogram, which gives the
//   hit frequency and the variance (lines on one window are not independent, so these need it).
import { type GameDefinition, payEngineFor } from './game';
import type { PayEngine } from './pay-engine';

export interface RuleContribution {
  /** Pay rule name with its count, e.g. '3 × seven', or 'scatter 3 × star'. */
  name: string;
  kind: 'line' | 'scatter';
  /** Index in game.paytable for a line rule; the count of scatters for a scatter pay. */
  index: number;
  count: number;
  /** Multiple of the line bet (line rule) or of the total bet (scatter). */
  pay: number;
  /** Line wins (a game may count several) or games (scatter) over the cycle. */
  hits: number;
  /** This rule's part of the RTP. */
  rtp: number;
}

export interface ParSheet {
  gameId: string;
  /** Number of stop combinations (product of strip lengths). */
  cycle: number;
  lines: number;
  /** Expected win / bet over the full cycle, e.g. 0.945 for 94.5 %. */
  rtp: number;
  /** Total win over the cycle, in line bets, with one line bet on every line every game. */
  totalPay: number;
  /** Games in the cycle that win anything. */
  hits: number;
  /** Share of games that win anything. */
  hitFrequency: number;
  /** Standard deviation of one game's win divided by its bet. */
  volatility: number;
  /** The biggest win over the cycle, as a multiple of the total bet. */
  topAward: number;
  rules: RuleContribution[];
}

/** Beyond this many combinations the enumeration is refused (about 10 s here). */
export const MAX_CYCLE = 100_000_000;

interface RuleCount {
  cycle: number;
  lines: number;
  /** Per paytable index: combinations in which one given line pays it. */
  lineCombos: number[];
  /** Per number of scatters in view: combinations. */
  scatterCombos: number[];
  /** Total win over the cycle in line bets. */
  totalPay: number;
}

/** Per rule counting (see the top of the file): exact and fast, but says nothing per game. */
function countRules(e: PayEngine): RuleCount {
  const { game, radix, step } = e;
  const states = e.statePay.length;
  // Combinations of the reels read so far that bring one line to each state.
  let reached = new Float64Array(states);
  reached[0] = 1;
  for (const strip of game.reels) {
    const freq = new Array<number>(radix).fill(0);
    for (const s of strip) freq[game.symbols.indexOf(s)]! += 1;
    const next = new Float64Array(states);
    reached.forEach((combos, state) => {
      if (combos === 0) return;
      freq.forEach((f, k) => {
        if (f > 0) next[step[state * radix + k]!]! += combos * f;
      });
    });
    reached = next;
  }
  const lineCombos = new Array<number>(game.paytable.length).fill(0);
  let linePay = 0;
  reached.forEach((combos, state) => {
    const k = e.stateRule[state]!;
    if (combos === 0 || k < 0) return;
    lineCombos[k]! += combos;
    linePay += combos * e.statePay[state]!;
  });
  let scatterCombos = [1];
  for (const counts of e.scatterCounts) {
    const next = new Array<number>(scatterCombos.length + e.rows).fill(0);
    for (const c of counts)
      scatterCombos.forEach((n, k) => {
        next[k + c]! += n;
      });
    scatterCombos = next;
  }
  let scatterPay = 0;
  scatterCombos.forEach((n, k) => {
    scatterPay += n * e.scatterPay[k]!;
  });
  const cycle = e.stripLengths.reduce((a, b) => a * b, 1);
  const totalPay = game.lines.length * (linePay + scatterPay);
  for (const x of [cycle, totalPay, ...lineCombos, ...scatterCombos])
    if (!Number.isSafeInteger(x)) throw new RangeError(`game ${game.id}: counts overflow`);
  return { cycle, lines: game.lines.length, lineCombos, scatterCombos, totalPay };
}

/**
 * Every combination of stops, reel by reel: each line's automaton state is carried down, so the
 * last reel takes one step per line. Returns counts of games by total win (line bets).
 */
function enumerateWins(e: PayEngine): Float64Array {
  const { reelCount: n, lineCount: lines, lineSymbols: codes, scatterPay } = e;
  const { step, statePay, radix } = e;
  const histogram = new Float64Array(e.maxWin + 1);
  const partial = Array.from({ length: n }, () => new Int32Array(lines));
  const down = (reel: number, scatters: number): void => {
    const c = codes[reel]!;
    const len = e.stripLengths[reel]!;
    const sc = e.scatterCounts[reel]!;
    const from = partial[reel]!;
    if (reel === n - 1) {
      for (let stop = 0, at = 0; stop < len; stop++) {
        let win = scatterPay[scatters + sc[stop]!]! * lines;
        for (let l = 0; l < lines; l++, at++) win += statePay[step[from[l]! * radix + c[at]!]!]!;
        histogram[win]! += 1;
      }
      return;
    }
    const to = partial[reel + 1]!;
    for (let stop = 0, at = 0; stop < len; stop++) {
      for (let l = 0; l < lines; l++, at++) to[l] = step[from[l]! * radix + c[at]!]!;
      down(reel + 1, scatters + sc[stop]!);
    }
  };
  down(0, 0);
  return histogram;
}

/** The game's design RTP (exact, by rule counting; computeParSheet checks it game by game). */
export function designRtp(game: GameDefinition): number {
  const r = countRules(payEngineFor(game));
  return r.totalPay / (r.cycle * r.lines);
}

export function computeParSheet(game: GameDefinition): ParSheet {
  const e = payEngineFor(game);
  const counted = countRules(e);
  const { cycle, lines } = counted;
  if (cycle > MAX_CYCLE) throw new RangeError(`cycle of ${cycle} is too large to enumerate`);
  const histogram = enumerateWins(e);
  let games = 0;
  let hits = 0;
  let totalPay = 0;
  let sumSquares = 0n;
  let topWin = 0;
  histogram.forEach((count, win) => {
    if (count === 0) return;
    games += count;
    totalPay += win * count;
    sumSquares += BigInt(win * win) * BigInt(count);
    if (win > 0) {
      hits += count;
      topWin = win;
    }
  });
  if (games !== cycle || totalPay !== counted.totalPay)
    throw new Error(
      `game ${game.id}: enumeration (${games} games, ${totalPay} paid) disagrees with rule counts (${cycle}, ${counted.totalPay})`,
    );
  // Variance of one game's win in line bets, times cycle², exactly: N·Σw² − (Σw)².
  const spread = BigInt(cycle) * sumSquares - BigInt(totalPay) ** 2n;
  const totalBet = cycle * lines;
  const rules: RuleContribution[] = [];
  counted.lineCombos.forEach((combos, index) => {
    if (combos === 0) return;
    const rule = game.paytable[index]!;
    rules.push({
      name: `${rule.count} × ${rule.name ?? rule.symbols.join('/')}`,
      kind: 'line',
      index,
      count: rule.count,
      pay: rule.pay,
      hits: combos * lines,
      rtp: (combos * lines * rule.pay) / totalBet,
    });
  });
  counted.scatterCombos.forEach((combos, count) => {
    const pay = e.scatterPay[count]!;
    if (combos === 0 || pay === 0) return;
    rules.push({
      name: `scatter ${count} × ${game.scatter!.symbol}`,
      kind: 'scatter',
      index: count,
      count,
      pay,
      hits: combos,
      rtp: (combos * pay) / cycle,
    });
  });
  return {
    gameId: game.id,
    cycle,
    lines,
    rtp: totalPay / totalBet,
    totalPay,
    hits,
    hitFrequency: hits / cycle,
    volatility: Math.sqrt(Number(spread)) / cycle / lines,
    topAward: topWin / lines,
    rules,
  };
}
