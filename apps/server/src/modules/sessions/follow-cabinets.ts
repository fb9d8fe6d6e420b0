// The seats follow their cabinets: each game is recorded, a cabinet that goes down (hand pay,
// fault, off line) holds its seat, and COLLECT on a cabinet's screen pays the credits back to
// the wallet through the ledger.
import type { MachineAgent } from '../floor/agent';
import type { Floor } from '../floor/floor';
import type { GameRecorder } from './game-recorder';
import { heldFor, type SeatBook } from './seat-book';
import type { FailureLog } from './seat-money';
import { type Clock, waitFor } from './timers';

/** How long a close or a transfer waits for the game in play to finish. */
const GAME_WAIT_MS = 10_000;

export function followCabinets(
  floor: Floor,
  seats: {
    book: SeatBook;
    recorder: GameRecorder;
    log: FailureLog;
    cashOut(sessionId: number): Promise<number>;
  },
): void {
  const { book, recorder, log } = seats;
  for (const agent of floor.all()) {
    recorder.watch(agent);
    agent.on('change', () =>
      book.apply(agent.machineId, { type: 'cabinet', down: heldFor(agent) }),
    );
    agent.on('cashout-button', () => {
      const seat = book.get(agent.machineId);
      if (!seat) return;
      seats
        .cashOut(seat.session.id)
        .catch((err) => log.warn({ err, machineId: agent.machineId }, 'COLLECT not paid out'));
    });
  }
}

/** Waits (up to 10 s on the clock) for the game in play on the machine to end. */
export async function gameOver(agent: MachineAgent, clock: Clock, log: FailureLog): Promise<void> {
  const ended = await waitFor(
    agent,
    'game-ended',
    () => !agent.state().spinning,
    clock,
    GAME_WAIT_MS,
  );
  if (!ended) log.warn({ machineId: agent.machineId }, 'game still in play after 10 s');
}
