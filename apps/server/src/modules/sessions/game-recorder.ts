// Records what the machine played during a slot session: each finished game (slot_spins, for
// recall, and the session's totals and credits, kept current for a restart) and a pending hand pay
// (it lives in the machine's memory), each in one transaction with the machine's meters.
import type { MachineAgent } from '../floor/agent';
import type { MeterStore } from '../floor/meter-store';
import { type SlotSession, sessionsRepository } from './repository';
import type { FailureLog } from './seat-money';

export class GameRecorder {
  /** the game in play per session: its bet and the credit meter before the bet was taken */
  private readonly spins = new Map<number, { bet: number; creditsBefore: number }>();

  constructor(
    private readonly meters: MeterStore,
    private readonly sessionOn: (machineId: number) => SlotSession | null,
    private readonly log: FailureLog,
    /** a game started on a seat: a spin is activity, autoplay's included */
    private readonly onGameStarted: (machineId: number) => void,
  ) {}

  watch(agent: MachineAgent): void {
    const machineId = agent.machineId;
    agent.on('game-started', ({ bet }) => {
      const session = this.sessionOn(machineId);
      if (!session) return;
      // The machine has already taken the bet off the credit meter.
      this.spins.set(session.id, { bet, creditsBefore: agent.state().credits + bet });
      this.onGameStarted(machineId);
    });
    agent.on('game-ended', (e) => {
      const session = this.sessionOn(machineId);
      if (!session) return;
      const creditsAfter = agent.state().credits;
      const creditsBefore =
        this.spins.get(session.id)?.creditsBefore ?? creditsAfter + e.bet - e.win;
      this.spins.delete(session.id);
      // A win over the limit is locked on the machine already: its hand pay is recorded with
      // the game, in one transaction, so a crash cannot keep the game and lose the hand pay.
      const handPay = e.handPay ? agent.pendingHandPay() : null;
      this.meters
        .record(machineId, async (tx) => {
          await sessionsRepository.recordSpin(tx, {
            sessionId: session.id,
            bet: e.bet,
            win: e.win,
            creditsBefore,
            creditsAfter,
            stops: e.stops,
            grid: e.grid,
            handPay: e.handPay,
          });
          if (handPay) {
            await sessionsRepository.setHandPay(tx, session.id, handPay.amount, handPay.id);
          }
        })
        .catch((err) =>
          this.log.error({ err, machineId, sessionId: session.id }, 'game not recorded'),
        );
    });
    // A pending hand pay lives in the machine's memory: recorded so a restart cannot lose it.
    agent.on('hand-pay-pending', (e) => {
      const session = this.sessionOn(machineId);
      if (!session) return;
      this.meters
        .record(machineId, (tx) => sessionsRepository.setHandPay(tx, session.id, e.amount, e.id))
        .catch((err) =>
          this.log.error({ err, machineId, sessionId: session.id }, 'hand pay not recorded'),
        );
    });
  }

  /** The session ended: no game of it is in play any more. */
  forget(sessionId: number): void {
    this.spins.delete(sessionId);
  }
}
