// Machine faults: door open, tilt and offline, raised by staff (POST /staff/machine-fault, the CLI)
// or at random on the simulated floor, so the lobby, the reconnect dialog and the sessions meet
// them the way a real floor would. A random fault clears itself after a while; one raised by
// staff stays until staff clear it.
import { randomInt } from 'node:crypto';
import { realTimers, type TimerHandle, type Timers } from '../sessions/timers';
import type { SimulatorControls } from './agent';

export const faultKinds = ['door', 'tilt', 'offline'] as const;
export type FaultKind = (typeof faultKinds)[number];

type FaultTarget = SimulatorControls;

/** Raises or clears one kind of fault on a machine. */
export function setFault(agent: FaultTarget, fault: FaultKind, active: boolean, reason: string) {
  switch (fault) {
    case 'door':
      agent.setDoor(active);
      break;
    case 'tilt':
      if (active) agent.tilt(reason);
      else agent.clearTilt();
      break;
    case 'offline':
      agent.setOffline(active);
      break;
  }
}

/** A uniform number in [0, 1) from node:crypto (47 random bits: randomInt's range is < 2^48). */
export const cryptoRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

export interface FaultSchedulerOptions {
  /** Expected faults per machine per hour; 0 turns the scheduler off. */
  ratePerHour: number;
  clearSeconds: number;
  /** How often each machine gets its chance. Default 10 s. */
  checkSeconds?: number;
  random?: () => number;
  timers?: Timers;
}

export class FaultScheduler {
  private readonly random: () => number;
  private readonly timers: Timers;
  private readonly checkSeconds: number;
  /** machines with a random fault of ours on them, and the timer that clears it */
  private readonly active = new Map<number, TimerHandle>();
  /** the next check, on the scheduler's clock */
  private next: TimerHandle | null = null;

  constructor(
    private readonly floor: { all(): Iterable<FaultTarget> },
    private readonly opts: FaultSchedulerOptions,
  ) {
    this.random = opts.random ?? cryptoRandom;
    this.timers = opts.timers ?? realTimers;
    this.checkSeconds = opts.checkSeconds ?? 10;
  }

  start(): void {
    if (this.opts.ratePerHour <= 0 || this.next) return;
    const tick = () => {
      this.check();
      this.next = this.timers.setTimeout(tick, this.checkSeconds * 1000);
    };
    this.next = this.timers.setTimeout(tick, this.checkSeconds * 1000);
  }

  /**
   * One chance per machine: faults arrive as a Poisson process, so over checkSeconds the
   * probability of one is 1 − e^(−rate·t).
   */
  check(): void {
    const p = 1 - Math.exp((-this.opts.ratePerHour * this.checkSeconds) / 3600);
    for (const agent of this.floor.all()) {
      if (this.active.has(agent.machineId)) continue;
      if (!(this.random() < p)) continue;
      const fault = faultKinds[Math.min(faultKinds.length - 1, Math.floor(this.random() * 3))]!;
      setFault(agent, fault, true, 'random fault (simulated floor)');
      const timer = this.timers.setTimeout(() => {
        this.active.delete(agent.machineId);
        setFault(agent, fault, false, '');
      }, this.opts.clearSeconds * 1000);
      this.active.set(agent.machineId, timer);
    }
  }

  /** Machines with a random fault on them now. */
  get faulted(): number[] {
    return [...this.active.keys()];
  }

  stop(): void {
    if (this.next) this.timers.clearTimeout(this.next);
    this.next = null;
    for (const timer of this.active.values()) this.timers.clearTimeout(timer);
    this.active.clear();
  }
}
