// The simulated electronic gaming machine: credits, bet, spins, autoplay, SAS-modelled meters and
// events, hand pays and faults. Outcomes are drawn from the RNG when the game starts (and kept for
// recall) and shown when the reels stop.
import { EventEmitter } from 'node:events';
import type { EgmEvents, EgmState, EgmStatus, GameRecord, Meters } from './egm-events';
import { evaluate, type GameDefinition, payEngineFor, type SpinOutcome } from './game';
import { type Button, hitTest, type ScreenLayout, screenLayouts } from './layout';
import { drawStops, type PayEngine } from './pay-engine';
import { cryptoRng, type Rng } from './rng';

/** How many past games recall keeps. */
export const RECALL_GAMES = 10;

/** Default hand-pay limit: 1,200.00, the usual jackpot reporting threshold. */
export const DEFAULT_HAND_PAY_LIMIT = 120_000;

export interface EgmOptions {
  game: GameDefinition;
  /** Default: cryptoRng (node:crypto, batched, unbiased). */
  rng?: Rng;
  /** From the press of SPIN to the last reel at rest. Default 1200. */
  spinDurationMs?: number;
  /** Pause between a game's end and the next autoplay game, so the result can be seen. Default 500. */
  autoplayDelayMs?: number;
  /** Clock for spins; default Date.now (the same clock the server stamps frames with). */
  now?: () => number;
  /**
   * A win (or progressive award) of at least this many hundredths is hand paid instead of going
   * onto the credit meter. Default DEFAULT_HAND_PAY_LIMIT; Infinity for never.
   */
  handPayLimit?: number;
  /** Restore: starting credits (hundredths); not counted as transferred in. */
  credits?: number;
  /** Restore: starting bet; must be one of game.betLevels. Default the lowest. */
  bet?: number;
  /** Restore: starting meters. */
  meters?: Partial<Omit<Meters, 'currentCredits'>>;
  /** Restore: a hand pay still pending (hundredths); the machine starts locked. */
  handPay?: number;
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

/** transferIn() on a machine that cannot take money now (hand pay pending or faulted). */
export class EgmUnavailableError extends Error {
  constructor(readonly status: EgmStatus) {
    super(`machine is not accepting transfers (${status})`);
    this.name = 'EgmUnavailableError';
  }
}

function isMoney(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

type CountedMeters = Omit<Meters, 'currentCredits'>;

export class Egm extends EventEmitter<EgmEvents> {
  readonly game: GameDefinition;
  readonly spinDurationMs: number;
  readonly autoplayDelayMs: number;
  readonly handPayLimit: number;
  private readonly engine: PayEngine;
  private readonly rng: Rng;
  private readonly clock: () => number;
  private readonly counted: CountedMeters;
  private credits = 0;
  private bet: number;
  private win = 0;
  private autoplay = false;
  private handPay = 0;
  private doorOpen = false;
  private tiltReason: string | null = null;
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
  private screenLayout: ScreenLayout = 'landscape';
  private activeAt: number;
  private readonly history: GameRecord[] = [];

  constructor(opts: EgmOptions) {
    super();
    this.engine = payEngineFor(opts.game);
    this.game = opts.game;
    this.rng = opts.rng ?? cryptoRng;
    this.clock = opts.now ?? Date.now;
    this.activeAt = this.clock();
    this.spinDurationMs = opts.spinDurationMs ?? 1200;
    this.autoplayDelayMs = opts.autoplayDelayMs ?? 500;
    if (!(this.spinDurationMs >= 0) || !(this.autoplayDelayMs >= 0))
      throw new RangeError('durations must be non-negative');
    this.handPayLimit = opts.handPayLimit ?? DEFAULT_HAND_PAY_LIMIT;
    if (
      !(this.handPayLimit > 0) ||
      !(Number.isSafeInteger(this.handPayLimit) || this.handPayLimit === Number.POSITIVE_INFINITY)
    )
      throw new RangeError(`invalid hand-pay limit ${this.handPayLimit}`);
    this.bet = opts.bet ?? this.game.betLevels[0]!;
    if (!this.game.betLevels.includes(this.bet))
      throw new RangeError(`bet ${this.bet} is not a level`);
    if (opts.credits !== undefined) {
      if (!isMoney(opts.credits)) throw new RangeError(`invalid credits ${opts.credits}`);
      this.credits = opts.credits;
    }
    if (opts.handPay !== undefined) {
      if (!isMoney(opts.handPay)) throw new RangeError(`invalid hand pay ${opts.handPay}`);
      this.handPay = opts.handPay;
    }
    this.counted = {
      coinIn: 0,
      coinOut: 0,
      jackpot: 0,
      handPaid: 0,
      gamesPlayed: 0,
      gamesWon: 0,
      transferredIn: 0,
      transferredOut: 0,
      progressive: 0,
      ...opts.meters,
    };
    for (const [name, value] of Object.entries(this.counted))
      if (!isMoney(value)) throw new RangeError(`invalid meter ${name} ${value}`);
    this.restStops = opts.stops ? [...opts.stops] : idleStops(this.game);
    // evaluate() checks the stops are on the strips.
    this.grid = evaluate(this.game, this.restStops, 0).grid;
  }

  get status(): EgmStatus {
    if (this.doorOpen || this.tiltReason !== null) return 'fault';
    if (this.handPay > 0) return 'handpay';
    return this.pending ? 'spinning' : 'idle';
  }

  get state(): EgmState {
    return {
      status: this.status,
      credits: this.credits,
      bet: this.bet,
      win: this.win,
      spinning: this.pending !== null,
      autoplay: this.autoplay,
      grid: this.grid.map((column) => [...column]),
      handPay: this.handPay,
      doorOpen: this.doorOpen,
      tilt: this.tiltReason,
    };
  }

  /** A snapshot of the meters. */
  get meters(): Meters {
    return { ...this.counted, currentCredits: this.credits };
  }

  /** The last RECALL_GAMES games, oldest first, each logged when its outcome was drawn. */
  get recall(): readonly GameRecord[] {
    return this.history.map((g) => ({ ...g, stops: [...g.stops] }));
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

  /** Which layout the screen shows; touch() reads its coordinates on it. */
  get layout(): ScreenLayout {
    return this.screenLayout;
  }

  /** Switches the screen's layout (a player turned the phone); false when already shown. */
  setLayout(layout: ScreenLayout): boolean {
    if (!screenLayouts.includes(layout)) throw new RangeError(`unknown layout ${layout}`);
    this.activeAt = this.clock();
    if (layout === this.screenLayout) return false;
    this.screenLayout = layout;
    return true;
  }

  /**
   * When the machine was last played, touched, paid or switched layout: the screen's attract mode
   * waits from here.
   */
  get lastActivityAt(): number {
    return this.activeAt;
  }

  /** Hand pay pending or faulted: nothing can be played. */
  private get locked(): boolean {
    return this.handPay > 0 || this.doorOpen || this.tiltReason !== null;
  }

  /**
   * An electronic transfer onto the credit meter (AFT to the machine). Throws RangeError for a bad
   * amount and EgmUnavailableError while a hand pay is pending or the machine is faulted.
   */
  transferIn(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(
        `transfer amount must be a positive integer of hundredths, got ${amount}`,
      );
    if (this.locked) throw new EgmUnavailableError(this.status);
    if (!Number.isSafeInteger(this.credits + amount)) throw new RangeError('credit meter overflow');
    this.activeAt = this.clock();
    this.credits += amount;
    this.counted.transferredIn += amount;
    this.emit('transfer-complete', { direction: 'to-machine', amount });
    this.emitChange();
  }

  /**
   * Takes every credit off the machine (AFT to the host) and returns the amount; 0 when there is
   * nothing, while a game is under way and while a hand pay is pending. Works while faulted.
   */
  cashOut(): number {
    if (this.pending || this.handPay > 0 || this.credits === 0) return 0;
    const amount = this.credits;
    this.activeAt = this.clock();
    this.credits = 0;
    this.autoplay = false;
    this.counted.transferredOut += amount;
    this.emit('transfer-complete', { direction: 'to-host', amount });
    this.emitChange();
    return amount;
  }

  press(button: Button): boolean {
    this.pressed = { button, at: this.clock() };
    this.activeAt = this.pressed.at;
    if (this.locked) return false;
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
   * starts a game at once when the reels are at rest, and is refused without credits for one or
   * while the machine is locked. Turning it off lets the game in progress finish.
   */
  setAutoplay(on: boolean): boolean {
    if (on === this.autoplay) return false;
    if (!on) {
      this.autoplay = false;
      this.emitChange();
      return true;
    }
    if (this.locked || (!this.pending && this.credits < this.bet)) return false;
    this.autoplay = true;
    if (this.pending) this.emitChange();
    else this.startSpin(this.clock());
    return true;
  }

  /** A touch at (x, y), fractions of the screen in its current layout; any touch ends attract mode. */
  touch(x: number, y: number): Button | null {
    this.activeAt = this.clock();
    const button = hitTest(x, y, this.screenLayout);
    if (button) this.press(button);
    return button;
  }

  tick(): void {
    const t = this.clock();
    const p = this.pending;
    if (p && t - p.startedAt >= this.spinDurationMs) this.finishSpin();
    if (this.autoplay && !this.pending && t >= this.nextAutoplayAt) {
      if (this.credits >= this.bet && !this.locked) this.startSpin(t);
      else {
        this.autoplay = false;
        this.emitChange();
      }
    }
  }

  /**
   * Awards a progressive jackpot (the host decides when): onto the credit meter, or, at or over
   * the hand-pay limit, as a hand pay that locks the machine. Returns which.
   */
  awardProgressive(amount: number, level: string | null = null): 'credited' | 'hand-pay' {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`progressive award must be a positive integer, got ${amount}`);
    const handPay = amount >= this.handPayLimit;
    this.counted.progressive += amount;
    if (handPay) this.lockForHandPay(amount);
    else this.creditWin(amount);
    this.emit('progressive-win', { amount, level, handPay });
    if (handPay) this.emit('hand-pay-pending', { amount, source: 'progressive' });
    this.emitChange();
    return handPay ? 'hand-pay' : 'credited';
  }

  /**
   * An attendant has paid the pending hand pay: unlocks the machine and returns the amount (the
   * server credits the player's wallet with it, ledger type 5); 0 when none was pending.
   */
  /**
   * Puts back a hand pay that was pending when the host stopped (its record survived, the machine
   * in memory did not). Afterwards jackpot − handPaid is the hand pay pending, as at the lock.
   */
  restoreHandPay(amount: number): void {
    if (!isMoney(amount) || amount <= 0) throw new RangeError(`invalid hand pay ${amount}`);
    // Restored meters (opts.meters) already count a hand pay that was pending when they were
    // saved: jackpot − handPaid runs ahead of what is pending by it. Counting it again would
    // double the jackpot meter; with no saved meters the whole amount is counted, as at the lock.
    const alreadyCounted = this.counted.jackpot - this.counted.handPaid - this.handPay;
    this.lockForHandPay(amount);
    this.counted.jackpot -= Math.min(amount, Math.max(0, alreadyCounted));
    this.emitChange();
  }

  /**
   * Puts back the credit meter a host restart lost (a cabinet keeps it in NVRAM): the money came
   * onto the machine by transfers the restored meters already count, so this is no transfer: no
   * transfer meter moves and no transfer event is raised. Refused while a game is under way.
   */
  restoreCredits(amount: number): void {
    if (!isMoney(amount)) throw new RangeError(`invalid credits ${amount}`);
    if (this.pending) throw new EgmUnavailableError(this.status);
    this.credits = amount;
    this.emitChange();
  }

  /**
   * The host could not take a cash-out (its wallet refused the posting): the transfer to the host
   * is undone, as an AFT that was never committed — the credits are back on the meter and the
   * transfer meter no longer counts them. Works while faulted: the credits were never the host's.
   */
  cancelCashOut(amount: number): void {
    if (!isMoney(amount) || amount === 0 || amount > this.counted.transferredOut)
      throw new RangeError(`invalid cash-out to cancel ${amount}`);
    this.credits += amount;
    this.counted.transferredOut -= amount;
    this.emitChange();
  }

  /**
   * The host could not record a transfer it made (its transaction failed): undone as an AFT that
   * was never committed — off the credit meter, and the transfer meter no longer counts it.
   */
  cancelTransferIn(amount: number): void {
    if (!isMoney(amount) || amount === 0 || amount > this.credits)
      throw new RangeError(`invalid transfer to cancel ${amount}`);
    this.credits -= amount;
    this.counted.transferredIn -= amount;
    this.emitChange();
  }

  resetHandPay(): number {
    const amount = this.handPay;
    if (amount === 0) return 0;
    this.handPay = 0;
    this.counted.handPaid += amount;
    this.emit('hand-pay-reset', { amount });
    this.emitChange();
    return amount;
  }

  /** Opens or closes the main door; true when that changed something. Open is a fault. */
  setDoor(open: boolean): boolean {
    if (open === this.doorOpen) return false;
    this.doorOpen = open;
    if (open) this.autoplay = false;
    this.emit(open ? 'door-open' : 'door-closed');
    this.emitChange();
    return true;
  }

  /** Tilts the machine (a fault) for `reason`, replacing any earlier reason. */
  tilt(reason: string): void {
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new RangeError('a tilt needs a reason');
    this.tiltReason = reason;
    this.autoplay = false;
    this.emit('tilt', { reason });
    this.emitChange();
  }

  /** Clears a tilt; false when the machine was not tilted. */
  clearTilt(): boolean {
    const reason = this.tiltReason;
    if (reason === null) return false;
    this.tiltReason = null;
    this.emit('tilt-cleared', { reason });
    this.emitChange();
    return true;
  }

  private creditWin(amount: number): void {
    if (!Number.isSafeInteger(this.credits + amount)) throw new RangeError('credit meter overflow');
    this.credits += amount;
    this.counted.coinOut += amount;
  }

  private lockForHandPay(amount: number): void {
    this.handPay += amount;
    this.counted.jackpot += amount;
    this.autoplay = false;
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

  private startSpin(t: number): void {
    const stops = new Array<number>(this.game.reels.length);
    drawStops(this.engine, this.rng, stops);
    const bet = this.bet;
    const outcome = evaluate(this.game, stops, bet);
    this.credits -= bet;
    this.counted.coinIn += bet;
    this.counted.gamesPlayed += 1;
    this.win = 0;
    this.last = null;
    this.pending = { outcome, bet, startedAt: t, fromStops: this.restStops };
    this.history.push({
      startedAt: t,
      bet,
      stops: [...stops],
      win: outcome.win,
      handPay: outcome.win >= this.handPayLimit,
    });
    if (this.history.length > RECALL_GAMES) this.history.shift();
    this.emit('game-started', { bet, stops: [...stops] });
    this.emitChange();
  }

  private finishSpin(): void {
    const p = this.pending!;
    const { outcome, bet } = p;
    this.pending = null;
    // Idle time counts from the reels at rest.
    this.activeAt = this.clock();
    this.restStops = outcome.stops;
    this.grid = outcome.grid;
    this.win = outcome.win;
    const handPay = outcome.win >= this.handPayLimit;
    if (handPay) this.lockForHandPay(outcome.win);
    else this.creditWin(outcome.win);
    if (outcome.win > 0) this.counted.gamesWon += 1;
    this.last = outcome;
    // Measured from when the reels came to rest on screen, not from when tick() noticed.
    this.nextAutoplayAt = p.startedAt + this.spinDurationMs + this.autoplayDelayMs;
    if (this.autoplay && this.credits < this.bet) this.autoplay = false;
    this.emit('game-ended', {
      bet,
      win: outcome.win,
      handPay,
      stops: [...outcome.stops],
      grid: outcome.grid.map((column) => [...column]),
      lines: outcome.lines.map((l) => ({ ...l })),
      scatter: outcome.scatter
        ? { ...outcome.scatter, cells: outcome.scatter.cells.map((c) => [c[0], c[1]]) }
        : null,
    });
    if (handPay) this.emit('hand-pay-pending', { amount: outcome.win, source: 'game' });
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
