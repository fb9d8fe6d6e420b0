// Reservations: a player holds one available machine for RESERVATION_SECONDS. The rows are the
// truth and every read compares expires_at with its own time, so a lapsed reservation is gone
// the moment it lapses; the timer here only tells the lobby (and removes the row) so the status
// change is pushed without anyone asking.
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type Clock, realClock, type TimerHandle } from '../sessions/timers';
import { type ReservationRow, reservationRepository } from './reservation-repository';

export interface ReservationEvents {
  /** the machine's reservation appeared, was released or lapsed */
  changed: [machineId: number];
}

export class Reservations extends EventEmitter<ReservationEvents> {
  private readonly timers = new Map<number, TimerHandle>();

  constructor(
    private readonly db: Db,
    private readonly holdSeconds: number,
    /** reads compare expiry with its time; the lapse timers run on it */
    private readonly clock: Clock = realClock,
  ) {
    super();
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Arms the lapse timers of reservations made before a restart. */
  async resume(): Promise<void> {
    for (const row of await reservationRepository.active(this.db, this.now())) this.arm(row);
  }

  async active(): Promise<Map<number, ReservationRow>> {
    const rows = await reservationRepository.active(this.db, this.now());
    return new Map(rows.map((r) => [r.machineId, r]));
  }

  forMachine(machineId: number): Promise<ReservationRow | null> {
    return reservationRepository.forMachine(this.db, machineId, this.now());
  }

  /**
   * Holds the machine for the player, replacing the player's earlier reservation. The caller has
   * checked that the machine is free; a racing player who reserved it first wins (40921).
   */
  async hold(
    playerId: number,
    machineId: number,
    /** the wait list's ready prompt holds for its own, shorter time */
    seconds = this.holdSeconds,
  ): Promise<ReservationRow> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + seconds * 1000);
    let released: ReservationRow[];
    try {
      released = await this.db.transaction((tx) =>
        reservationRepository.replace(tx, playerId, machineId, expiresAt, now),
      );
    } catch {
      // The primary key on machine_id refused it: someone else holds the machine.
      throw new AppError(ErrorCode.machineReserved, 409);
    }
    const row = { machineId, playerId, expiresAt };
    for (const old of released) if (old.machineId !== machineId) this.forget(old.machineId);
    this.arm(row);
    return row;
  }

  /** Releases the player's reservation; answers the machine it was on. */
  async release(playerId: number): Promise<number | null> {
    const row = await reservationRepository.deleteForPlayer(this.db, playerId);
    if (!row) return null;
    this.forget(row.machineId);
    return row.machineId;
  }

  /** Ends the player's hold on this machine, if it is still theirs there; answers whether. */
  async releaseHold(playerId: number, machineId: number): Promise<boolean> {
    const released = await reservationRepository.deleteHold(this.db, playerId, machineId);
    if (released) this.forget(machineId);
    return released;
  }

  /** A player sat down on the machine: whoever held it, the hold has done its job. */
  async consume(machineId: number): Promise<void> {
    const row = await reservationRepository.deleteForMachine(this.db, machineId);
    if (row) this.forget(row.machineId);
  }

  stop(): void {
    for (const timer of this.timers.values()) this.clock.clearTimeout(timer);
    this.timers.clear();
  }

  private arm(row: ReservationRow): void {
    const existing = this.timers.get(row.machineId);
    if (existing) this.clock.clearTimeout(existing);
    const wait = Math.max(0, row.expiresAt.getTime() - this.clock.now()) + 20;
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(row.machineId);
      reservationRepository
        .deleteIfLapsed(this.db, row.machineId, this.now())
        .catch(() => {
          // The row stays but reads already ignore it; the status below is still right.
        })
        .finally(() => this.emit('changed', row.machineId));
    }, wait);
    this.timers.set(row.machineId, timer);
    this.emit('changed', row.machineId);
  }

  private forget(machineId: number): void {
    const timer = this.timers.get(machineId);
    if (timer) this.clock.clearTimeout(timer);
    this.timers.delete(machineId);
    this.emit('changed', machineId);
  }
}
