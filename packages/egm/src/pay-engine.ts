// The pay tables every spin is scored with: on the machine (evaluate), in the simulator and in the
// par sheet. Built once per game from its paytable (wilds, any-of rules, counts from 1 to every
// reel): a line is a small automaton reading one symbol per reel, and the tables step it two
// reels at a time, with the first two reels' steps looked up by their stops, so a 5-reel line
// costs three lookups.
import type { GameDefinition, PayRule } from './game';
import type { Rng } from './rng';

/** The most line automaton states built (a paytable needing more is refused). */
export const MAX_LINE_STATES = 1 << 16;

export interface PayEngine {
  readonly game: GameDefinition;
  readonly reelCount: number;
  readonly rows: number;
  readonly lineCount: number;
  readonly stripLengths: readonly number[];
  /** The number of symbols. */
  readonly radix: number;
  /** Per reel, at [stop * lineCount + line]: the index in game.symbols of what the line reads. */
  readonly lineSymbols: readonly Uint16Array[];
  /**
   * The line automaton: from state s (0 is the start) reading symbol k leads to
   * step[s * radix + k]. After one symbol from every reel the state says what the line pays.
   */
  readonly step: Int32Array;
  /** Two symbols at once: from s reading j then k leads to pairStep[s * radix² + j * radix + k]. */
  readonly pairStep: Int32Array;
  /**
   * The state after the first two reels (the first alone in a 1-reel game), at
   * [(stop0 * length1 + stop1) * lineCount + line].
   */
  readonly openings: Uint16Array;
  /**
   * For each later pair of reels (2–3, 4–5, …), at [(stopA * lengthB + stopB) * lineCount + line]:
   * the two symbols the line reads there as j * radix + k.
   */
  readonly pairSymbols: readonly Uint16Array[];
  /** With an odd number of reels (3 or more), the last is stepped on its own. */
  readonly lastAlone: boolean;
  /** By state: what a line ending there pays, in line bets (0 when nothing). */
  readonly statePay: Int32Array;
  /** By state: the index in game.paytable of the rule that pays, or -1. */
  readonly stateRule: Int16Array;
  /** Per reel, per stop: how many scatter symbols that reel shows. */
  readonly scatterCounts: readonly Uint8Array[];
  /** By the number of scatters in view: the pay in total bets. */
  readonly scatterPay: Int32Array;
  /** The most one game can pay, in line bets. */
  readonly maxWin: number;
  /** scoreStops for this game: a closure over its tables, shaped for its number of reels. */
  readonly score: Scorer;
}

/** Scores a window (see scoreStops). */
export type Scorer = (stops: ArrayLike<number>, lineRules: Int16Array | null) => number;

type Tables = Omit<PayEngine, 'score'>;

/**
 * The paying rule for a line showing `symbols` (left to right): of the rules whose first `count`
 * positions all show one of their symbols (or the wild), the one that pays most; on a tie, the
 * first in the paytable. null when none pays. The reference the line automaton is built to match.
 */
export function bestLineRule(
  game: GameDefinition,
  symbols: readonly string[],
): { rule: PayRule; index: number } | null {
  let best: { rule: PayRule; index: number } | null = null;
  for (const [index, rule] of game.paytable.entries()) {
    if (best && rule.pay <= best.rule.pay) continue;
    let ok = true;
    for (let r = 0; r < rule.count; r++) {
      const s = symbols[r]!;
      if (!(rule.symbols.includes(s) || s === game.wild)) {
        ok = false;
        break;
      }
    }
    if (ok) best = { rule, index };
  }
  return best && best.rule.pay > 0 ? best : null;
}

/** The pay for `count` scatters in view, in total bets: the best entry for at most that many. */
export function scatterPayFor(game: GameDefinition, count: number): number {
  let pay = 0;
  for (const p of game.scatter?.pays ?? []) if (p.count <= count && p.pay > pay) pay = p.pay;
  return pay;
}

/**
 * Builds the line automaton. A state is what matters after k symbols: the best rule matched so
 * far and the rules that still match every position read and could beat it. Once none could, the
 * state is final whatever follows. Small tables: a line is scored from the first-level cache.
 */
function lineAutomaton(game: GameDefinition) {
  const { paytable, symbols } = game;
  const radix = symbols.length;
  const reels = game.reels.length;
  const accepts = paytable.map((rule) =>
    symbols.map((s) => rule.symbols.includes(s) || s === game.wild),
  );
  /** Rule a pays more than b, or as much and comes first (b = -1: nothing). */
  const beats = (a: number, b: number) =>
    b < 0 ||
    paytable[a]!.pay > paytable[b]!.pay ||
    (paytable[a]!.pay === paytable[b]!.pay && a < b);
  interface State {
    read: number;
    best: number;
    alive: number[];
  }
  const states: State[] = [];
  const ids = new Map<string, number>();
  const idOf = (st: State): number => {
    const key = st.alive.length === 0 ? `final ${st.best}` : `${st.read} ${st.best} ${st.alive}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = states.length;
      if (id >= MAX_LINE_STATES) throw new RangeError(`game ${game.id}: paytable too complex`);
      states.push(st);
      ids.set(key, id);
    }
    return id;
  };
  const all = paytable.flatMap((rule, i) => (rule.pay > 0 ? [i] : []));
  idOf({ read: 0, best: -1, alive: all });
  const next: number[][] = [];
  for (let id = 0; id < states.length; id++) {
    const st = states[id]!;
    next[id] = symbols.map((_, k) => {
      if (st.alive.length === 0 || st.read === reels) return id;
      const read = st.read + 1;
      const matching = st.alive.filter((r) => accepts[r]![k]);
      let best = st.best;
      for (const r of matching) if (paytable[r]!.count === read && beats(r, best)) best = r;
      const alive = matching.filter((r) => paytable[r]!.count > read && beats(r, best));
      return idOf({ read, best, alive });
    });
  }
  const step = new Int32Array(states.length * radix);
  const statePay = new Int32Array(states.length);
  const stateRule = new Int16Array(states.length).fill(-1);
  states.forEach((st, id) => {
    next[id]!.forEach((to, k) => {
      step[id * radix + k] = to;
    });
    if (st.best >= 0) {
      statePay[id] = paytable[st.best]!.pay;
      stateRule[id] = st.best;
    }
  });
  return { step, statePay, stateRule };
}

/** Builds the tables for a game that has passed validateGame. */
export function compilePayEngine(game: GameDefinition): PayEngine {
  const reelCount = game.reels.length;
  const rows = game.rows;
  const lineCount = game.lines.length;
  const radix = game.symbols.length;
  if (radix > 256) throw new RangeError(`game ${game.id}: more than 256 symbols`);
  const index = new Map(game.symbols.map((s, i) => [s, i]));
  const lengths = game.reels.map((s) => s.length);
  const above = Math.floor(rows / 2);
  const shown = (strip: readonly string[], stop: number, row: number) =>
    strip[(((stop + row - above) % strip.length) + strip.length) % strip.length]!;
  const lineSymbols = game.reels.map((strip, reel) => {
    const read = new Uint16Array(strip.length * lineCount);
    for (let stop = 0; stop < strip.length; stop++)
      game.lines.forEach((line, l) => {
        read[stop * lineCount + l] = index.get(shown(strip, stop, line[reel]!))!;
      });
    return read;
  });
  const { step, statePay, stateRule } = lineAutomaton(game);
  const states = statePay.length;
  if (states * radix * radix > 1 << 24)
    throw new RangeError(`game ${game.id}: paytable too complex for pair tables`);
  const pairStep = new Int32Array(states * radix * radix);
  for (let s = 0; s < states; s++)
    for (let j = 0; j < radix; j++)
      for (let k = 0; k < radix; k++)
        pairStep[(s * radix + j) * radix + k] = step[step[s * radix + j]! * radix + k]!;
  /** Every stop pair of reels a and b, each line: f(symbol on a, symbol on b). */
  const byStopPair = (a: number, b: number, f: (j: number, k: number) => number) => {
    const out = new Uint16Array(lengths[a]! * lengths[b]! * lineCount);
    const [readA, readB] = [lineSymbols[a]!, lineSymbols[b]!];
    for (let i = 0; i < lengths[a]!; i++)
      for (let n = 0; n < lengths[b]!; n++)
        for (let l = 0; l < lineCount; l++)
          out[(i * lengths[b]! + n) * lineCount + l] = f(
            readA[i * lineCount + l]!,
            readB[n * lineCount + l]!,
          );
    return out;
  };
  let openings: Uint16Array;
  if (reelCount === 1) openings = lineSymbols[0]!.map((k) => step[k]!);
  else openings = byStopPair(0, 1, (j, k) => pairStep[j * radix + k]!);
  const pairSymbols: Uint16Array[] = [];
  for (let a = 2; a + 1 < reelCount; a += 2)
    pairSymbols.push(byStopPair(a, a + 1, (j, k) => j * radix + k));
  const scatter = game.scatter?.symbol;
  const scatterCounts = game.reels.map((strip) => {
    const counts = new Uint8Array(strip.length);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < rows; row++)
        if (shown(strip, stop, row) === scatter) counts[stop]! += 1;
    return counts;
  });
  const scatterPay = new Int32Array(reelCount * rows + 1);
  for (let n = 0; n < scatterPay.length; n++) scatterPay[n] = scatterPayFor(game, n);
  const maxWin = lineCount * Math.max(...statePay) + lineCount * Math.max(...scatterPay);
  if (maxWin > 2 ** 31 - 1) throw new RangeError(`game ${game.id}: pays too large`);
  const tables: Tables = {
    game,
    reelCount,
    rows,
    lineCount,
    stripLengths: lengths,
    radix,
    lineSymbols,
    step,
    pairStep,
    openings,
    pairSymbols,
    lastAlone: reelCount >= 3 && reelCount % 2 === 1,
    statePay,
    stateRule,
    scatterCounts,
    scatterPay,
    maxWin,
  };
  return { ...tables, score: scorer(tables) };
}

/**
 * The scoring closure: each line's end state from the tables (lineEnds), then its pay and the
 * scatter's. It runs for every simulated game.
 */
function scorer(t: Tables): Scorer {
  const { lineCount: lines, reelCount, statePay, stateRule, scatterCounts, scatterPay } = t;
  const withScatter = scatterCounts.some((c) => c.some((n) => n > 0));
  const fill = lineEnds(t);
  const ends = new Int32Array(lines);
  return (stops, rules) => {
    fill(stops, ends);
    let win = 0;
    for (let l = 0; l < lines; l++) {
      const s = ends[l]!;
      win += statePay[s]!;
      if (rules !== null) rules[l] = stateRule[s]!;
    }
    if (!withScatter) return win;
    let n = 0;
    for (let r = 0; r < reelCount; r++) n += scatterCounts[r]![stops[r]!]!;
    return win + scatterPay[n]! * lines;
  };
}

/**
 * Writes each line's end state at `stops` into `ends`. The common shapes (up to 5 reels) each get
 * a loop of their own with no per-line branching on the shape.
 */
function lineEnds(t: Tables): (stops: ArrayLike<number>, ends: Int32Array) => void {
  const { lineCount: lines, radix, openings, pairStep, step } = t;
  const { reelCount, stripLengths: lengths, lineSymbols, pairSymbols } = t;
  const square = radix * radix;
  const len1 = lengths[1] ?? 1;
  const len3 = lengths[3] ?? 1;
  const opening = (stops: ArrayLike<number>) =>
    (reelCount === 1 ? stops[0]! : stops[0]! * len1 + stops[1]!) * lines;
  const pair = pairSymbols[0]!;
  const last = lineSymbols[reelCount - 1]!;
  switch (reelCount) {
    case 1:
    case 2:
      return (stops, ends) => {
        const o = opening(stops);
        for (let l = 0; l < lines; l++) ends[l] = openings[o + l]!;
      };
    case 3:
      return (stops, ends) => {
        const o = opening(stops);
        const z = stops[2]! * lines;
        for (let l = 0; l < lines; l++) ends[l] = step[openings[o + l]! * radix + last[z + l]!]!;
      };
    case 4:
      return (stops, ends) => {
        const o = opening(stops);
        const a = (stops[2]! * len3 + stops[3]!) * lines;
        for (let l = 0; l < lines; l++)
          ends[l] = pairStep[openings[o + l]! * square + pair[a + l]!]!;
      };
    case 5:
      return (stops, ends) => {
        const o = opening(stops);
        const a = (stops[2]! * len3 + stops[3]!) * lines;
        const z = stops[4]! * lines;
        for (let l = 0; l < lines; l++)
          ends[l] =
            step[pairStep[openings[o + l]! * square + pair[a + l]!]! * radix + last[z + l]!]!;
      };
    default: {
      const at = new Int32Array(pairSymbols.length);
      const lastAlone = t.lastAlone;
      return (stops, ends) => {
        const o = opening(stops);
        for (let g = 0, r = 2; g < at.length; g++, r += 2)
          at[g] = (stops[r]! * lengths[r + 1]! + stops[r + 1]!) * lines;
        const z = stops[reelCount - 1]! * lines;
        for (let l = 0; l < lines; l++) {
          let s = openings[o + l]!;
          for (let g = 0; g < at.length; g++)
            s = pairStep[s * square + pairSymbols[g]![at[g]! + l]!]!;
          ends[l] = lastAlone ? step[s * radix + last[z + l]!]! : s;
        }
      };
    }
  }
}

/** The state a line reading `symbols` (indices into game.symbols) ends in, one step at a time. */
export function lineState(e: PayEngine, symbols: ArrayLike<number>): number {
  let s = 0;
  for (let r = 0; r < e.reelCount; r++) s = e.step[s * e.radix + symbols[r]!]!;
  return s;
}

/**
 * Draws one stop per reel from `rng` into `out`: how every game picks its outcome. Throws, and
 * leaves the game unplayed, if the RNG answers outside a strip.
 */
export function drawStops(e: PayEngine, rng: Rng, out: number[] | Int32Array): void {
  const lengths = e.stripLengths;
  for (let r = 0; r < e.reelCount; r++) {
    const n = lengths[r]!;
    const v = rng(n);
    if (!Number.isInteger(v) || v < 0 || v >= n)
      throw new Error(`rng returned ${v}, outside 0..${n - 1}`);
    out[r] = v;
  }
}

/** How many scatter symbols the window shows at these stops. */
export function scatterCount(e: PayEngine, stops: ArrayLike<number>): number {
  let n = 0;
  for (let r = 0; r < e.reelCount; r++) n += e.scatterCounts[r]![stops[r]!]!;
  return n;
}

/**
 * Scores the window at `stops` (each within its strip: not checked here): the win in line bets,
 * lines and scatter together. With `lineRules`, writes each line's paying rule (or -1) into it.
 */
export function scoreStops(
  e: PayEngine,
  stops: ArrayLike<number>,
  lineRules: Int16Array | null,
): number {
  return e.score(stops, lineRules);
}
