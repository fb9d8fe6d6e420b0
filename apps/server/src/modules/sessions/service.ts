// Slot sessions: one open session per machine, kept in the database so it survives a restart.
// Every money movement between wallet and machine goes through the ledger, and operations on one
// machine run one at a time so a transfer, a spin and a cash-out never interleave.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineStatus } from '@reelcast/protocol/http';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Floor } from '../floor/floor';
import type { Ledger } from '../wallet/ledger';
import { type SlotSession, sessionsRepository } from './repository';

interface Seat {
  session: SlotSession;
  /** sockets of the player currently attached to the machine */
  connections: number;
  graceTimer: NodeJS.Timeout | null;
}

export interface SessionEvents {
  balance: [playerId: number, balance: number];
  closed: [session: SlotSession, reason: string];
  status: [machineId: number];
}

/** Cabinet states in which credits may be moved onto the machine. */
const acceptsMoney = (status: string) => status === 'idle' || status === 'spinning';

export class SessionService extends EventEmitter<SessionEvents> {
  private readonly seats = new Map<number, Seat>();
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly floor: Floor,
    private readonly graceMs: number,
  ) {
    super();
    for (const agent of floor.all()) {
      const machineId = agent.machineId;
      // Keeps the recorded credits current after each game, for restart recovery.
      agent.on('game-ended', () => {
        const seat = this.seats.get(machineId);
        if (seat) void sessionsRepository.setCredits(db, seat.session.id, agent.state().credits);
      });
      // COLLECT on the cabinet's screen: the credits go back to the wallet through the ledger.
      agent.on('cashout-button', () => {
        const seat = this.seats.get(machineId);
        if (seat) this.cashOut(seat.session.id).catch(() => {});
      });
    }
  }

  /** Brings back the sessions that were open when the server stopped, credits and all. */
  async resume(): Promise<void> {
    for (const session of await sessionsRepository.allOpen(this.db)) {
      const agent = this.floor.agent(session.machineId);
      if (!agent) continue;
      if (session.credits > 0) agent.transferIn(session.credits);
      const seat: Seat = { session, connections: 0, graceTimer: null };
      this.seats.set(session.machineId, seat);
      this.startGrace(seat);
    }
  }

  statusOf(machineId: number, enabled: boolean): MachineStatus {
    const agent = this.floor.agent(machineId);
    if (!enabled || !agent || agent.status !== 'ready') return 'not_available';
    const seat = this.seats.get(machineId);
    if (!seat) return 'available';
    return seat.connections > 0 ? 'playing' : 'waiting';
  }

  /** Opens the player's session on the machine, or resumes the one they already have. */
  open(playerId: number, machineId: number): Promise<SlotSession> {
    return this.serial(machineId, async () => {
      const agent = this.floor.agent(machineId);
      if (agent?.status !== 'ready') {
        throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      }
      let seat = this.seats.get(machineId);
      if (seat && seat.session.playerId !== playerId) {
        throw new AppError(ErrorCode.machineBusy, 409);
      }
      if (!seat) {
        let session: SlotSession;
        try {
          session = await sessionsRepository.create(this.db, playerId, machineId);
        } catch {
          // The unique index on open sessions per machine refused a racing second player.
          throw new AppError(ErrorCode.machineBusy, 409);
        }
        seat = { session, connections: 0, graceTimer: null };
        this.seats.set(machineId, seat);
      }
      if (seat.graceTimer) clearTimeout(seat.graceTimer);
      seat.graceTimer = null;
      seat.connections += 1;
      this.emit('status', machineId);
      return seat.session;
    });
  }

  /** A socket of the player left; after the grace period the session is cashed out and closed. */
  detach(sessionId: number): void {
    const seat = this.seatOf(sessionId);
    if (!seat) return;
    seat.connections = Math.max(0, seat.connections - 1);
    if (seat.connections === 0) {
      // Nobody is watching: autoplay must not keep spending the player's credits.
      this.floor.agent(seat.session.machineId)?.stopAutoplay();
      this.startGrace(seat);
    }
    this.emit('status', seat.session.machineId);
  }

  /** Wallet → machine (Cash In). A retried requestId lands once. */
  transfer(sessionId: number, amount: number, requestId?: string): Promise<number> {
    const seat = this.requireSeat(sessionId);
    const machineId = seat.session.machineId;
    return this.serial(machineId, async () => {
      this.requireSeat(sessionId);
      const agent = this.floor.agent(machineId)!;
      if (!acceptsMoney(agent.state().status)) {
        throw new AppError(ErrorCode.machineUnavailable, 409);
      }
      const key = `cashin:${sessionId}:${requestId ?? randomUUID()}`;
      const { entry, applied } = await this.ledger.post({
        playerId: seat.session.playerId,
        type: TransactionType.cashIn,
        amount: -amount,
        idempotencyKey: key,
        sessionId,
        machineId,
      });
      if (applied) {
        try {
          agent.transferIn(amount);
        } catch {
          // The machine refused after the wallet paid (a fault in between): pay it back.
          const { entry: refund } = await this.ledger.post({
            playerId: seat.session.playerId,
            type: TransactionType.cashOut,
            amount,
            idempotencyKey: `refund:${key}`,
            source: 'refused-transfer',
            sessionId,
            machineId,
          });
          this.emit('balance', seat.session.playerId, refund.balanceAfter);
          throw new AppError(ErrorCode.machineUnavailable, 409);
        }
        await sessionsRepository.setCredits(this.db, sessionId, agent.state().credits);
        this.emit('balance', seat.session.playerId, entry.balanceAfter);
      }
      return entry.balanceAfter;
    });
  }

  /** Machine → wallet (Cash Out) of every credit on the machine; answers the amount moved. */
  cashOut(sessionId: number): Promise<number> {
    const seat = this.requireSeat(sessionId);
    return this.serial(seat.session.machineId, () => this.cashOutNow(seat));
  }

  /** Cashes out and closes the session. */
  close(sessionId: number, reason: string): Promise<number> {
    const seat = this.requireSeat(sessionId);
    const machineId = seat.session.machineId;
    return this.serial(machineId, async () => {
      const agent = this.floor.agent(machineId)!;
      agent.stopAutoplay();
      // A game in play finishes first: its win belongs to this session.
      for (let waited = 0; agent.state().spinning && waited < 10_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const amount = await this.cashOutNow(seat);
      // Credits the machine would not pay out (a hand pay pending) keep the session open: closing
      // it would leave them on the machine for the next player.
      if (agent.state().credits > 0) throw new AppError(ErrorCode.machineUnavailable, 409);
      await sessionsRepository.close(this.db, sessionId);
      if (seat.graceTimer) clearTimeout(seat.graceTimer);
      this.seats.delete(machineId);
      this.emit('closed', seat.session, reason);
      this.emit('status', machineId);
      return amount;
    });
  }

  sessionOf(sessionId: number): SlotSession | null {
    return this.seatOf(sessionId)?.session ?? null;
  }

  stop(): void {
    for (const seat of this.seats.values()) if (seat.graceTimer) clearTimeout(seat.graceTimer);
  }

  private async cashOutNow(seat: Seat): Promise<number> {
    const agent = this.floor.agent(seat.session.machineId)!;
    const amount = agent.cashOut();
    if (amount === 0) return 0;
    try {
      const { entry } = await this.ledger.post({
        playerId: seat.session.playerId,
        type: TransactionType.cashOut,
        amount,
        idempotencyKey: `cashout:${seat.session.id}:${randomUUID()}`,
        sessionId: seat.session.id,
        machineId: seat.session.machineId,
      });
      await sessionsRepository.setCredits(this.db, seat.session.id, 0);
      this.emit('balance', seat.session.playerId, entry.balanceAfter);
      return amount;
    } catch (e) {
      // The wallet did not take the money: it goes back onto the machine, not into thin air.
      agent.transferIn(amount);
      throw e;
    }
  }

  private startGrace(seat: Seat): void {
    if (seat.graceTimer) clearTimeout(seat.graceTimer);
    seat.graceTimer = setTimeout(() => {
      this.close(seat.session.id, 'disconnected').catch(() => {
        // Retried by the next grace period, the credits stay recorded on the session.
        this.startGrace(seat);
      });
    }, this.graceMs);
    seat.graceTimer.unref();
  }

  private seatOf(sessionId: number): Seat | undefined {
    for (const seat of this.seats.values()) if (seat.session.id === sessionId) return seat;
    return undefined;
  }

  private requireSeat(sessionId: number): Seat {
    const seat = this.seatOf(sessionId);
    if (!seat) throw new AppError(ErrorCode.sessionTerminated, 409);
    return seat;
  }

  /** Runs fn after every earlier operation on the same machine has finished. */
  private serial<T>(machineId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(machineId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    this.queues.set(
      machineId,
      next.catch(() => {}),
    );
    return next;
  }
}
