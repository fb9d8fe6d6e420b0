// The wait lists of busy machines (issue #18), in memory: one queue per machine, one queue per
// player. When a machine with a queue frees, its first in line gets the ready prompt: the seat is
// held for them with a lobby reservation of WAIT_LIST_READY_SECONDS (others see it reserved and
// cannot take it, see gate.ts), and they sit down with init as usual; when the prompt runs out
// the next in line gets it. Every change of a player's place is pushed to them on /notice. No
// money moves here. The cluster issue moves these queues and deadlines to tables.
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineStatus } from '@reelcast/protocol/http';
import type {
  WaitListLeftReason,
  WaitListNotice,
  WaitListPlace,
} from '@reelcast/protocol/wait-list';
import { AppError, notFound } from '../../errors';
import type { ReservationRow } from '../lobby/reservation-repository';
import type { Clock, TimerHandle } from '../sessions/timers';
import type { WaitListGate } from './gate';

export interface WaitListDeps {
  gate: WaitListGate;
  clock: Clock;
  readySeconds: number;
  /** the machine is on the floor */
  hasMachine(machineId: number): boolean;
  /** the player seated at the machine, if any */
  seatedPlayer(machineId: number): number | null;
  /** the machine's status as the lobby shows it */
  statusOf(machineId: number): Promise<MachineStatus>;
  reservations: {
    forMachine(machineId: number): Promise<ReservationRow | null>;
    hold(playerId: number, machineId: number, seconds: number): Promise<ReservationRow>;
    releaseHold(playerId: number, machineId: number): Promise<boolean>;
  };
  /** runs in the machine's queue, in turn with its seat changes */
  inMachineQueue<T>(machineId: number, fn: () => Promise<T>): Promise<T>;
  /** pushes to the player's /notice tabs */
  push(playerId: number, notice: WaitListNotice): void;
  log(err: unknown, msg: string): void;
}

export interface WaitListEvents {
  /** a player joined a wait list (presence arms its away timer when they have no tab) */
  joined: [playerId: number];
}

interface Offer {
  playerId: number;
  expiresAt: number;
  timer: TimerHandle;
}

/** Statuses of a machine someone else holds: the ones a wait list is for. */
const busy = new Set<MachineStatus>(['playing', 'waiting', 'reserved']);

export class WaitList extends EventEmitter<WaitListEvents> {
  private readonly queues = new Map<number, number[]>();
  private readonly offers = new Map<number, Offer>();
  /** the machine whose wait list each player is in */
  private readonly where = new Map<number, number>();

  constructor(private readonly deps: WaitListDeps) {
    super();
  }

  /** Joins the machine's wait list (leaving any other); answers the player's place. */
  async join(playerId: number, machineId: number): Promise<WaitListPlace> {
    if (this.where.get(playerId) === machineId) return this.placeOf(playerId)!;
    if (!this.deps.hasMachine(machineId)) throw notFound('machine');
    if (this.deps.seatedPlayer(machineId) === playerId) {
      throw new AppError(ErrorCode.ownSeat, 409, { machineId });
    }
    const queued = (this.queues.get(machineId)?.length ?? 0) > 0;
    const status = await this.deps.statusOf(machineId);
    const held = await this.deps.reservations.forMachine(machineId);
    if (held?.playerId === playerId || (status === 'available' && !queued)) {
      throw new AppError(ErrorCode.waitListNotNeeded, 409, { machineId });
    }
    if (!busy.has(status) && !queued) {
      throw new AppError(ErrorCode.machineUnavailable, 409, { machineId });
    }
    // The awaits above may have let the same player's other request in first.
    if (this.where.get(playerId) === machineId) return this.placeOf(playerId)!;
    if (this.where.has(playerId)) await this.leave(playerId, 'left');
    const queue = this.queues.get(machineId) ?? [];
    queue.push(playerId);
    this.queues.set(machineId, queue);
    this.where.set(playerId, machineId);
    this.deps.gate.set(machineId, queue[0]!);
    this.emit('joined', playerId);
    this.announce(machineId);
    this.seatChanged(machineId);
    return this.placeOf(playerId)!;
  }

  /** Takes the player out of their wait list; answers the machine, or null when in none. */
  async leave(playerId: number, reason: WaitListLeftReason = 'left'): Promise<number | null> {
    const machineId = this.where.get(playerId);
    if (machineId === undefined) return null;
    this.where.delete(playerId);
    const queue = (this.queues.get(machineId) ?? []).filter((p) => p !== playerId);
    if (queue.length > 0) this.queues.set(machineId, queue);
    else this.queues.delete(machineId);
    this.deps.gate.set(machineId, queue[0] ?? null);
    this.deps.push(playerId, { machineId, state: 'left', reason });
    const offer = this.offers.get(machineId);
    if (offer?.playerId === playerId) {
      this.offers.delete(machineId);
      this.deps.clock.clearTimeout(offer.timer);
      // The ready prompt's hold goes with them, unless they sat down (it did its job).
      if (reason !== 'seated') await this.releaseHold(playerId, machineId);
    }
    this.announce(machineId);
    this.seatChanged(machineId);
    return machineId;
  }

  /** The player's place now, or null when in no wait list. */
  placeOf(playerId: number): WaitListPlace | null {
    const machineId = this.where.get(playerId);
    if (machineId === undefined) return null;
    const queue = this.queues.get(machineId) ?? [];
    const place: WaitListPlace = {
      machineId,
      state: 'waiting',
      place: queue.indexOf(playerId) + 1,
      size: queue.length,
    };
    const offer = this.offers.get(machineId);
    if (offer?.playerId !== playerId) return place;
    return { ...place, state: 'ready', expiresAt: new Date(offer.expiresAt).toISOString() };
  }

  /**
   * The machine's seat or reservation changed: its first in line who sat down is done waiting;
   * a machine that is free now goes to the first in line.
   */
  seatChanged(machineId: number): void {
    const seated = this.deps.seatedPlayer(machineId);
    if (seated !== null && this.where.get(seated) === machineId) {
      void this.leave(seated, 'seated').catch((e) => this.deps.log(e, 'wait list leave failed'));
      return;
    }
    if (!this.queues.has(machineId) || this.offers.has(machineId)) return;
    this.deps
      .inMachineQueue(machineId, () => this.offer(machineId))
      .catch((e) => this.deps.log(e, 'wait list offer failed'));
  }

  /** Holds the free machine for its first in line and tells them (the ready prompt). */
  private async offer(machineId: number): Promise<void> {
    const first = this.queues.get(machineId)?.[0];
    if (first === undefined || this.offers.has(machineId)) return;
    if (this.deps.seatedPlayer(machineId) !== null) return;
    // A cabinet that is down, or a lobby reservation of someone else's, waits for its change.
    if ((await this.deps.statusOf(machineId)) !== 'available') return;
    const seconds = this.deps.readySeconds;
    const row = await this.deps.reservations.hold(first, machineId, seconds);
    if (this.queues.get(machineId)?.[0] !== first) {
      await this.releaseHold(first, machineId);
      return;
    }
    const timer = this.deps.clock.setTimeout(
      () => void this.missed(machineId, first),
      seconds * 1000,
    );
    this.offers.set(machineId, { playerId: first, expiresAt: row.expiresAt.getTime(), timer });
    this.announce(machineId);
  }

  /** The ready prompt ran out: the next in line gets the machine. */
  private async missed(machineId: number, playerId: number): Promise<void> {
    if (this.offers.get(machineId)?.playerId !== playerId) return;
    if (this.deps.seatedPlayer(machineId) === playerId) return;
    await this.leave(playerId, 'missed').catch((e) => this.deps.log(e, 'wait list miss failed'));
  }

  /** One statement: a hold the player took on another machine meanwhile is not touched. */
  private async releaseHold(playerId: number, machineId: number): Promise<void> {
    await this.deps.reservations.releaseHold(playerId, machineId);
  }

  /** Tells everyone in the machine's wait list their place. */
  private announce(machineId: number): void {
    for (const playerId of this.queues.get(machineId) ?? []) {
      const place = this.placeOf(playerId);
      if (place) this.deps.push(playerId, place);
    }
  }

  /** Shutdown: no ready prompt outlives the server (their holds lapse by themselves). */
  stop(): void {
    for (const offer of this.offers.values()) this.deps.clock.clearTimeout(offer.timer);
    this.offers.clear();
  }
}
