// The machines' seats in memory: one per machine with a slot session open (a machine not here is
// free). Every change goes through seat.ts `step`, so a seat is only ever in a stage it may reach.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { ReconnectStatus } from '@reelcast/protocol/sessions';
import { AppError } from '../../errors';
import type { MachineAgent } from '../floor/agent';
import type { SlotSession } from './repository';
import {
  type HeldFor,
  holds,
  isOccupied,
  type OccupiedSeat,
  type Refusal,
  type Seat,
  type SeatEvent,
  step,
} from './seat';
import { acceptsMoney } from './seat-money';

export type Occupied = OccupiedSeat<SlotSession>;

/** The lobby's hold on a machine, as the join check answers it (only one not lapsed). */
export type Reservation = { playerId: number; expiresAt: number };

export const refused = (r: Refusal) => new AppError(r.code, r.status, r.params ?? {});

/** What keeps the cabinet from being played (hand pay, fault, off line), or null. */
export function heldFor(agent: MachineAgent | undefined): HeldFor | null {
  if (agent?.status !== 'ready') return 'fault';
  const status = agent.state().status;
  if (status === 'handpay') return 'hand-pay';
  return acceptsMoney(status) ? null : 'fault';
}

/** The reconnect dialog's word (§4) for a machine holding a session with these sockets on it. */
export function reconnectStatus(
  agent: MachineAgent | undefined,
  connections: number,
): ReconnectStatus {
  if (!agent || agent.status === 'offline') return 'offline';
  if (agent.status !== 'ready') return 'error';
  const cabinet = agent.state().status;
  if (cabinet === 'fault') return 'error';
  if (cabinet === 'handpay') return 'cashout';
  if (connections > 0) return 'playing';
  if (cabinet === 'spinning') return 'bonus';
  if (cabinet === 'idle') return 'waiting';
  return 'unknown';
}

export class SeatBook {
  private readonly seats = new Map<number, Occupied>();
  /** seats being opened per player, counted against the seat limit */
  private readonly opening = new Map<number, number>();

  constructor(private readonly maxSeatsPerPlayer: number) {}

  get(machineId: number): Occupied | undefined {
    return this.seats.get(machineId);
  }

  all(): IterableIterator<Occupied> {
    return this.seats.values();
  }

  /** A new or resumed session's seat. */
  put(seat: Occupied): void {
    this.seats.set(seat.session.machineId, seat);
  }

  /** The close is done: the machine's seat is free. */
  free(machineId: number): void {
    this.seats.delete(machineId);
  }

  /** The machine's seat; a free one shows the lobby's reservation when given. */
  seatOn(machineId: number, reservation: Reservation | null = null): Seat<SlotSession> {
    const seat = this.seats.get(machineId);
    if (seat) return seat;
    return reservation ? { stage: 'reserved', ...reservation } : { stage: 'free' };
  }

  /**
   * Applies a seat event to the machine's seat and keeps the next stage. A refusal is thrown
   * when `strict`, else answered as undefined (a timer or socket event that came too late).
   */
  apply(machineId: number, event: SeatEvent<SlotSession>, strict = false): Occupied | undefined {
    const result = step(this.seatOn(machineId), event);
    if (!result.ok) {
      if (strict) throw refused(result.refusal);
      return undefined;
    }
    // A closed seat stays until its close is done with it (free), then the machine is free.
    if (isOccupied(result.seat)) this.seats.set(machineId, result.seat);
    return this.seats.get(machineId);
  }

  seatOf(sessionId: number): Occupied | undefined {
    for (const seat of this.seats.values()) if (seat.session.id === sessionId) return seat;
    return undefined;
  }

  /** The ownership rule (seat.ts `holds`) for the seat of session `sessionId`. */
  holds(sessionId: number, playerId: number): boolean {
    const seat = this.seatOf(sessionId);
    return seat !== undefined && holds(seat, sessionId, playerId);
  }

  /** The open session's seat; with `playerId`, only when that player holds it. */
  requireSeat(sessionId: number, playerId?: number): Occupied {
    const seat = this.seatOf(sessionId);
    if (!seat || (playerId !== undefined && !holds(seat, sessionId, playerId))) {
      throw new AppError(ErrorCode.sessionTerminated, 409);
    }
    return seat;
  }

  /**
   * One seat per player by default (MAX_SEATS_PER_PLAYER): credits spread over machines are
   * credits nobody watches. Joins on different machines run on different queues, so a seat being
   * opened counts from the moment it is checked (synchronously, before any await) until it is
   * open or refused; two racing joins cannot both pass. Answers the function that ends the claim.
   */
  claimSeatFor(playerId: number): () => void {
    let held = this.opening.get(playerId) ?? 0;
    for (const seat of this.seats.values()) if (seat.session.playerId === playerId) held++;
    if (held >= this.maxSeatsPerPlayer) {
      throw new AppError(ErrorCode.seatLimit, 409, { max: this.maxSeatsPerPlayer });
    }
    this.opening.set(playerId, (this.opening.get(playerId) ?? 0) + 1);
    return () => {
      const left = (this.opening.get(playerId) ?? 1) - 1;
      if (left > 0) this.opening.set(playerId, left);
      else this.opening.delete(playerId);
    };
  }
}
