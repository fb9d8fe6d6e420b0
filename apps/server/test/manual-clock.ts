// Timers for the session service that fire only when a test moves the clock on, so minutes of
// idle time, countdowns and grace periods run in an instant without faking the database's timers.
import type { Clock, TimerHandle } from '../src/modules/sessions/timers';

/** A clock whose time and timers move only when the test moves it on (from the real time at start). */
export class ManualClock implements Clock {
  private time = Date.now();
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.due.set(id, { at: this.time + ms, fn });
    return id as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.due.delete(handle as unknown as number);
  }

  /** Runs every timer due within ms, in time order, letting each one's async work settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.due) if (!next || entry[1].at < next[1].at) next = entry;
      if (!next || next[1].at > end) break;
      this.due.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
      await settle();
    }
    this.time = end;
  }

  now(): number {
    return this.time;
  }
}

export const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};
