// The seat's two clocks (§4, §8): the idle countdown of a connected player (SESSION_IDLE_MS, then
// a warning a second from the settings' COUNTDOWN_START down) and the grace period of a player
// with no socket left (SESSION_GRACE_MS). They only keep time; what happens when one runs out is
// the seat's.
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

export interface SeatTimerHandlers {
  /** a second of the countdown: `count` seconds left, 0 when it has run out */
  countdown(machineId: number, count: number): void;
  graceOver(machineId: number): void;
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
  }

  /** The next second of the countdown, `count` seconds left after it. */
  continueCountdown(machineId: number, count: number): void {
    this.after(this.idle, machineId, 1000, () => this.on.countdown(machineId, count));
  }

  clearIdle(machineId: number): void {
    this.cancel(this.idle, machineId);
  }

  startGrace(machineId: number): void {
    this.after(this.grace, machineId, this.config.SESSION_GRACE_MS, () =>
      this.on.graceOver(machineId),
    );
  }

  clearGrace(machineId: number): void {
    this.cancel(this.grace, machineId);
  }

  clear(machineId: number): void {
    this.clearIdle(machineId);
    this.clearGrace(machineId);
  }

  stop(): void {
    for (const machineId of [...this.idle.keys(), ...this.grace.keys()]) this.clear(machineId);
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
