// What happens when a seat's clock runs out (seat-timers.ts keeps the time): the idle countdown
// warns the player once a second (§3 18800 without credits, 18802 with), then tells them 18801
// CLOSE_SESSION and closes the session; a grace period that runs out closes it too. A machine that
// is down holds the seat (seat.ts): its clocks start over instead, the credits stay on it.
import { errorMessages, formatMessage, InfoCode } from '@reelcast/protocol/codes';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import type { Floor } from '../floor/floor';
import type { SlotSession } from './repository';
import type { SeatEvent } from './seat';
import { heldFor, type SeatBook } from './seat-book';
import type { FailureLog } from './seat-money';
import type { SeatTimers } from './seat-timers';

export const notification = (
  code: number,
  params: Record<string, unknown>,
  action?: InfoNotification['action'],
): InfoNotification => ({
  code,
  params,
  message: formatMessage(errorMessages[code] ?? '', params),
  ...(action ? { action } : {}),
});

export interface SeatExpiryDeps {
  book: SeatBook;
  floor: Floor;
  timing: SeatTimers;
  log: FailureLog;
  /** tells the sockets of the session's player on its machine */
  tell(session: SlotSession, info: InfoNotification): void;
  /** closes the seat by the event, in the machine's queue */
  close(machineId: number, event: SeatEvent<SlotSession>): Promise<number>;
  /** (re)starts the idle period of a connected player */
  armIdle(machineId: number): void;
}

export class SeatExpiry {
  constructor(private readonly deps: SeatExpiryDeps) {}

  /** The seat as the cabinet has it now: a machine down holds it. */
  private current(machineId: number) {
    const down = heldFor(this.deps.floor.agent(machineId));
    return this.deps.book.apply(machineId, { type: 'cabinet', down });
  }

  /** One second of the countdown: a warning with the seconds left, or the end of the session. */
  countdown(machineId: number, count: number): void {
    const { book, timing, log } = this.deps;
    const seat = this.current(machineId);
    if (!seat || seat.connections === 0 || seat.stage === 'closing') return;
    // Nothing the player can do on a machine that is down: wait for it to come back.
    if (seat.stage === 'held') {
      this.deps.armIdle(machineId);
      return;
    }
    if (count > 0) {
      const credits = this.deps.floor.agent(machineId)?.state().credits ?? 0;
      const code = credits > 0 ? InfoCode.continueWarning : InfoCode.depositWarning;
      this.deps.tell(seat.session, notification(code, { count }, 'SESSION_CLOSE_WARNING'));
      timing.continueCountdown(machineId, count - 1);
      return;
    }
    this.deps.tell(seat.session, notification(InfoCode.terminating, {}, 'CLOSE_SESSION'));
    this.deps.close(machineId, { type: 'idle-over' }).catch((err) => {
      // Not closable now (a hand pay pending): the player gets another idle period.
      log.warn({ err, machineId }, 'idle session not closed');
      if (book.get(machineId)?.session.id === seat.session.id) this.deps.armIdle(machineId);
    });
  }

  graceOver(machineId: number): void {
    const { book, timing, log } = this.deps;
    const seat = this.current(machineId);
    if (!seat || seat.connections > 0 || seat.stage === 'closing') return;
    if (seat.stage === 'held') {
      timing.startGrace(machineId);
      return;
    }
    this.deps.close(machineId, { type: 'grace-over' }).catch((err) => {
      // Retried by the next grace period, the credits stay recorded on the session.
      log.warn({ err, machineId }, 'session not closed after its grace period');
      if (book.get(machineId)?.session.id === seat.session.id) timing.startGrace(machineId);
    });
  }
}
