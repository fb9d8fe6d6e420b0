// Records what the machine played during a slot session: each finished game (slot_spins, for
// recall, and the session's totals and credits, kept current for a restart) and a pending hand pay
// (it lives in the machine's memory), each in one transaction with the machine's meters. A game a
// cabinet names (an agent's: its NVRAM epoch and game number) is recorded once however often it
// is told, and its agent is told once it is in the record, so the game leaves the cabinet's journal.
import type { GameEnded, MachineAgent } from '../floor/agent';
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
      if (e.replay) return this.recordTold(agent, e, e.replay);
      const session = this.sessionOn(machineId);
      if (!session) {
        // A game with nobody seated (staff testing a cabinet) moves no player's money.
        if (e.bet > 0) this.log.warn({ machineId, game: e.ref }, 'game with no slot session');
        e.recorded?.();
        return;
      }
      const creditsAfter = e.creditsAfter ?? agent.state().credits;
      const creditsBefore =
        e.creditsBefore ??
        this.spins.get(session.id)?.creditsBefore ??
        creditsAfter + e.bet - e.win;
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
            gameRef: e.ref ?? null,
          });
          if (handPay) {
            await sessionsRepository.setHandPay(tx, session.id, handPay.amount, handPay.id);
          }
        })
        .then(
          () => e.recorded?.(),
          (err) => this.log.error({ err, machineId, sessionId: session.id }, 'game not recorded'),
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

  /**
   * A game the cabinet's journal told after the fact (its event died with the agent, or with a
   * server killed before the record committed): into the session it was played in, found by when
   * it ended, once. Its credits become the session's only when they are still the cabinet's.
   */
  private recordTold(
    agent: MachineAgent,
    e: GameEnded,
    told: NonNullable<GameEnded['replay']>,
  ): void {
    const machineId = agent.machineId;
    this.meters
      .record(machineId, async (tx) => {
        const session = await sessionsRepository.sessionAt(tx, machineId, told.playedAt);
        if (!session) {
          this.log.error({ machineId, game: e.ref }, 'journal game of no slot session');
          return;
        }
        const credits = told.latest && session.status === 'open';
        const creditsAfter = e.creditsAfter ?? 0;
        const added = await sessionsRepository.recordSpin(
          tx,
          {
            sessionId: session.id,
            playedAt: told.playedAt,
            bet: e.bet,
            win: e.win,
            creditsBefore: e.creditsBefore ?? creditsAfter + e.bet - e.win,
            creditsAfter,
            stops: e.stops,
            grid: e.grid,
            handPay: e.handPay,
            gameRef: e.ref ?? null,
          },
          { credits },
        );
        const pending = agent.pendingHandPay();
        if (added && e.handPay && credits && pending) {
          await sessionsRepository.setHandPay(tx, session.id, pending.amount, pending.id);
        }
        if (added) {
          this.log.warn({ machineId, sessionId: session.id, game: e.ref }, 'journal game recorded');
        }
      })
      .then(
        () => e.recorded?.(),
        (err) => this.log.error({ err, machineId, game: e.ref }, 'journal game not recorded'),
      );
  }

  /** The session ended: no game of it is in play any more. */
  forget(sessionId: number): void {
    this.spins.delete(sessionId);
  }
}
