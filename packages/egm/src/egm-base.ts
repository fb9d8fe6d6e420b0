// The simulated machine's state and what every job of it reads: options checked once, the credit
// meter, the counted meters, the locks, recall, and the change event. The money and fault
// operations (egm-cabinet.ts) and the game cycle (egm.ts) build on it.
import { EventEmitter } from 'node:events';
import type { EgmEvents, EgmState, EgmStatus, GameRecord, Meters } from './egm-events';
import { evaluate, type GameDefinition, payEngineFor, type SpinOutcome } from './game';
import type { Button, ScreenLayout } from './layout';
import type { PayEngine } from './pay-engine';
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

/** transferIn() on a machine that cannot take money now (hand pay pending or faulted). */
export class EgmUnavailableError extends Error {
  constructor(readonly status: EgmStatus) {
    super(`machine is not accepting transfers (${status})`);
    this.name = 'EgmUnavailableError';
  }
}

export function isMoney(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

type CountedMeters = Omit<Meters, 'currentCredits'>;

/** The game whose outcome is drawn and whose reels are still turning. */
export interface PendingGame {
  outcome: SpinOutcome;
  bet: number;
  startedAt: number;
  fromStops: number[];
}

export class EgmBase extends EventEmitter<EgmEvents> {
  readonly game: GameDefinition;
  readonly spinDurationMs: number;
  readonly autoplayDelayMs: number;
  readonly handPayLimit: number;
  protected readonly engine: PayEngine;
  protected readonly rng: Rng;
  protected readonly clock: () => number;
  protected readonly counted: CountedMeters;
  protected credits = 0;
  protected bet: number;
  protected win = 0;
  protected autoplay = false;
  protected handPay = 0;
  protected doorOpen = false;
  protected tiltReason: string | null = null;
  protected restStops: number[];
  protected grid: string[][];
  protected pending: PendingGame | null = null;
  protected nextAutoplayAt = 0;
  protected last: SpinOutcome | null = null;
  protected pressed: { button: Button; at: number } | null = null;
  protected screenLayout: ScreenLayout = 'landscape';
  protected activeAt: number;
  protected readonly history: GameRecord[] = [];

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

  /**
   * When the machine was last played, touched, paid or switched layout: the screen's attract mode
   * waits from here.
   */
  get lastActivityAt(): number {
    return this.activeAt;
  }

  /** Hand pay pending or faulted: nothing can be played. */
  protected get locked(): boolean {
    return this.handPay > 0 || this.doorOpen || this.tiltReason !== null;
  }

  protected creditWin(amount: number): void {
    if (!Number.isSafeInteger(this.credits + amount)) throw new RangeError('credit meter overflow');
    this.credits += amount;
    this.counted.coinOut += amount;
  }

  protected lockForHandPay(amount: number): void {
    this.handPay += amount;
    this.counted.jackpot += amount;
    this.autoplay = false;
  }

  protected emitChange(): void {
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
