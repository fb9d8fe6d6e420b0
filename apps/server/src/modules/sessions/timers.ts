// The session service's clock, injected so the lifecycle tests can run minutes of idle time,
// countdowns and grace periods in an instant without faking the database's own timers.
export type TimerHandle = { readonly __timer: unique symbol } | NodeJS.Timeout;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    // Session timers never keep the process alive on shutdown.
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
