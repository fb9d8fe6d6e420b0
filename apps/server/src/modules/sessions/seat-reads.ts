// The seats as the rest of the server reads them (the lobby, the reconnect dialog, the sockets'
// ownership check, the staff): answered from the seat book and the cabinets, never changed here.
// SessionService (service.ts) adds the moves and tells what changed through these events.
import { EventEmitter } from 'node:events';
import type { MachineStatus } from '@reelcast/protocol/http';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import type { ReconnectStatus } from '@reelcast/protocol/sessions';
import type { Floor } from '../floor/floor';
import type { SlotSession } from './repository';
import { lobbyStatus, type Seat } from './seat';
import { type Reservation, reconnectStatus, type SeatBook } from './seat-book';

export interface SessionEvents {
  closed: [session: SlotSession, reason: string];
  status: [machineId: number];
  /** an info notification (§3) for the sockets of the session's player on its machine */
  info: [session: SlotSession, info: InfoNotification];
}

export class SeatReads extends EventEmitter<SessionEvents> {
  protected constructor(
    protected readonly book: SeatBook,
    protected readonly floor: Floor,
  ) {
    super();
  }

  /** The machine's seat; a free one shows the lobby's reservation when given. */
  seatOn(machineId: number, reservation: Reservation | null = null): Seat<SlotSession> {
    return this.book.seatOn(machineId, reservation);
  }

  /** playing / waiting / available, or not available when the machine is off or down. */
  statusOf(machineId: number, enabled: boolean): MachineStatus {
    const agent = this.floor.agent(machineId);
    const up = enabled && agent?.status === 'ready';
    return lobbyStatus(this.seatOn(machineId), { up, cabinetDown: false, cameraOff: false });
  }

  /**
   * What the reconnect dialog says about a machine holding a session (§4), from what the server
   * knows: the agent (offline, error), the cabinet (hand pay pending = trying cashout, fault =
   * error, a game still finishing = bonus) and the connections (playing = someone is on it).
   */
  reconnectStatusOf(machineId: number): ReconnectStatus {
    const connections = this.book.get(machineId)?.connections ?? 0;
    return reconnectStatus(this.floor.agent(machineId), connections);
  }

  /** The player's open sessions (one per machine at most), for the reconnect dialog. */
  openSessionsOf(playerId: number): Array<{ session: SlotSession; credits: number }> {
    const out: Array<{ session: SlotSession; credits: number }> = [];
    for (const seat of this.book.all()) {
      if (seat.session.playerId !== playerId) continue;
      const credits = this.floor.agent(seat.session.machineId)?.state().credits ?? 0;
      out.push({ session: seat.session, credits });
    }
    return out;
  }

  /**
   * The seat's ownership rule (seat.ts `holds`): true while `playerId` holds the open session
   * `sessionId`. A socket may act on a machine only while this holds, checked at each input.
   */
  holds(sessionId: number, playerId: number): boolean {
    return this.book.holds(sessionId, playerId);
  }

  sessionOf(sessionId: number): SlotSession | null {
    return this.book.seatOf(sessionId)?.session ?? null;
  }

  /** The open session on a machine, if any. */
  sessionOnMachine(machineId: number): SlotSession | null {
    return this.book.get(machineId)?.session ?? null;
  }
}
