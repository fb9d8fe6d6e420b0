// The server's clock, injected so tests run minutes of idle time, countdowns, grace periods,
// reservation lapses and fault clears in an instant, without faking the database's own timers.
export type TimerHandle = { readonly __timer: unique symbol } | NodeJS.Timeout;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Timers and the time they keep (ms since the epoch for the real one). */
export interface Clock extends Timers {
  now(): number;
}

export const realTimers: Timers = {
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    // The server's timers never keep the process alive on shutdown.
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export const realClock: Clock = { ...realTimers, now: () => Date.now() };

/** A clock of the given timers; timers without a time of their own read the real one. */
export const clockOf = (timers: Timers | Clock): Clock =>
  typeof (timers as Partial<Clock>).now === 'function'
    ? (timers as Clock)
    : {
        setTimeout: (fn, ms) => timers.setTimeout(fn, ms),
        clearTimeout: (h) => timers.clearTimeout(h),
        now: () => Date.now(),
      };

/**
 * Resolves when `ready()` holds, checked now and after each `event` the emitter sends, or when
 * `limitMs` have passed on the clock (false then). Waiting on the event instead of polling.
 */
export function waitFor(
  emitter: {
    on(event: string, fn: () => void): unknown;
    off(event: string, fn: () => void): unknown;
  },
  event: string,
  ready: () => boolean,
  clock: Timers,
  limitMs: number,
): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (done: boolean) => {
      emitter.off(event, check);
      clock.clearTimeout(timer);
      resolve(done);
    };
    const check = () => {
      if (ready()) finish(true);
    };
    const timer = clock.setTimeout(() => finish(ready()), limitMs);
    emitter.on(event, check);
  });
}
