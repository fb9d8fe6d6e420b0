// The simulated electronic gaming machine: credits, bet, spins, autoplay, SAS-modelled meters and
// events, hand pays and faults. This file is the game cycle (buttons, touch, autoplay, a game from
// its draw to the reels at rest); the state is in egm-base.ts, money and locks in egm-cabinet.ts.
// Outcomes are drawn from the RNG when the game starts (and kept for recall) and shown when the
// reels stop.
import { RECALL_GAMES } from './egm-base';
import { EgmCabinet } from './egm-cabinet';
import { evaluate, type SpinOutcome } from './game';
import { type Button, hitTest, type ScreenLayout, screenLayouts } from './layout';
import { drawStops } from './pay-engine';

export {
  DEFAULT_HAND_PAY_LIMIT,
  type EgmOptions,
  EgmUnavailableError,
  RECALL_GAMES,
} from './egm-base';

/** A game in progress, for the renderer: the outcome is already decided. */
export interface SpinInProgress {
  startedAt: number;
  durationMs: number;
  /** Stops shown when the game started (where the reels start moving from). */
  fromStops: readonly number[];
  /** Where the reels will stop. */
  stops: readonly number[];
}

export class Egm extends EgmCabinet {
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
}
