// A machine's seat as explicit states, and every move between them as one pure function: what a
// seat may do next, who may act on it and what the lobby shows follow from its stage alone. The
// runtime (seat-book.ts) keeps one seat per machine and applies these moves in the machine's queue;
// nothing here reads a clock, the database or a machine.
//
//   free ──reserve──▶ reserved ──release──▶ free
//     │                  │ open (the holder, or after it lapsed)
//     └──────open────────┴──▶ seated ◀──attach── grace
//                             │  ▲  └──detach (last socket)──▶ │
//          cabinet down (hand │  │ cabinet up                  │ cabinet down
//          pay, fault)        ▼  │                             ▼
//                             held ◀───────────────────────── held
//   seated / grace / held ──close (leave, cancel, idle, grace over, staff quit)──▶ closing
//   closing ──close-refused (credits the machine would not pay)──▶ seated / grace / held
//   closing ──closed──▶ closed (the machine's seat is free again)
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineStatus } from '@reelcast/protocol/http';

/** What the seat needs of a slot session. */
export interface SeatSession {
  id: number;
  playerId: number;
  machineId: number;
}

/** Why a seat is held: the cabinet waits for an attendant (hand pay) or is faulted / off line. */
export type HeldFor = 'hand-pay' | 'fault';

/** Stages with a slot session open on the machine. `connections`: the player's sockets on it. */
interface Occupied<S> {
  session: S;
  connections: number;
}

export interface Free {
  stage: 'free';
}
/**
 * Held in the lobby for a player (RESERVATION_SECONDS) until `expiresAt` (ms); its lapse is a
 * `release`, judged by the lobby's reservations on their own clock.
 */
export interface Reserved {
  stage: 'reserved';
  playerId: number;
  expiresAt: number;
}
/** The player is on the machine with at least one socket; the idle countdown runs. */
export interface Seated<S> extends Occupied<S> {
  stage: 'seated';
}
/** The player's last socket dropped: the grace period runs, the credits stay on the machine. */
export interface InGrace<S> extends Occupied<S> {
  stage: 'grace';
}
/** The cabinet is down (hand pay pending, fault, off line): no timer may close the session. */
export interface Held<S> extends Occupied<S> {
  stage: 'held';
  heldFor: HeldFor;
}
/** A close is under way (a game finishing, the cash-out); a refused close gives the seat back. */
export interface Closing<S> extends Occupied<S> {
  stage: 'closing';
  reason: string;
  /** the cabinet's condition, followed while closing, for the stage a refused close returns to */
  heldFor: HeldFor | null;
}
/** The slot session ended; the machine's next seat starts free. */
export interface Closed<S> {
  stage: 'closed';
  session: S;
  reason: string;
}

export type Seat<S extends SeatSession = SeatSession> =
  | Free
  | Reserved
  | Seated<S>
  | InGrace<S>
  | Held<S>
  | Closing<S>
  | Closed<S>;

export type SeatStage = Seat['stage'];
export const seatStages: readonly SeatStage[] = [
  'free',
  'reserved',
  'seated',
  'grace',
  'held',
  'closing',
  'closed',
];

export type OccupiedSeat<S extends SeatSession = SeatSession> =
  | Seated<S>
  | InGrace<S>
  | Held<S>
  | Closing<S>;

export type SeatEvent<S extends SeatSession = SeatSession> =
  /** the lobby holds the free machine for a player until `expiresAt` */
  | { type: 'reserve'; playerId: number; expiresAt: number }
  /** the reservation was released, lapsed or consumed */
  | { type: 'release' }
  /** a new slot session was opened for its player */
  | { type: 'open'; session: S }
  /** another socket of the seated player (a reconnect, a second tab) */
  | { type: 'attach'; playerId: number }
  /** one of the player's sockets left */
  | { type: 'detach' }
  /** the cabinet went down (hand pay, fault, off line) or came back (null) */
  | { type: 'cabinet'; down: HeldFor | null }
  /** the idle countdown of a connected player ran out */
  | { type: 'idle-over' }
  /** the grace period of a player with no socket ran out */
  | { type: 'grace-over' }
  /** someone ends the session: with `playerId`, only that player may (leave) */
  | { type: 'close'; sessionId: number; reason: string; playerId?: number }
  /** the close could not pay everything out: the session stays open */
  | { type: 'close-refused' }
  /** the close was recorded */
  | { type: 'closed' };

export type SeatEventType = SeatEvent['type'];
export const seatEventTypes: readonly SeatEventType[] = [
  'reserve',
  'release',
  'open',
  'attach',
  'detach',
  'cabinet',
  'idle-over',
  'grace-over',
  'close',
  'close-refused',
  'closed',
];

/** A refused move: the §8 code, HTTP status and params the caller answers with. */
export interface Refusal {
  code: number;
  status: number;
  params?: Record<string, unknown>;
}

export type Step<S extends SeatSession> =
  | { ok: true; seat: Seat<S> }
  | { ok: false; refusal: Refusal };

const to = <S extends SeatSession>(seat: Seat<S>): Step<S> => ({ ok: true, seat });
const refuse = <S extends SeatSession>(
  code: number,
  status: number,
  params?: Record<string, unknown>,
): Step<S> => ({ ok: false, refusal: { code, status, ...(params ? { params } : {}) } });

export const refusals = {
  busy: { code: ErrorCode.machineBusy, status: 409 },
  ended: { code: ErrorCode.sessionTerminated, status: 409 },
  /** nothing may close or time out the session now (the machine is down, or it is closing) */
  notNow: { code: ErrorCode.machineUnavailable, status: 409 },
  notReservable: { code: ErrorCode.notReservable, status: 409 },
} as const satisfies Record<string, Refusal>;

const refuseWith = <S extends SeatSession>(r: Refusal): Step<S> => ({ ok: false, refusal: r });

export const isOccupied = <S extends SeatSession>(seat: Seat<S>): seat is OccupiedSeat<S> =>
  seat.stage === 'seated' ||
  seat.stage === 'grace' ||
  seat.stage === 'held' ||
  seat.stage === 'closing';

/** The open stage a session with these sockets settles in, the cabinet being as it is. */
export function settle<S extends SeatSession>(
  session: S,
  connections: number,
  heldFor: HeldFor | null,
): Seated<S> | InGrace<S> | Held<S> {
  if (heldFor) return { stage: 'held', session, connections, heldFor };
  return connections > 0
    ? { stage: 'seated', session, connections }
    : { stage: 'grace', session, connections: 0 };
}

/** The seat's next stage after the event, or why the event is refused in this stage. */
export function step<S extends SeatSession>(seat: Seat<S>, event: SeatEvent<S>): Step<S> {
  switch (event.type) {
    case 'reserve':
      if (seat.stage === 'free') return to({ stage: 'reserved', ...pick(event) });
      if (seat.stage !== 'reserved') return refuseWith(refusals.notReservable);
      // A player renews their own reservation; someone else's stands.
      if (seat.playerId !== event.playerId) return refuse(ErrorCode.machineReserved, 409);
      return to({ stage: 'reserved', ...pick(event) });
    case 'release':
      return seat.stage === 'reserved' ? to({ stage: 'free' }) : to(seat);
    case 'open':
      return open(seat, event.session);
    case 'attach':
      if (!isOccupied(seat) || seat.stage === 'closing') return refuseWith(refusals.ended);
      if (seat.session.playerId !== event.playerId) return refuseWith(refusals.busy);
      return to(withConnections(seat, seat.connections + 1));
    case 'detach':
      if (!isOccupied(seat)) return refuseWith(refusals.ended);
      return to(withConnections(seat, Math.max(0, seat.connections - 1)));
    case 'cabinet':
      return cabinet(seat, event.down);
    case 'idle-over':
      if (seat.stage === 'seated') return to(closing(seat, 'idle', null));
      return refuseWith(seat.stage === 'held' ? refusals.notNow : refusals.ended);
    case 'grace-over':
      if (seat.stage === 'grace') return to(closing(seat, 'disconnected', null));
      return refuseWith(seat.stage === 'held' ? refusals.notNow : refusals.ended);
    case 'close':
      if (!mayClose(seat, event.sessionId, event.playerId)) return refuseWith(refusals.ended);
      return to(closing(seat, event.reason, seat.stage === 'held' ? seat.heldFor : null));
    case 'close-refused':
      if (seat.stage !== 'closing') return refuseWith(refusals.ended);
      return to(settle(seat.session, seat.connections, seat.heldFor));
    case 'closed':
      if (seat.stage !== 'closing') return refuseWith(refusals.ended);
      return to({ stage: 'closed', session: seat.session, reason: seat.reason });
  }
}

const pick = (e: { playerId: number; expiresAt: number }) => ({
  playerId: e.playerId,
  expiresAt: e.expiresAt,
});

function open<S extends SeatSession>(seat: Seat<S>, session: S): Step<S> {
  const refusal = openRefusal(seat, session.playerId);
  if (refusal) return refuseWith(refusal);
  return to({ stage: 'seated', session, connections: 1 });
}

/**
 * Why `playerId` may not open a new slot session on the seat, or null: only a seat with no
 * session may be taken, and a reserved one only by the player it is reserved for.
 */
export function openRefusal(seat: Seat, playerId: number): Refusal | null {
  if (seat.stage === 'reserved' && seat.playerId !== playerId) {
    return {
      code: ErrorCode.machineReserved,
      status: 409,
      params: { expiresAt: new Date(seat.expiresAt).toISOString() },
    };
  }
  if (seat.stage !== 'free' && seat.stage !== 'reserved') return refusals.busy;
  return null;
}

function cabinet<S extends SeatSession>(seat: Seat<S>, down: HeldFor | null): Step<S> {
  if (seat.stage === 'closing') return to({ ...seat, heldFor: down });
  if (seat.stage === 'seated' || seat.stage === 'grace' || seat.stage === 'held') {
    return to(settle(seat.session, seat.connections, down));
  }
  // No session on it: what the lobby shows of a machine that is down is read from the machine.
  return to(seat);
}

function withConnections<S extends SeatSession>(
  seat: OccupiedSeat<S>,
  connections: number,
): OccupiedSeat<S> {
  if (seat.stage === 'closing') return { ...seat, connections };
  return settle(seat.session, connections, seat.stage === 'held' ? seat.heldFor : null);
}

function closing<S extends SeatSession>(
  seat: OccupiedSeat<S>,
  reason: string,
  heldFor: HeldFor | null,
): Closing<S> {
  return {
    stage: 'closing',
    session: seat.session,
    connections: seat.connections,
    reason,
    heldFor,
  };
}

function mayClose<S extends SeatSession>(
  seat: Seat<S>,
  sessionId: number,
  playerId: number | undefined,
): seat is Seated<S> | InGrace<S> | Held<S> {
  if (seat.stage !== 'seated' && seat.stage !== 'grace' && seat.stage !== 'held') return false;
  return (
    seat.session.id === sessionId && (playerId === undefined || seat.session.playerId === playerId)
  );
}

/**
 * The seat's ownership rule: `playerId` may act on the machine for session `sessionId` (inputs,
 * money, video) only while the seat holds that open session for that player. A close under way
 * still holds it: a refused close gives the seat back as it was.
 */
export function holds(seat: Seat, sessionId: number, playerId: number): boolean {
  return isOccupied(seat) && seat.session.id === sessionId && seat.session.playerId === playerId;
}

/**
 * Why a machine socket may not act now, or null when it may: it must be bound to a session its
 * player holds. A socket that had a seat hears that the session ended (50100); one that never
 * sat down is told to send init first.
 */
export function socketRefusal(held: boolean, everSeated: boolean): Refusal | null {
  if (held) return null;
  if (everSeated) return refusals.ended;
  return { code: ErrorCode.invalidRequest, status: 400, params: { detail: 'send init first' } };
}

/** What the lobby cannot see in the seat: the machine itself. */
export interface MachineCondition {
  /** enabled in the lobby, its agent present and answering */
  up: boolean;
  /** the cabinet cannot be played: hand pay pending, fault, off line */
  cabinetDown: boolean;
  /** a camera machine while §9 WEBCAM is off: not offered to a new player */
  cameraOff: boolean;
}

/**
 * What the lobby shows (§5): not available (down, or a camera machine with WEBCAM off) > playing
 * or waiting (a session, with or without a socket on it; a seat taken before WEBCAM went off stays
 * the player's to finish) > reserved > available.
 */
export function lobbyStatus(seat: Seat, machine: MachineCondition): MachineStatus {
  // A held seat's cabinet is down: the lobby reads that from the machine as it is now.
  if (!machine.up || machine.cabinetDown) return 'not_available';
  if (isOccupied(seat)) return seat.connections > 0 ? 'playing' : 'waiting';
  if (machine.cameraOff) return 'not_available';
  return seat.stage === 'reserved' ? 'reserved' : 'available';
}
