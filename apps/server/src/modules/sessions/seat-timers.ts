// The seat's two clocks (§4, §8): the idle countdown of a connected player (SESSION_IDLE_MS, then
// a warning a second from the settings' COUNTDOWN_START down) and the grace period of a player
// with no socket left (SESSION_GRACE_MS). They only keep time; what happens when one runs out is
// the seat's, and their ends are written down by seat-clocks.ts so another instance can count on.
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { type Clock, realClock, type TimerHandle } from './timers';

export type SeatTimerConfig = {
  SESSION_IDLE_MS: number;
  SESSION_GRACE_MS: number;
  /**
   * §9 COUNTDOWN_START of the settings in force, read as each countdown starts (a settings edit
   * applies to the next one); the default's when not given.
   */
  countdownStart?: () => number;
};

export type SeatClockKind = 'grace' | 'idle';

export interface SeatTimerHandlers {
  /** a second of the countdown: `count` seconds left, 0 when it has run out */
  countdown(machineId: number, count: number): void;
  graceOver(machineId: number): void;
  /**
   * A clock of the seat started (its end, on the clock) or was stopped (null), for the seat's
   * record; the countdown's seconds are not reported, nor the stop of them all at shutdown.
   */
  changed?(machineId: number, clock: SeatClockKind, endsAt: number | null): void;
}

export class SeatTimers {
  private readonly idle = new Map<number, TimerHandle>();
  private readonly grace = new Map<number, TimerHandle>();

  constructor(
    private readonly config: SeatTimerConfig,
    private readonly on: SeatTimerHandlers,
    public clock: Clock = realClock,
  ) {}

  /** (Re)starts the idle period; any countdown running is called off. */
  armIdle(machineId: number): void {
    this.after(this.idle, machineId, this.config.SESSION_IDLE_MS, () =>
      this.on.countdown(
        machineId,
        this.config.countdownStart?.() ?? settingsDefaults.COUNTDOWN_START,
      ),
    );
    this.on.changed?.(machineId, 'idle', this.clock.now() + this.config.SESSION_IDLE_MS);
  }

  /** The next second of the countdown, `count` seconds left after it. */
  continueCountdown(machineId: number, count: number): void {
    this.after(this.idle, machineId, 1000, () => this.on.countdown(machineId, count));
  }

  clearIdle(machineId: number): void {
    this.cancel(this.idle, machineId);
    this.on.changed?.(machineId, 'idle', null);
  }

  /**
   * Starts the grace period: a whole one, or what is left of one begun elsewhere (`ms`, at or
   * below 0 when it is over already: it runs out at once).
   */
  startGrace(machineId: number, ms = this.config.SESSION_GRACE_MS): void {
    this.after(this.grace, machineId, Math.max(0, ms), () => this.on.graceOver(machineId));
    this.on.changed?.(machineId, 'grace', this.clock.now() + ms);
  }

  clearGrace(machineId: number): void {
    this.cancel(this.grace, machineId);
    this.on.changed?.(machineId, 'grace', null);
  }

  clear(machineId: number): void {
    this.clearIdle(machineId);
    this.clearGrace(machineId);
  }

  /** Shutdown: the timers stop here, and the ends written down stand for whoever comes next. */
  stop(): void {
    for (const timers of [this.idle, this.grace]) {
      for (const machineId of [...timers.keys()]) this.cancel(timers, machineId);
    }
  }

  private after(
    timers: Map<number, TimerHandle>,
    machineId: number,
    ms: number,
    fn: () => void,
  ): void {
    this.cancel(timers, machineId);
    const handle = this.clock.setTimeout(() => {
      if (timers.get(machineId) === handle) timers.delete(machineId);
      fn();
    }, ms);
    timers.set(machineId, handle);
  }

  private cancel(timers: Map<number, TimerHandle>, machineId: number): void {
    const handle = timers.get(machineId);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    timers.delete(machineId);
  }
}
