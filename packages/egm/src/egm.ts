// The simulated electronic gaming machine: credits, bet, spins, autoplay, meters and events.
// Outcomes are drawn from the RNG when the game starts and shown when the reels stop.
import { EventEmitter } from 'node:events';
import {
  evaluate,
  type GameDefinition,
  type LineWin,
  type SpinOutcome,
  validateGame,
} from './game';
import { type Button, hitTest } from './layout';
import { cryptoRng, type Rng } from './rng';

/** SAS-like accounting meters: money in hundredths, games as counts. */
export interface Meters {
  /** Total bet. */
  coinIn: number;
  /** Total won (credited to the credit meter by games). */
  coinOut: number;
  gamesPlayed: number;
  gamesWon: number;
  /** Moved onto the machine with transferIn(). */
  transferredIn: number;
  /** Taken off the machine with cashOut(). */
  transferredOut: number;
}

export interface EgmState {
  /** Hundredths on the credit meter. */
  credits: number;
  /** Current total bet, hundredths. */
  bet: number;
  /** Win of the last finished game, hundredths; 0 from the moment a new game starts. */
  win: number;
  spinning: boolean;
  autoplay: boolean;
  /** grid[reel][row] of the reels at rest (the last result; unchanged while spinning). */
  grid: string[][];
}

export interface GameStartedEvent {
  bet: number;
  stops: number[];
}

export interface GameEndedEvent {
  bet: number;
  win: number;
  stops: number[];
  grid: string[][];
  lines: LineWin[];
}

export type EgmEvents = {
  change: [state: EgmState];
  'game-started': [event: GameStartedEvent];
  'game-ended': [event: GameEndedEvent];
  'cashout-button': [];
};

export interface EgmOptions {
  game: GameDefinition;
  /** Default: node:crypto randomInt. */
  rng?: Rng;
  /** From the press of SPIN to the last reel at rest. Default 1200. */
  spinDurationMs?: number;
  /** Pause between a game's end and the next autoplay game, so the result can be seen. Default 500. */
  autoplayDelayMs?: number;
  /** Clock for spins; default Date.now (the same clock the server stamps frames with). */
  now?: () => number;
  /** Restore: starting credits (hundredths); not counted as transferred in. */
  credits?: number;
  /** Restore: starting bet; must be one of game.betLevels. Default the lowest. */
  bet?: number;
  /** Restore: starting meters. */
  meters?: Partial<Meters>;
  /** Stops shown before the first game. Default: a fixed non-winning display. */
  stops?: number[];
}

/** A game in progress, for the renderer: the outcome is already decided. */
export interface SpinInProgress {
  startedAt: number;
  durationMs: number;
  /** Stops shown when the game started (where the reels start moving from). */
  fromStops: readonly number[];
  /** Where the reels will stop. */
  stops: readonly number[];
}

function isMoney(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

export class Egm extends EventEmitter<EgmEvents> {
  readonly game: GameDefinition;
  readonly meters: Meters;
  readonly spinDurationMs: number;
  readonly autoplayDelayMs: number;
  private readonly rng: Rng;
  private readonly clock: () => number;
  private credits = 0;
  private bet: number;
  private win = 0;
  private autoplay = false;
  private restStops: number[];
  private grid: string[][];
  private pending: {
    outcome: SpinOutcome;
    bet: number;
    startedAt: number;
    fromStops: number[];
  } | null = null;
  private nextAutoplayAt = 0;
  private last: SpinOutcome | null = null;
  private pressed: { button: Button; at: number } | null = null;

  constructor(opts: EgmOptions) {
    super();
    validateGame(opts.game);
    this.game = opts.game;
    this.rng = opts.rng ?? cryptoRng;
    this.clock = opts.now ?? Date.now;
    this.spinDurationMs = opts.spinDurationMs ?? 1200;
    this.autoplayDelayMs = opts.autoplayDelayMs ?? 500;
    if (!(this.spinDurationMs >= 0) || !(this.autoplayDelayMs >= 0))
      throw new RangeError('durations must be non-negative');
    this.bet = opts.bet ?? this.game.betLevels[0]!;
    if (!this.game.betLevels.includes(this.bet))
      throw new RangeError(`bet ${this.bet} is not a level`);
    if (opts.credits !== undefined) {
      if (!isMoney(opts.credits)) throw new RangeError(`invalid credits ${opts.credits}`);
      this.credits = opts.credits;
    }
    this.meters = {
      coinIn: 0,
      coinOut: 0,
      gamesPlayed: 0,
      gamesWon: 0,
      transferredIn: 0,
      transferredOut: 0,
      ...opts.meters,
    };
    this.restStops = opts.stops ? [...opts.stops] : idleStops(this.game);
    // evaluate() checks the stops are on the strips.
    this.grid = evaluate(this.game, this.restStops, 0).grid;
  }

  get state(): EgmState {
    return {
      credits: this.credits,
      bet: this.bet,
      win: this.win,
      spinning: this.pending !== null,
      autoplay: this.autoplay,
      grid: this.grid.map((column) => [...column]),
    };
  }

  /** The machine's clock (opts.now). */
  now(): number {
    return this.clock();
  }

  /** The stops of the reels at rest (the last result). */
  get stops(): readonly number[] {
    return this.restStops;
  }

  /** The game in progress, or null. */
  get spin(): SpinInProgress | null {
    const p = this.pending;
    if (!p) return null;
    return {
      startedAt: p.startedAt,
      durationMs: this.spinDurationMs,
      fromStops: p.fromStops,
      stops: p.outcome.stops,
    };
  }

  /** The last finished game, with its winning lines; null before the first and while spinning. */
  get lastOutcome(): SpinOutcome | null {
    return this.last;
  }

  /** The last button pressed (by press or touch) and when, for on-screen feedback. */
  get lastPress(): { button: Button; at: number } | null {
    return this.pressed;
  }

  transferIn(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(
        `transfer amount must be a positive integer of hundredths, got ${amount}`,
      );
    if (!Number.isSafeInteger(this.credits + amount)) throw new RangeError('credit meter overflow');
    this.credits += amount;
    this.meters.transferredIn += amount;
    this.emitChange();
  }

  cashOut(): number {
    if (this.pending || this.credits === 0) return 0;
    const amount = this.credits;
    this.credits = 0;
    this.autoplay = false;
    this.meters.transferredOut += amount;
    this.emitChange();
    return amount;
  }

  press(button: Button): boolean {
    this.pressed = { button, at: this.clock() };
    switch (button) {
      case 'spin':
        if (this.pending || this.credits < this.bet) return false;
        this.startSpin(this.clock());
        return true;
      case 'bet-':
      case 'bet+':
        return this.stepBet(button === 'bet+' ? 1 : -1);
      case 'auto':
        return this.setAutoplay(!this.autoplay);
      case 'collect':
        if (this.pending || this.credits <= 0) return false;
        this.emit('cashout-button');
        return true;
      default:
        return false;
    }
  }

  /**
   * Turns autoplay on or off (what AUTO toggles); true when that changed something. Turning it on
   * starts a game at once when the reels are at rest, and is refused without credits for one.
   * Turning it off lets the game in progress finish.
   */
  setAutoplay(on: boolean): boolean {
    if (on === this.autoplay) return false;
    if (!on) {
      this.autoplay = false;
      this.emitChange();
      return true;
    }
    if (!this.pending && this.credits < this.bet) return false;
    this.autoplay = true;
    if (this.pending) this.emitChange();
    else this.startSpin(this.clock());
    return true;
  }

  touch(x: number, y: number): Button | null {
    const button = hitTest(x, y);
    if (button) this.press(button);
    return button;
  }

  tick(): void {
    const t = this.clock();
    const p = this.pending;
    if (p && t - p.startedAt >= this.spinDurationMs) this.finishSpin();
    if (this.autoplay && !this.pending && t >= this.nextAutoplayAt) {
      if (this.credits >= this.bet) this.startSpin(t);
      else {
        this.autoplay = false;
        this.emitChange();
      }
    }
  }

  private stepBet(direction: 1 | -1): boolean {
    if (this.pending) return false;
    const levels = this.game.betLevels;
    const next =
      direction > 0 ? levels.find((l) => l > this.bet) : levels.findLast((l) => l < this.bet);
    if (next === undefined) return false;
    this.bet = next;
    this.emitChange();
    return true;
  }

  private draw(maxExclusive: number): number {
    const v = this.rng(maxExclusive);
    if (!Number.isInteger(v) || v < 0 || v >= maxExclusive)
      throw new Error(`rng returned ${v}, outside 0..${maxExclusive - 1}`);
    return v;
  }

  private startSpin(t: number): void {
    const stops = this.game.reels.map((strip) => this.draw(strip.length));
    const bet = this.bet;
    const outcome = evaluate(this.game, stops, bet);
    this.credits -= bet;
    this.meters.coinIn += bet;
    this.meters.gamesPlayed += 1;
    this.win = 0;
    this.last = null;
    this.pending = { outcome, bet, startedAt: t, fromStops: this.restStops };
    this.emit('game-started', { bet, stops: [...stops] });
    this.emitChange();
  }

  private finishSpin(): void {
    const p = this.pending!;
    const { outcome, bet } = p;
    this.pending = null;
    this.restStops = outcome.stops;
    this.grid = outcome.grid;
    this.win = outcome.win;
    this.credits += outcome.win;
    this.meters.coinOut += outcome.win;
    if (outcome.win > 0) this.meters.gamesWon += 1;
    this.last = outcome;
    // Measured from when the reels came to rest on screen, not from when tick() noticed.
    this.nextAutoplayAt = p.startedAt + this.spinDurationMs + this.autoplayDelayMs;
    if (this.autoplay && this.credits < this.bet) this.autoplay = false;
    this.emit('game-ended', {
      bet,
      win: outcome.win,
      stops: [...outcome.stops],
      grid: outcome.grid.map((column) => [...column]),
      lines: outcome.lines.map((l) => ({ ...l })),
    });
    this.emitChange();
  }

  private emitChange(): void {
    this.emit('change', this.state);
  }
}

/** A fixed, non-winning display for a machine nobody has played yet. */
function idleStops(game: GameDefinition): number[] {
  const lengths = game.reels.map((s) => s.length);
  const stepped = (k: number) => lengths.map((n, r) => (k * (3 + 2 * r) + 5 * r + 2) % n);
  for (let k = 0; k < 200; k++) {
    const stops = stepped(k);
    if (evaluate(game, stops, game.lines.length).win === 0) return stops;
  }
  return stepped(0);
}
