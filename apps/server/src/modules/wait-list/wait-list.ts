// The wait lists of busy machines (issue #18): one list per machine, a player in one at a time.
// When a machine with a list frees, its first in line gets the ready prompt: the seat is held for
// them with a lobby reservation of WAIT_LIST_READY_SECONDS (others see it reserved and cannot take
// it, see gate.ts), and they sit down with init as usual; when the prompt runs out the next in
// line gets it. Every change of a player's place is pushed to them on /notice. No money moves.
// The lists and the prompts' ends are rows (repository.ts, issue #19), so a restart forgets none
// and every instance reads the same: the timers here are for promptness only, the stored end is
// the truth, and a prompt that ran out while no instance ran is moved on at the next start.
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineStatus } from '@reelcast/protocol/http';
import type {
  WaitListLeftReason,
  WaitListNotice,
  WaitListPlace,
} from '@reelcast/protocol/wait-list';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { ReservationRow } from '../lobby/reservation-repository';
import type { Clock, TimerHandle } from '../sessions/timers';
import type { WaitListGate } from './gate';
import { waitListRepository as lists, type WaitListEntry } from './repository';

export interface WaitListDeps {
  db: Db;
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
  /** tells the other instances that the machine's list changed (several instances only) */
  tellOthers?(machineId: number): void;
  log(err: unknown, msg: string): void;
}

export interface WaitListEvents {
  /**
   * a player joined a wait list, or was in one when this instance started (presence arms its
   * away timer when they have no tab)
   */
  joined: [playerId: number];
}

/** The timer of a machine's ready prompt here; the row's offered_until is its truth. */
interface Deadline {
  playerId: number;
  until: number;
  timer: TimerHandle;
}

/** Statuses of a machine someone else holds: the ones a wait list is for. */
const busy = new Set<MachineStatus>(['playing', 'waiting', 'reserved']);

/** The place of the list's i-th entry, as its player is told it. */
function placeIn(list: WaitListEntry[], i: number): WaitListPlace {
  const entry = list[i]!;
  const place: WaitListPlace = {
    machineId: entry.machineId,
    state: 'waiting',
    place: i + 1,
    size: list.length,
  };
  if (!entry.offeredUntil) return place;
  return { ...place, state: 'ready', expiresAt: entry.offeredUntil.toISOString() };
}

export class WaitList extends EventEmitter<WaitListEvents> {
  private readonly deadlines = new Map<number, Deadline>();
  private stopped = false;

  constructor(private readonly deps: WaitListDeps) {
    super();
  }

  /**
   * Start: the lists as the table has them. A prompt that ran out meanwhile goes to the next in
   * line now; the others are timed again; a machine that is free goes to its first in line.
   */
  async resume(): Promise<void> {
    const rows = await lists.all(this.deps.db);
    const machines = new Map<number, WaitListEntry[]>();
    for (const row of rows) {
      const list = machines.get(row.machineId) ?? [];
      machines.set(row.machineId, [...list, row]);
    }
    for (const [machineId, list] of machines) {
      this.deps.gate.set(machineId, list[0]!.playerId);
      const offered = list.find((e) => e.offeredUntil !== null);
      if (offered && offered.offeredUntil!.getTime() <= this.deps.clock.now()) {
        await this.expire(machineId, offered.playerId, offered.offeredUntil!);
      } else {
        this.watch(machineId, list);
      }
    }
    for (const row of rows) this.emit('joined', row.playerId);
    for (const machineId of machines.keys()) this.seatChanged(machineId);
  }

  /** Joins the machine's wait list (leaving any other); answers the player's place. */
  async join(playerId: number, machineId: number): Promise<WaitListPlace> {
    const already = await this.placeOf(playerId);
    if (already?.machineId === machineId) return already;
    if (!this.deps.hasMachine(machineId)) throw notFound('machine');
    if (this.deps.seatedPlayer(machineId) === playerId) {
      throw new AppError(ErrorCode.ownSeat, 409, { machineId });
    }
    const queued = (await lists.queue(this.deps.db, machineId)).length > 0;
    const status = await this.deps.statusOf(machineId);
    const held = await this.deps.reservations.forMachine(machineId);
    if (held?.playerId === playerId || (status === 'available' && !queued)) {
      throw new AppError(ErrorCode.waitListNotNeeded, 409, { machineId });
    }
    if (!busy.has(status) && !queued) {
      throw new AppError(ErrorCode.machineUnavailable, 409, { machineId });
    }
    const left = await this.deps.inMachineQueue(machineId, () => this.enter(playerId, machineId));
    if (left) {
      await this.deps.inMachineQueue(left.machineId, () => this.announce(left.machineId));
      this.seatChanged(left.machineId);
    }
    this.emit('joined', playerId);
    this.seatChanged(machineId);
    // Where they are now: a join of theirs on another instance at the same moment may have won.
    return (await this.placeOf(playerId)) ?? this.join(playerId, machineId);
  }

  /**
   * In the machine's queue: the player's row moves to this machine's list, in one transaction
   * holding their row, so two joins of theirs leave one row. Answers the entry they left.
   */
  private async enter(playerId: number, machineId: number): Promise<WaitListEntry | null> {
    const { left, added } = await this.deps.db.transaction(async (tx) => {
      const old = await lists.lockEntry(tx, playerId);
      if (old?.machineId === machineId) return { left: null, added: false };
      if (old) await lists.remove(tx, playerId, old.machineId);
      return { left: old, added: await lists.add(tx, playerId, machineId) };
    });
    // Told they left the other list before they hear their place in this one.
    if (left) await this.out(left, 'left');
    if (added) await this.announce(machineId);
    return left;
  }

  /** Takes the player out of their wait list; answers the machine, or null when in none. */
  leave(playerId: number, reason: WaitListLeftReason = 'left'): Promise<number | null> {
    return this.leaveFrom(playerId, undefined, reason);
  }

  private async leaveFrom(
    playerId: number,
    onlyFrom: number | undefined,
    reason: WaitListLeftReason,
  ): Promise<number | null> {
    const entry = await lists.entryOf(this.deps.db, playerId);
    if (!entry || (onlyFrom !== undefined && entry.machineId !== onlyFrom)) return null;
    const { machineId } = entry;
    // One statement: of two leaves (or a leave and a move on), one takes the row.
    const removed = await this.deps.inMachineQueue(machineId, async () => {
      const row = await lists.remove(this.deps.db, playerId, machineId);
      if (row) {
        await this.out(row, reason);
        await this.announce(machineId);
      }
      return row;
    });
    if (!removed) return null;
    this.seatChanged(machineId);
    return machineId;
  }

  /** The player's place now, or null when in no wait list. */
  async placeOf(playerId: number): Promise<WaitListPlace | null> {
    const list = await lists.queueOf(this.deps.db, playerId);
    const i = list.findIndex((e) => e.playerId === playerId);
    return i < 0 ? null : placeIn(list, i);
  }

  /**
   * The machine's seat or reservation changed: its first in line who sat down is done waiting;
   * a machine that is free now goes to the first in line.
   */
  seatChanged(machineId: number): void {
    if (this.stopped) return;
    const seated = this.deps.seatedPlayer(machineId);
    const done =
      seated !== null
        ? this.leaveFrom(seated, machineId, 'seated')
        : this.deps.inMachineQueue(machineId, () => this.offer(machineId));
    done.catch((e) => this.deps.log(e, 'wait list update failed'));
  }

  /** Another instance changed the machine's list: the gate and the prompt's timer follow it. */
  changedElsewhere(machineId: number): void {
    if (this.stopped) return;
    this.deps
      .inMachineQueue(machineId, () => this.refresh(machineId))
      .catch((e) => this.deps.log(e, 'wait list read failed'));
  }

  /** Holds the free machine for its first in line and tells them (the ready prompt). */
  private async offer(machineId: number): Promise<void> {
    const list = await this.refresh(machineId);
    const first = list[0];
    if (!first || list.some((e) => e.offeredUntil !== null)) return;
    if (this.deps.seatedPlayer(machineId) !== null) return;
    // A cabinet that is down, or a lobby reservation of someone else's, waits for its change.
    if ((await this.deps.statusOf(machineId)) !== 'available') return;
    const { playerId } = first;
    const row = await this.deps.reservations.hold(playerId, machineId, this.deps.readySeconds);
    if (!(await lists.offer(this.deps.db, first.id, machineId, row.expiresAt))) {
      // They left meanwhile, or another instance gave the prompt (then the hold is its too).
      const now = await lists.entryOf(this.deps.db, playerId);
      if (now?.machineId !== machineId || !now.offeredUntil) {
        await this.releaseHold(playerId, machineId);
      }
    }
    await this.announce(machineId);
  }

  /** The ready prompt that ended at `until` ran out: the next in line gets the machine. */
  private async expire(machineId: number, playerId: number, until: Date): Promise<void> {
    if (this.stopped || this.deps.seatedPlayer(machineId) === playerId) return;
    // Conditional on the end: of the instances whose timers fire for it, one moves it on.
    const removed = await this.deps.inMachineQueue(machineId, async () => {
      const row = await lists.removeMissed(this.deps.db, playerId, machineId, until);
      if (row) {
        await this.out(row, 'missed');
        await this.announce(machineId);
      }
      return row;
    });
    if (removed) this.seatChanged(machineId);
  }

  /** The player's row is gone: their prompt's timer stops, they are told, their hold ends. */
  private async out(row: WaitListEntry, reason: WaitListLeftReason): Promise<void> {
    const deadline = this.deadlines.get(row.machineId);
    if (deadline?.playerId === row.playerId) {
      this.deps.clock.clearTimeout(deadline.timer);
      this.deadlines.delete(row.machineId);
    }
    this.deps.push(row.playerId, { machineId: row.machineId, state: 'left', reason });
    // The ready prompt's hold goes with them, unless they sat down (it did its job).
    if (row.offeredUntil && reason !== 'seated') {
      await this.releaseHold(row.playerId, row.machineId);
    }
  }

  /** One statement: a hold the player took on another machine meanwhile is not touched. */
  private async releaseHold(playerId: number, machineId: number): Promise<void> {
    await this.deps.reservations.releaseHold(playerId, machineId);
  }

  /** Tells everyone in the machine's wait list their place, and the other instances. */
  private async announce(machineId: number): Promise<void> {
    const list = await this.refresh(machineId);
    for (let i = 0; i < list.length; i++) this.deps.push(list[i]!.playerId, placeIn(list, i));
    this.deps.tellOthers?.(machineId);
  }

  /** The machine's list as the table has it: the gate and the prompt's timer follow it here. */
  private async refresh(machineId: number): Promise<WaitListEntry[]> {
    const list = await lists.queue(this.deps.db, machineId);
    this.deps.gate.set(machineId, list[0]?.playerId ?? null);
    this.watch(machineId, list);
    return list;
  }

  /** Times the machine's ready prompt as the list has it (none when it has none). */
  private watch(machineId: number, list: WaitListEntry[]): void {
    const offered = list.find((e) => e.offeredUntil !== null);
    const until = offered?.offeredUntil;
    const current = this.deadlines.get(machineId);
    if (current && current.playerId === offered?.playerId && current.until === until?.getTime()) {
      return;
    }
    if (current) this.deps.clock.clearTimeout(current.timer);
    this.deadlines.delete(machineId);
    if (!offered || !until || this.stopped) return;
    const { playerId } = offered;
    const timer = this.deps.clock.setTimeout(
      () => {
        if (this.deadlines.get(machineId)?.timer === timer) this.deadlines.delete(machineId);
        this.expire(machineId, playerId, until).catch((e) =>
          this.deps.log(e, 'wait list miss failed'),
        );
      },
      Math.max(0, until.getTime() - this.deps.clock.now()),
    );
    this.deadlines.set(machineId, { playerId, until: until.getTime(), timer });
  }

  /** Shutdown: the prompts' timers stop here; their ends stay in the table for whoever is next. */
  stop(): void {
    this.stopped = true;
    for (const deadline of this.deadlines.values()) this.deps.clock.clearTimeout(deadline.timer);
    this.deadlines.clear();
  }
}
