// Every stage of a seat × every event: allowed events give the next stage, refused ones their
// refusal. The table is written out in full; a test checks it leaves no pair out.
import { ErrorCode } from '@reelcast/protocol/codes';
import { describe, expect, it } from 'vitest';
import {
  holds,
  lobbyStatus,
  openRefusal,
  type Seat,
  type SeatEvent,
  type SeatEventType,
  type SeatSession,
  type SeatStage,
  seatEventTypes,
  seatStages,
  socketRefusal,
  step,
} from './seat';

const mine: SeatSession = { id: 10, playerId: 1, machineId: 3 };
const next: SeatSession = { id: 20, playerId: 1, machineId: 3 };
const theirs: SeatSession = { id: 21, playerId: 2, machineId: 3 };
const expiresAt = Date.UTC(2030, 0, 1);

const seats: Record<SeatStage, Seat> = {
  free: { stage: 'free' },
  reserved: { stage: 'reserved', playerId: 1, expiresAt },
  seated: { stage: 'seated', session: mine, connections: 1 },
  grace: { stage: 'grace', session: mine, connections: 0 },
  held: { stage: 'held', session: mine, connections: 1, heldFor: 'hand-pay' },
  closing: { stage: 'closing', session: mine, connections: 1, reason: 'player', heldFor: null },
  closed: { stage: 'closed', session: mine, reason: 'player' },
};

/** One event of each type, by the seat's own player where a player is named. */
const events: Record<SeatEventType, SeatEvent> = {
  reserve: { type: 'reserve', playerId: 1, expiresAt },
  release: { type: 'release' },
  open: { type: 'open', session: next },
  attach: { type: 'attach', playerId: 1 },
  detach: { type: 'detach' },
  cabinet: { type: 'cabinet', down: 'fault' },
  'idle-over': { type: 'idle-over' },
  'grace-over': { type: 'grace-over' },
  close: { type: 'close', sessionId: 10, reason: 'player', playerId: 1 },
  'close-refused': { type: 'close-refused' },
  closed: { type: 'closed' },
};

const ended = ErrorCode.sessionTerminated;
const busy = ErrorCode.machineBusy;
const notNow = ErrorCode.machineUnavailable;
const notReservable = ErrorCode.notReservable;

/** The next seat, or the refusal's code. */
type Outcome = Seat | number;

const seated = (connections: number, session = mine): Seat => ({
  stage: 'seated',
  session,
  connections,
});
const grace: Seat = { stage: 'grace', session: mine, connections: 0 };
const held = (connections: number, heldFor: 'hand-pay' | 'fault' = 'fault'): Seat => ({
  stage: 'held',
  session: mine,
  connections,
  heldFor,
});
const closing = (
  connections: number,
  reason = 'player',
  heldFor: 'hand-pay' | 'fault' | null = null,
): Seat => ({ stage: 'closing', session: mine, connections, reason, heldFor });

const table: Record<SeatStage, Record<SeatEventType, Outcome>> = {
  free: {
    reserve: { stage: 'reserved', playerId: 1, expiresAt },
    release: seats.free,
    open: seated(1, next),
    attach: ended,
    detach: ended,
    cabinet: seats.free,
    'idle-over': ended,
    'grace-over': ended,
    close: ended,
    'close-refused': ended,
    closed: ended,
  },
  reserved: {
    reserve: seats.reserved,
    release: seats.free,
    open: seated(1, next),
    attach: ended,
    detach: ended,
    cabinet: seats.reserved,
    'idle-over': ended,
    'grace-over': ended,
    close: ended,
    'close-refused': ended,
    closed: ended,
  },
  seated: {
    reserve: notReservable,
    release: seats.seated,
    open: busy,
    attach: seated(2),
    detach: grace,
    cabinet: held(1),
    'idle-over': closing(1, 'idle'),
    'grace-over': ended,
    close: closing(1),
    'close-refused': ended,
    closed: ended,
  },
  grace: {
    reserve: notReservable,
    release: grace,
    open: busy,
    attach: seated(1),
    detach: grace,
    cabinet: held(0),
    'idle-over': ended,
    'grace-over': closing(0, 'disconnected'),
    close: closing(0),
    'close-refused': ended,
    closed: ended,
  },
  held: {
    reserve: notReservable,
    release: seats.held,
    open: busy,
    attach: held(2, 'hand-pay'),
    detach: held(0, 'hand-pay'),
    cabinet: held(1, 'fault'),
    'idle-over': notNow,
    'grace-over': notNow,
    close: closing(1, 'player', 'hand-pay'),
    'close-refused': ended,
    closed: ended,
  },
  closing: {
    reserve: notReservable,
    release: seats.closing,
    open: busy,
    attach: ended,
    detach: closing(0),
    cabinet: closing(1, 'player', 'fault'),
    'idle-over': ended,
    'grace-over': ended,
    close: ended,
    'close-refused': seated(1),
    closed: { stage: 'closed', session: mine, reason: 'player' },
  },
  closed: {
    reserve: notReservable,
    release: seats.closed,
    open: busy,
    attach: ended,
    detach: ended,
    cabinet: seats.closed,
    'idle-over': ended,
    'grace-over': ended,
    close: ended,
    'close-refused': ended,
    closed: ended,
  },
};

const outcome = (seat: Seat, event: SeatEvent): Outcome => {
  const result = step(seat, event);
  return result.ok ? result.seat : result.refusal.code;
};

describe('seat transitions', () => {
  it('the table has every stage × every event', () => {
    expect(Object.keys(table).sort()).toEqual([...seatStages].sort());
    for (const stage of seatStages) {
      expect(Object.keys(table[stage]).sort()).toEqual([...seatEventTypes].sort());
    }
  });

  for (const stage of seatStages) {
    for (const type of seatEventTypes) {
      it(`${stage} × ${type}`, () => {
        expect(outcome(seats[stage], events[type])).toEqual(table[stage][type]);
      });
    }
  }

  it("another player's events on a seat", () => {
    expect(outcome(seats.reserved, { type: 'reserve', playerId: 2, expiresAt })).toBe(
      ErrorCode.machineReserved,
    );
    expect(step(seats.reserved, { type: 'open', session: theirs })).toEqual({
      ok: false,
      refusal: {
        code: ErrorCode.machineReserved,
        status: 409,
        params: { expiresAt: new Date(expiresAt).toISOString() },
      },
    });
    for (const stage of ['seated', 'grace', 'held'] as const) {
      expect(outcome(seats[stage], { type: 'attach', playerId: 2 })).toBe(busy);
      expect(outcome(seats[stage], { ...events.close, playerId: 2 } as SeatEvent)).toBe(ended);
      expect(outcome(seats[stage], { ...events.close, sessionId: 11 } as SeatEvent)).toBe(ended);
      expect(outcome(seats[stage], { type: 'open', session: theirs })).toBe(busy);
    }
  });

  it('staff close any open seat; a refused close gives the seat back as the cabinet is', () => {
    const quit: SeatEvent = { type: 'close', sessionId: 10, reason: 'quit' };
    expect(outcome(seats.seated, quit)).toEqual(closing(1, 'quit'));
    expect(outcome(seats.grace, quit)).toEqual(closing(0, 'quit'));
    expect(outcome(closing(0, 'quit', 'hand-pay'), { type: 'close-refused' })).toEqual(
      held(0, 'hand-pay'),
    );
    expect(outcome(closing(0), { type: 'close-refused' })).toEqual(grace);
  });

  it('the cabinet coming back settles a held seat by its sockets', () => {
    const up: SeatEvent = { type: 'cabinet', down: null };
    expect(outcome(held(2), up)).toEqual(seated(2));
    expect(outcome(held(0), up)).toEqual(grace);
    expect(outcome(seats.seated, up)).toEqual(seats.seated);
    expect(outcome(seats.grace, { type: 'cabinet', down: 'hand-pay' })).toEqual(
      held(0, 'hand-pay'),
    );
    expect(outcome(seated(2), { type: 'detach' })).toEqual(seated(1));
  });
});

describe('seat ownership', () => {
  it("only the seat's player, for its open session, in any open stage", () => {
    for (const stage of seatStages) {
      const open = ['seated', 'grace', 'held', 'closing'].includes(stage);
      expect(holds(seats[stage], 10, 1)).toBe(open);
      expect(holds(seats[stage], 10, 2)).toBe(false);
      expect(holds(seats[stage], 11, 1)).toBe(false);
    }
  });

  it('a socket not holding its seat hears 50100 once seated, else to send init', () => {
    expect(socketRefusal(true, true)).toBeNull();
    expect(socketRefusal(true, false)).toBeNull();
    expect(socketRefusal(false, true)?.code).toBe(ended);
    expect(socketRefusal(false, false)).toMatchObject({
      code: ErrorCode.invalidRequest,
      status: 400,
    });
  });

  it('a new session only on a free seat or one reserved for the player', () => {
    expect(openRefusal(seats.free, 2)).toBeNull();
    expect(openRefusal(seats.reserved, 1)).toBeNull();
    expect(openRefusal(seats.reserved, 2)?.code).toBe(ErrorCode.machineReserved);
    expect(openRefusal(seats.seated, 1)?.code).toBe(busy);
  });
});

describe('what the lobby shows', () => {
  const up = { up: true, cabinetDown: false, cameraOff: false };
  const expected: Record<SeatStage, string> = {
    free: 'available',
    reserved: 'reserved',
    seated: 'playing',
    grace: 'waiting',
    held: 'playing',
    closing: 'playing',
    closed: 'available',
  };
  for (const stage of seatStages) {
    it(stage, () => {
      expect(lobbyStatus(seats[stage], up)).toBe(expected[stage]);
      expect(lobbyStatus(seats[stage], { ...up, up: false })).toBe('not_available');
      expect(lobbyStatus(seats[stage], { ...up, cabinetDown: true })).toBe('not_available');
      // A seat taken before WEBCAM went off stays the player's to finish.
      const occupied = expected[stage] === 'playing' || expected[stage] === 'waiting';
      expect(lobbyStatus(seats[stage], { ...up, cameraOff: true })).toBe(
        occupied ? expected[stage] : 'not_available',
      );
    });
  }
});
