// Slot sessions: one open session per machine, kept in the database so it survives a restart.
// Every money movement between wallet and machine goes through the ledger, and operations on one
// machine run one at a time so a transfer, a spin and a cash-out never interleave.
//
// Lifecycle (§4, §8): a connected player with no activity (touch, press, transfer, spin) for
// SESSION_IDLE_MS is warned once a second for SESSION_COUNTDOWN_SECONDS (18800 without credits,
// 18802 with), then told 18801 CLOSE_SESSION and the session is cashed out and closed. A player
// whose last connection drops keeps the machine for SESSION_GRACE_MS; after it, the same.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ErrorCode, errorMessages, formatMessage, InfoCode } from '@reelcast/protocol/codes';
import type { MachineMeters } from '@reelcast/protocol/floor';
import type { MachineStatus } from '@reelcast/protocol/http';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import type { ReconnectStatus } from '@reelcast/protocol/sessions';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { MachineAgent } from '../floor/agent';
import { type FaultKind, setFault } from '../floor/faults';
import type { Floor } from '../floor/floor';
import type { MeterStore } from '../floor/meter-store';
import type { Ledger, PostResult } from '../wallet/ledger';
import type { LedgerEntry } from '../wallet/repository';
import { type SlotSession, sessionsRepository } from './repository';
import { realTimers, type TimerHandle, type Timers } from './timers';

interface Seat {
  session: SlotSession;
  /** sockets of the player currently attached to the machine */
  connections: number;
  graceTimer: TimerHandle | null;
  /** the idle timer, then the countdown's one-second ticks */
  idleTimer: TimerHandle | null;
  /** the game in play: its bet and the credit meter before the bet was taken */
  spin: { bet: number; creditsBefore: number } | null;
}

export interface SessionEvents {
  balance: [playerId: number, balance: number];
  closed: [session: SlotSession, reason: string];
  status: [machineId: number];
  /** an info notification (§3) for the sockets of the session's player on its machine */
  info: [session: SlotSession, info: InfoNotification];
}

export type SessionConfig = Pick<
  Config,
  'SESSION_GRACE_MS' | 'SESSION_IDLE_MS' | 'SESSION_COUNTDOWN_SECONDS' | 'MAX_SEATS_PER_PLAYER'
>;

/** Why a session closed, as recorded and shown in the history. */
export type CloseReason = 'player' | 'idle' | 'disconnected' | 'quit' | 'cancel';

/** Cabinet states in which credits may be moved onto the machine. */
const acceptsMoney = (status: string) => status === 'idle' || status === 'spinning';

/**
 * Off line, faulted or waiting for a hand pay: the player cannot act, so idle and grace periods
 * that run out meanwhile start over instead of closing the session (the credits stay on it).
 */
const machineDown = (agent: MachineAgent | undefined) =>
  agent?.status !== 'ready' || !acceptsMoney(agent.state().status);

/** Waits (up to 10 s) for the game in play on the machine to finish. */
async function gameOver(agent: MachineAgent): Promise<void> {
  for (let waited = 0; agent.state().spinning && waited < 10_000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const info = (
  code: number,
  params: Record<string, unknown>,
  action?: InfoNotification['action'],
): InfoNotification => ({
  code,
  params,
  message: formatMessage(errorMessages[code] ?? '', params),
  ...(action ? { action } : {}),
});

export class SessionService extends EventEmitter<SessionEvents> {
  private readonly seats = new Map<number, Seat>();
  private readonly queues = new Map<number, Promise<unknown>>();
  /** seats being opened per player, counted against MAX_SEATS_PER_PLAYER */
  private readonly opening = new Map<number, number>();
  /** Replaced by the lifecycle tests with a clock they drive. */
  timers: Timers = realTimers;
  /** Set by the lobby: refuses a new seat to a player the machine is not free for (reserved). */
  private joinCheck: ((playerId: number, machineId: number) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly floor: Floor,
    private readonly config: SessionConfig,
    /** writes the machine's meters with the credits recorded here, in one transaction */
    private readonly meters: MeterStore,
  ) {
    super();
    for (const agent of floor.all()) {
      const machineId = agent.machineId;
      agent.on('game-started', ({ bet }) => {
        const seat = this.seats.get(machineId);
        if (!seat) return;
        // The machine has already taken the bet off the credit meter.
        seat.spin = { bet, creditsBefore: agent.state().credits + bet };
        // A spin is activity, autoplay's included: an autoplaying player is not idle.
        this.armIdle(seat);
      });
      // Each finished game is recorded for recall, and the credits kept current for a restart.
      agent.on('game-ended', (e) => {
        const seat = this.seats.get(machineId);
        if (!seat) return;
        const creditsAfter = agent.state().credits;
        const creditsBefore = seat.spin?.creditsBefore ?? creditsAfter + e.bet - e.win;
        seat.spin = null;
        // A win over the limit is locked on the machine already: its hand pay is recorded with
        // the game, in one transaction, so a crash cannot keep the game and lose the hand pay.
        const handPay = e.handPay ? agent.pendingHandPay() : null;
        void meters
          .record(machineId, async (tx) => {
            await sessionsRepository.recordSpin(tx, {
              sessionId: seat.session.id,
              bet: e.bet,
              win: e.win,
              creditsBefore,
              creditsAfter,
              stops: e.stops,
              grid: e.grid,
              handPay: e.handPay,
            });
            if (handPay) {
              await sessionsRepository.setHandPay(tx, seat.session.id, handPay.amount, handPay.id);
            }
          })
          .catch(() => {});
      });
      // A pending hand pay lives in the machine's memory: recorded so a restart cannot lose it.
      agent.on('hand-pay-pending', (e) => {
        const seat = this.seats.get(machineId);
        if (!seat) return;
        void meters
          .record(machineId, (tx) =>
            sessionsRepository.setHandPay(tx, seat.session.id, e.amount, e.id),
          )
          .catch(() => {});
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
      // Not a transfer: the saved meters already count the ones that brought these credits.
      if (session.credits > 0) agent.restoreCredits(session.credits);
      if (session.handPay > 0 && session.handPayId) {
        agent.restoreHandPay({ id: session.handPayId, amount: session.handPay });
      }
      const seat: Seat = { session, connections: 0, graceTimer: null, idleTimer: null, spin: null };
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

  /**
   * What the reconnect dialog says about a machine holding a session (§4), from what the server
   * knows: the agent (offline, error), the cabinet (hand pay pending = trying cashout, fault =
   * error, a game still finishing = bonus) and the connections (playing = someone is on it).
   */
  reconnectStatusOf(machineId: number): ReconnectStatus {
    const agent = this.floor.agent(machineId);
    if (!agent || agent.status === 'offline') return 'offline';
    if (agent.status !== 'ready') return 'error';
    const cabinet = agent.state().status;
    if (cabinet === 'fault') return 'error';
    if (cabinet === 'handpay') return 'cashout';
    if ((this.seats.get(machineId)?.connections ?? 0) > 0) return 'playing';
    if (cabinet === 'spinning') return 'bonus';
    if (cabinet === 'idle') return 'waiting';
    return 'unknown';
  }

  /** The player's open sessions (one per machine at most), for the reconnect dialog. */
  openSessionsOf(playerId: number): Array<{ session: SlotSession; credits: number }> {
    const out: Array<{ session: SlotSession; credits: number }> = [];
    for (const seat of this.seats.values()) {
      if (seat.session.playerId !== playerId) continue;
      const credits = this.floor.agent(seat.session.machineId)?.state().credits ?? 0;
      out.push({ session: seat.session, credits });
    }
    return out;
  }

  /** The lobby's rule for new seats (reservations); it throws to refuse. */
  setJoinCheck(check: (playerId: number, machineId: number) => Promise<void>): void {
    this.joinCheck = check;
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
        const done = this.claimSeatFor(playerId);
        try {
          await this.joinCheck?.(playerId, machineId);
          let session: SlotSession;
          try {
            session = await sessionsRepository.create(this.db, playerId, machineId);
          } catch {
            // The unique index on open sessions per machine refused a racing second player.
            throw new AppError(ErrorCode.machineBusy, 409);
          }
          seat = { session, connections: 0, graceTimer: null, idleTimer: null, spin: null };
          this.seats.set(machineId, seat);
        } finally {
          done();
        }
      }
      if (seat.graceTimer) this.timers.clearTimeout(seat.graceTimer);
      seat.graceTimer = null;
      seat.connections += 1;
      this.armIdle(seat);
      this.emit('status', machineId);
      return seat.session;
    });
  }

  /**
   * One seat per player by default (MAX_SEATS_PER_PLAYER): credits spread over machines are
   * credits nobody watches. Joins on different machines run on different queues, so a seat being
   * opened counts from the moment it is checked (synchronously, before any await) until it is
   * open or refused; two racing joins cannot both pass. Answers the function that ends the claim.
   */
  private claimSeatFor(playerId: number): () => void {
    let held = this.opening.get(playerId) ?? 0;
    for (const seat of this.seats.values()) if (seat.session.playerId === playerId) held++;
    if (held >= this.config.MAX_SEATS_PER_PLAYER) {
      throw new AppError(ErrorCode.seatLimit, 409, { max: this.config.MAX_SEATS_PER_PLAYER });
    }
    this.opening.set(playerId, (this.opening.get(playerId) ?? 0) + 1);
    return () => {
      const left = (this.opening.get(playerId) ?? 1) - 1;
      if (left > 0) this.opening.set(playerId, left);
      else this.opening.delete(playerId);
    };
  }

  /** A socket of the player left; after the grace period the session is cashed out and closed. */
  detach(sessionId: number): void {
    const seat = this.seatOf(sessionId);
    if (!seat) return;
    seat.connections = Math.max(0, seat.connections - 1);
    if (seat.connections === 0) {
      // Nobody is watching: autoplay must not keep spending the player's credits.
      this.floor.agent(seat.session.machineId)?.stopAutoplay();
      this.clearIdle(seat);
      this.startGrace(seat);
    }
    this.emit('status', seat.session.machineId);
  }

  /** The player touched or pressed something: the idle countdown starts over. */
  activity(sessionId: number): void {
    const seat = this.seatOf(sessionId);
    if (seat) this.armIdle(seat);
  }

  /**
   * The seat's ownership rule: true while `playerId` holds the open session `sessionId`. A
   * socket may act on a machine only while this holds, checked when each input is handled.
   */
  holds(sessionId: number, playerId: number): boolean {
    return this.seatOf(sessionId)?.session.playerId === playerId;
  }

  /** Wallet → machine (Cash In). A retried requestId lands once. */
  async transfer(
    sessionId: number,
    amount: number,
    requestId?: string,
    playerId?: number,
  ): Promise<number> {
    const seat = this.requireSeat(sessionId, playerId);
    const machineId = seat.session.machineId;
    this.armIdle(seat);
    return this.serial(machineId, async () => {
      this.requireSeat(sessionId, playerId);
      const agent = this.floor.agent(machineId)!;
      // A game in play finishes first: credits recorded mid-game would void it on one side only.
      await gameOver(agent);
      if (!acceptsMoney(agent.state().status)) {
        throw new AppError(ErrorCode.machineUnavailable, 409);
      }
      const key = `cashin:${sessionId}:${requestId ?? randomUUID()}`;
      // The Cash In, the credits it puts on the machine and the machine's meters commit in one
      // transaction: a crash leaves all of them before the transfer or all after it.
      let moved: MachineMeters | null = null;
      let result: PostResult;
      try {
        result = await this.meters.recordWith(
          machineId,
          async (tx) => {
            const posted = await this.ledger.postIn(tx, {
              playerId: seat.session.playerId,
              type: TransactionType.cashIn,
              amount: -amount,
              idempotencyKey: key,
              sessionId,
              machineId,
            });
            if (!posted.applied) return posted;
            // Synchronously from here to the snapshot: no game starts in between, so the credits
            // and meters recorded are those of a machine at rest.
            if (agent.state().spinning || !acceptsMoney(agent.state().status)) {
              throw new AppError(ErrorCode.machineUnavailable, 409);
            }
            try {
              agent.transferIn(amount);
            } catch {
              throw new AppError(ErrorCode.machineUnavailable, 409);
            }
            moved = agent.meters();
            await sessionsRepository.setCredits(tx, sessionId, moved.currentCredits);
            return posted;
          },
          () => moved ?? agent.meters(),
        );
      } catch (e) {
        // Not recorded (a refusal, or the commit failed): the machine gives the credits back.
        if (moved) agent.cancelTransferIn(amount);
        throw e;
      }
      const { entry, applied } = result;
      if (applied) {
        this.ledger.committed(entry);
        this.emit('balance', seat.session.playerId, entry.balanceAfter);
      }
      return entry.balanceAfter;
    });
  }

  /** Machine → wallet (Cash Out) of every credit on the machine; answers the amount moved. */
  async cashOut(sessionId: number, playerId?: number): Promise<number> {
    const seat = this.requireSeat(sessionId, playerId);
    this.armIdle(seat);
    return this.serial(seat.session.machineId, async () => {
      // The session may have closed while this waited its turn: nothing to pay from any more.
      this.requireSeat(sessionId, playerId);
      return this.cashOutNow(seat);
    });
  }

  /** Cashes out and closes the session. */
  async close(sessionId: number, reason: CloseReason | string, playerId?: number): Promise<number> {
    const seat = this.requireSeat(sessionId, playerId);
    const machineId = seat.session.machineId;
    return this.serial(machineId, async () => {
      this.requireSeat(sessionId, playerId);
      const agent = this.floor.agent(machineId)!;
      agent.stopAutoplay();
      // A game in play finishes first: its win belongs to this session.
      await gameOver(agent);
      const amount = await this.cashOutNow(seat);
      // Credits the machine would not pay out (a hand pay pending, off line) keep the session
      // open: closing it would leave them on the machine for the next player. So does a pending
      // hand pay with no credits: its attendant must find the player to pay on the session.
      if (agent.state().credits > 0 || agent.pendingHandPay()) {
        throw new AppError(ErrorCode.machineUnavailable, 409);
      }
      await sessionsRepository.close(this.db, sessionId, reason);
      if (seat.graceTimer) this.timers.clearTimeout(seat.graceTimer);
      this.clearIdle(seat);
      this.seats.delete(machineId);
      this.emit('closed', seat.session, reason);
      this.emit('status', machineId);
      return amount;
    });
  }

  /**
   * Staff remove the player from the machine (QUIT_REQUEST): the player's screen is told, then
   * the credits are cashed out to the wallet and the session closes.
   */
  async quit(machineId: number): Promise<{ sessionId: number; cashedOut: number }> {
    const seat = this.seats.get(machineId);
    if (!seat) throw new AppError(ErrorCode.notFound, 404, { what: 'session' });
    this.emit('info', seat.session, info(InfoCode.terminating, {}, 'QUIT_REQUEST'));
    const cashedOut = await this.close(seat.session.id, 'quit');
    return { sessionId: seat.session.id, cashedOut };
  }

  /**
   * An attendant paid the machine's pending hand pay (§3 type 5): the seated player's wallet is
   * credited through the ledger, then the machine unlocks. The key is the hand pay's own id, so a
   * retry after a failure pays once, and a retry after success finds nothing pending (40930).
   */
  resetHandPay(
    machineId: number,
    operator: string,
  ): Promise<{ sessionId: number; playerId: number; amount: number; balance: number }> {
    return this.serial(machineId, async () => {
      const agent = this.floor.agent(machineId);
      if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      const pending = agent.pendingHandPay();
      if (!pending) throw new AppError(ErrorCode.noHandPay, 409, { machineId });
      if (agent.status !== 'ready') throw new AppError(ErrorCode.machineUnavailable, 409);
      // close() refuses while a hand pay is pending, so a seat is always there; without one
      // (a bug) the machine stays locked rather than paying nobody.
      const seat = this.seats.get(machineId);
      if (!seat) throw new AppError(ErrorCode.notFound, 404, { what: 'session' });
      // The payment, the session's record of it and the meters commit together; the machine
      // unlocks after the commit (a crash before it leaves the hand pay pending, and unpaid).
      const { entry } = await this.meters.recordWith(
        machineId,
        async (tx) => {
          const posted = await this.ledger.postIn(tx, {
            playerId: seat.session.playerId,
            type: TransactionType.handPay,
            amount: pending.amount,
            idempotencyKey: `handpay:${machineId}:${pending.id}`,
            source: 'hand pay',
            operator,
            sessionId: seat.session.id,
            machineId,
          });
          await sessionsRepository.setHandPay(tx, seat.session.id, 0, null);
          return posted;
        },
        () => {
          const m = agent.meters();
          return { ...m, handPaid: m.handPaid + pending.amount };
        },
      );
      agent.resetHandPay();
      this.ledger.committed(entry);
      this.emit('balance', seat.session.playerId, entry.balanceAfter);
      this.emit('status', machineId);
      return {
        sessionId: seat.session.id,
        playerId: seat.session.playerId,
        amount: pending.amount,
        balance: entry.balanceAfter,
      };
    });
  }

  /** Staff raise or clear a fault (door open, tilt, offline); the session and its credits stay. */
  setFault(machineId: number, fault: FaultKind, active: boolean, operator: string): void {
    const agent = this.floor.agent(machineId);
    if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
    setFault(agent, fault, active, `staff: ${operator}`);
    this.emit('status', machineId);
  }

  sessionOf(sessionId: number): SlotSession | null {
    return this.seatOf(sessionId)?.session ?? null;
  }

  /** The open session on a machine, if any. */
  sessionOnMachine(machineId: number): SlotSession | null {
    return this.seats.get(machineId)?.session ?? null;
  }

  stop(): void {
    for (const seat of this.seats.values()) {
      if (seat.graceTimer) this.timers.clearTimeout(seat.graceTimer);
      this.clearIdle(seat);
    }
  }

  private async cashOutNow(seat: Seat): Promise<number> {
    const agent = this.floor.agent(seat.session.machineId)!;
    const amount = agent.cashOut();
    if (amount === 0) return 0;
    const { machineId, id: sessionId, playerId } = seat.session;
    let entry: LedgerEntry;
    try {
      // The Cash Out, the credits it takes off and the meters commit together (see transfer).
      ({ entry } = await this.meters.recordWith(
        machineId,
        async (tx) => {
          const posted = await this.ledger.postIn(tx, {
            playerId,
            type: TransactionType.cashOut,
            amount,
            idempotencyKey: `cashout:${sessionId}:${randomUUID()}`,
            sessionId,
            machineId,
          });
          await sessionsRepository.setCredits(tx, sessionId, 0);
          return posted;
        },
        () => agent.meters(),
      ));
    } catch (e) {
      // The wallet did not take the money: it goes back onto the machine, not into thin air —
      // also when the machine faulted meanwhile (a transfer in would be refused then).
      agent.cancelCashOut(amount);
      throw e;
    }
    this.ledger.committed(entry);
    const balance = entry.balanceAfter;
    this.emit('balance', seat.session.playerId, balance);
    return amount;
  }

  /** (Re)starts the idle timer of a connected player; any running countdown is called off. */
  private armIdle(seat: Seat): void {
    this.clearIdle(seat);
    if (seat.connections === 0) return;
    seat.idleTimer = this.timers.setTimeout(
      () => this.warn(seat, this.config.SESSION_COUNTDOWN_SECONDS),
      this.config.SESSION_IDLE_MS,
    );
  }

  private clearIdle(seat: Seat): void {
    if (seat.idleTimer) this.timers.clearTimeout(seat.idleTimer);
    seat.idleTimer = null;
  }

  /** One second of the countdown: a warning with the seconds left, or the end of the session. */
  private warn(seat: Seat, count: number): void {
    seat.idleTimer = null;
    if (this.seats.get(seat.session.machineId) !== seat || seat.connections === 0) return;
    if (machineDown(this.floor.agent(seat.session.machineId))) {
      // Nothing the player can do on a machine that is down: wait for it to come back.
      this.armIdle(seat);
      return;
    }
    if (count <= 0) {
      this.emit('info', seat.session, info(InfoCode.terminating, {}, 'CLOSE_SESSION'));
      this.close(seat.session.id, 'idle').catch(() => {
        // Not closable now (a hand pay pending): the player gets another idle period.
        this.armIdle(seat);
      });
      return;
    }
    const credits = this.floor.agent(seat.session.machineId)?.state().credits ?? 0;
    const code = credits > 0 ? InfoCode.continueWarning : InfoCode.depositWarning;
    this.emit('info', seat.session, info(code, { count }, 'SESSION_CLOSE_WARNING'));
    seat.idleTimer = this.timers.setTimeout(() => this.warn(seat, count - 1), 1000);
  }

  private startGrace(seat: Seat): void {
    if (seat.graceTimer) this.timers.clearTimeout(seat.graceTimer);
    seat.graceTimer = this.timers.setTimeout(() => {
      seat.graceTimer = null;
      if (this.seats.get(seat.session.machineId) !== seat || seat.connections > 0) return;
      if (machineDown(this.floor.agent(seat.session.machineId))) {
        this.startGrace(seat);
        return;
      }
      this.close(seat.session.id, 'disconnected').catch(() => {
        // Retried by the next grace period, the credits stay recorded on the session.
        if (this.seats.get(seat.session.machineId) === seat) this.startGrace(seat);
      });
    }, this.config.SESSION_GRACE_MS);
  }

  private seatOf(sessionId: number): Seat | undefined {
    for (const seat of this.seats.values()) if (seat.session.id === sessionId) return seat;
    return undefined;
  }

  /** The open session's seat; with `playerId`, only when that player holds it. */
  private requireSeat(sessionId: number, playerId?: number): Seat {
    const seat = this.seatOf(sessionId);
    if (!seat) throw new AppError(ErrorCode.sessionTerminated, 409);
    if (playerId !== undefined && seat.session.playerId !== playerId) {
      throw new AppError(ErrorCode.sessionTerminated, 409);
    }
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
