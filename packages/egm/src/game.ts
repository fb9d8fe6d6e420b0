// Game definitions and the pure pay evaluation. Money is always an integer number of hundredths.
import { compilePayEngine, type PayEngine, scatterCount, scoreStops } from './pay-engine';

/**
 * A line pay rule: pays when the first `count` positions of a line (left to right) all show one of
 * `symbols` or the game's wild.
 */
export interface PayRule {
  /** Accepted symbols; more than one makes an "any of" rule such as any bar. */
  symbols: readonly string[];
  /** How many positions, counted from the leftmost reel, must match. */
  count: number;
  /** Pay as a multiple of the line bet (the total bet divided by the number of lines). */
  pay: number;
  /** Reported as the line's `symbol`; defaults to the first accepted symbol (e.g. 'any-bar'). */
  name?: string;
}

/** Pays for scatter symbols anywhere in view, on any reel and row, lines or not. */
export interface ScatterRule {
  symbol: string;
  /** n scatters in view pay the best entry with count ≤ n, as a multiple of the total bet. */
  pays: readonly { count: number; pay: number }[];
}

export interface GameDefinition {
  id: string;
  name: string;
  /** Every symbol id the strips use, in rank order (used by the renderer's legend and checks). */
  symbols: readonly string[];
  /** One strip per reel, read top to bottom; a stop is an index into its strip. */
  reels: readonly (readonly string[])[];
  /** Visible rows per reel. Row r of a reel shows strip[(stop + r - floor(rows / 2)) mod length]. */
  rows: number;
  /** Paylines: for each line, the visible row read on each reel (0 = top). */
  lines: readonly (readonly number[])[];
  /** On each line only the best-paying matching rule pays (the first of equals). */
  paytable: readonly PayRule[];
  /** A symbol that stands in for any symbol of a line rule (never for the scatter). */
  wild?: string;
  /** Paid on top of the lines. */
  scatter?: ScatterRule;
  /** Allowed total bets in hundredths, ascending; each must divide evenly by the number of lines. */
  betLevels: readonly number[];
}

export interface LineWin {
  /** Index into game.lines. */
  line: number;
  /** The winning rule's name (a symbol id, or e.g. 'any-bar'). */
  symbol: string;
  /** How many positions matched from the left. */
  count: number;
  /** Hundredths. */
  pay: number;
}

export interface ScatterWin {
  symbol: string;
  count: number;
  /** Hundredths. */
  pay: number;
  /** Where the scatters are: [reel, row] pairs. */
  cells: [number, number][];
}

export interface SpinOutcome {
  stops: number[];
  /** grid[reel][row]: the symbols shown, row 0 at the top. */
  grid: string[][];
  /** Total win in hundredths: the lines plus the scatter. */
  win: number;
  lines: LineWin[];
  /** The scatter pay, or null. */
  scatter: ScatterWin | null;
}

/** Throws a descriptive Error when the definition cannot be played. */
export function validateGame(game: GameDefinition): void {
  const fail = (why: string): never => {
    throw new Error(`game ${game.id}: ${why}`);
  };
  if (game.reels.length < 1) fail('needs at least one reel');
  if (!Number.isInteger(game.rows) || game.rows < 1) fail('rows must be a positive integer');
  const known = new Set(game.symbols);
  if (known.size !== game.symbols.length) fail('symbols must be distinct');
  for (const [i, strip] of game.reels.entries()) {
    if (strip.length < 1) fail(`reel ${i} is empty`);
    for (const s of strip) if (!known.has(s)) fail(`reel ${i} uses unknown symbol ${s}`);
  }
  if (game.lines.length < 1) fail('needs at least one line');
  for (const [i, line] of game.lines.entries()) {
    if (line.length !== game.reels.length) fail(`line ${i} must name one row per reel`);
    for (const row of line)
      if (!Number.isInteger(row) || row < 0 || row >= game.rows) fail(`line ${i} row ${row}`);
  }
  if (game.paytable.length > 32_000) fail('too many pay rules');
  for (const [i, rule] of game.paytable.entries()) {
    if (!Number.isInteger(rule.count) || rule.count < 1 || rule.count > game.reels.length)
      fail(`pay rule ${i} count`);
    if (!Number.isSafeInteger(rule.pay) || rule.pay < 0) fail(`pay rule ${i} pay`);
    if (rule.symbols.length < 1) fail(`pay rule ${i} has no symbols`);
    for (const s of rule.symbols) if (!known.has(s)) fail(`pay rule ${i} uses unknown ${s}`);
    if (game.scatter && rule.symbols.includes(game.scatter.symbol))
      fail(`pay rule ${i} uses the scatter, which pays on its own`);
  }
  if (game.wild !== undefined && !known.has(game.wild)) fail(`unknown wild ${game.wild}`);
  if (game.scatter) {
    const { symbol, pays } = game.scatter;
    if (!known.has(symbol)) fail(`unknown scatter ${symbol}`);
    if (symbol === game.wild) fail('the wild cannot be the scatter');
    for (const [i, p] of pays.entries()) {
      if (!Number.isInteger(p.count) || p.count < 1 || p.count > game.reels.length * game.rows)
        fail(`scatter pay ${i} count`);
      if (!Number.isSafeInteger(p.pay) || p.pay < 0) fail(`scatter pay ${i} pay`);
    }
  }
  if (game.betLevels.length < 1) fail('needs at least one bet level');
  let prev = 0;
  for (const b of game.betLevels) {
    if (!Number.isSafeInteger(b) || b <= prev)
      fail('bet levels must be ascending positive integers');
    if (b % game.lines.length !== 0) fail(`bet ${b} does not divide by ${game.lines.length} lines`);
    prev = b;
  }
}

const engines = new WeakMap<GameDefinition, PayEngine>();

/** The game's pay tables (validating it the first time): what every spin is scored with. */
export function payEngineFor(game: GameDefinition): PayEngine {
  let e = engines.get(game);
  if (!e) {
    validateGame(game);
    e = compilePayEngine(game);
    engines.set(game, e);
  }
  return e;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** The symbols shown for the given stops: grid[reel][row], row 0 at the top. */
export function gridFor(game: GameDefinition, stops: readonly number[]): string[][] {
  const above = Math.floor(game.rows / 2);
  return game.reels.map((strip, r) => {
    const stop = stops[r] ?? 0;
    const column: string[] = [];
    for (let row = 0; row < game.rows; row++)
      column.push(strip[mod(stop + row - above, strip.length)]!);
    return column;
  });
}

/**
 * Pure pay evaluation: the win for `bet` (hundredths, the total over all lines) with the reels
 * stopped at `stops`. Each line pays its best matching rule × the line bet (bet / lines), rounded
 * down; the scatter pays its multiple × the whole bet. Scored by the same tables the simulator
 * and the par sheet use.
 */
export function evaluate(game: GameDefinition, stops: readonly number[], bet: number): SpinOutcome {
  const e = payEngineFor(game);
  if (stops.length !== game.reels.length)
    throw new RangeError(`expected ${game.reels.length} stops, got ${stops.length}`);
  for (const [r, stop] of stops.entries()) {
    const length = game.reels[r]!.length;
    if (!Number.isInteger(stop) || stop < 0 || stop >= length)
      throw new RangeError(`stop ${stop} is outside reel ${r} (0..${length - 1})`);
  }
  if (!Number.isSafeInteger(bet) || bet < 0) throw new RangeError(`invalid bet ${bet}`);
  const rules = new Int16Array(game.lines.length);
  scoreStops(e, stops, rules);
  const grid = gridFor(game, stops);
  const lines: LineWin[] = [];
  let win = 0;
  rules.forEach((k, index) => {
    if (k < 0) return;
    const rule = game.paytable[k]!;
    const pay = Math.floor((rule.pay * bet) / game.lines.length);
    if (pay <= 0) return;
    lines.push({ line: index, symbol: rule.name ?? rule.symbols[0]!, count: rule.count, pay });
    win += pay;
  });
  let scatter: ScatterWin | null = null;
  const count = scatterCount(e, stops);
  const pay = e.scatterPay[count]! * bet;
  if (game.scatter && pay > 0) {
    const symbol = game.scatter.symbol;
    const cells: [number, number][] = [];
    grid.forEach((column, reel) => {
      column.forEach((s, row) => {
        if (s === symbol) cells.push([reel, row]);
      });
    });
    scatter = { symbol, count, pay, cells };
    win += pay;
  }
  return { stops: [...stops], grid, win, lines, scatter };
}
