// The clocks player protection keeps for each open slot session, on the server's clock: the next
// reality check, and the session-time limit's warning and end. They only keep time; what
// happens when one runs out is play-guard.ts's.
import type { Clock, TimerHandle } from '../sessions/timers';

/** The session-time limit warns this long before it ends the session. */
export const TIME_LIMIT_WARNING_MS = 5 * 60 * 1000;

type Slot = 'reality' | 'warn' | 'end';

export class SessionTimers {
  private readonly timers = new Map<string, TimerHandle>();

  constructor(private readonly clock: () => Clock) {}

  /** (Re)arms the session's timer of that slot; any earlier one of the slot is called off. */
  set(sessionId: number, slot: Slot, ms: number, fn: () => void): void {
    this.clear(sessionId, slot);
    const key = `${sessionId}:${slot}`;
    const handle = this.clock().setTimeout(
      () => {
        this.timers.delete(key);
        fn();
      },
      Math.max(0, ms),
    );
    this.timers.set(key, handle);
  }

  clear(sessionId: number, ...slots: Slot[]): void {
    for (const slot of slots.length ? slots : (['reality', 'warn', 'end'] as const)) {
      const key = `${sessionId}:${slot}`;
      const handle = this.timers.get(key);
      if (handle === undefined) continue;
      this.clock().clearTimeout(handle);
      this.timers.delete(key);
    }
  }

  stop(): void {
    for (const handle of this.timers.values()) this.clock().clearTimeout(handle);
    this.timers.clear();
  }
}
