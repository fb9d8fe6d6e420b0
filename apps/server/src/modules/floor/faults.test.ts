import { describe, expect, it } from 'vitest';
import type { TimerHandle, Timers } from '../sessions/timers';
import { cryptoRandom, FaultScheduler } from './faults';

class FakeMachine {
  door = false;
  tilted: string | null = null;
  offline = false;
  constructor(readonly machineId: number) {}
  setDoor(open: boolean) {
    this.door = open;
  }
  tilt(reason: string) {
    this.tilted = reason;
  }
  clearTilt() {
    this.tilted = null;
  }
  setOffline(offline: boolean) {
    this.offline = offline;
  }
  get faulted() {
    return this.door || this.tilted !== null || this.offline;
  }
}

class ManualTimers implements Timers {
  now = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): TimerHandle {
    this.due.set(++this.seq, { at: this.now + ms, fn });
    return this.seq as unknown as TimerHandle;
  }
  clearTimeout(handle: TimerHandle) {
    this.due.delete(handle as unknown as number);
  }
  advance(ms: number) {
    this.now += ms;
    for (const [id, t] of [...this.due]) {
      if (t.at > this.now) continue;
      this.due.delete(id);
      t.fn();
    }
  }
}

/** Plays back the given numbers as the random source, then 0.99 (no fault) forever. */
const scripted = (values: number[]) => () => values.shift() ?? 0.99;

describe('FaultScheduler', () => {
  it('faults a machine when the draw falls under the rate, and clears it after clearSeconds', () => {
    const machines = [new FakeMachine(1), new FakeMachine(2), new FakeMachine(3)];
    const timers = new ManualTimers();
    // 1 fault/hour checked every 36 s: p = 1 − e^(−0.01) ≈ 0.00995 per check.
    const faults = new FaultScheduler(
      { all: () => machines },
      // machine 1 draws 0.5 (none), machine 2 draws 0.001 (fault) then 0.5 (kind: tilt), 3 none
      {
        ratePerHour: 1,
        clearSeconds: 60,
        checkSeconds: 36,
        timers,
        random: scripted([0.5, 0.001, 0.5, 0.5]),
      },
    );
    faults.check();
    expect(machines.map((m) => m.faulted)).toEqual([false, true, false]);
    expect(machines[1]!.tilted).toBeTruthy();
    expect(faults.faulted).toEqual([2]);

    // A faulted machine gets no second random fault while its first is on.
    faults.check();
    timers.advance(59_999);
    expect(machines[1]!.faulted).toBe(true);
    timers.advance(1);
    expect(machines[1]!.faulted).toBe(false);
    expect(faults.faulted).toEqual([]);
  });

  it('picks door, tilt and offline by the second draw', () => {
    const seen: string[] = [];
    for (const kind of [0, 0.4, 0.9]) {
      const m = new FakeMachine(1);
      const faults = new FaultScheduler(
        { all: () => [m] },
        {
          ratePerHour: 1,
          clearSeconds: 60,
          timers: new ManualTimers(),
          random: scripted([0, kind]),
        },
      );
      faults.check();
      seen.push(m.door ? 'door' : m.tilted ? 'tilt' : m.offline ? 'offline' : 'none');
    }
    expect(seen).toEqual(['door', 'tilt', 'offline']);
  });

  it('never faults a machine at rate 0', () => {
    const m = new FakeMachine(1);
    const faults = new FaultScheduler(
      { all: () => [m] },
      { ratePerHour: 0, clearSeconds: 60, timers: new ManualTimers(), random: () => 0 },
    );
    faults.check();
    expect(m.faulted).toBe(false);
  });

  it('stop() cancels the pending clears', () => {
    const m = new FakeMachine(1);
    const timers = new ManualTimers();
    const faults = new FaultScheduler(
      { all: () => [m] },
      { ratePerHour: 1, clearSeconds: 1, timers, random: scripted([0, 0]) },
    );
    faults.check();
    faults.stop();
    timers.advance(5000);
    // Left for staff to clear: the scheduler is gone (the server is shutting down).
    expect(m.door).toBe(true);
  });
});

describe('cryptoRandom', () => {
  // The default random source once threw (randomInt's range is < 2^48) and took the server down
  // at the first random-fault check; this is the source the running floor uses.
  it('gives uniform numbers in [0, 1) without throwing', () => {
    const draws = Array.from({ length: 10_000 }, cryptoRandom);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
  });

  it('drives a real scheduler check', () => {
    const machines = [new FakeMachine(1), new FakeMachine(2)];
    const faults = new FaultScheduler(
      { all: () => machines },
      { ratePerHour: 3600, clearSeconds: 1, timers: new ManualTimers() },
    );
    expect(() => faults.check()).not.toThrow();
  });
});
