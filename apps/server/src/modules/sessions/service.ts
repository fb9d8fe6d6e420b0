// Slot sessions: one seat per machine (seat.ts says what a seat may do in each stage), kept in the
// database so it survives a restart. This service is the seats' runtime and the one door to them:
// it applies the seat's moves in the machine's queue (machine-queue.ts) and hands the money to
// seat-money.ts, the clocks to seat-timers.ts and seat-expiry.ts (§4, §8: idle countdown, grace)
// with their ends on the row (seat-clocks.ts), and the games to game-recorder.ts; reads are in
// seat-reads.ts. With several instances (#19) it runs the seats of the machines this one owns:
// adopt and disown take them on and let them go. Failures nobody waits for are logged.
import { ErrorCode, InfoCode } from '@reelcast/protocol/codes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { MachineAgent } from '../floor/agent';
import { type FaultKind, setFault } from '../floor/faults';
import type { Floor } from '../floor/floor';
import type { MeterStore } from '../floor/meter-store';
import type { Ledger } from '../wallet/ledger';
import { followCabinets, gameOver } from './follow-cabinets';
import { GameRecorder } from './game-recorder';
import { MachineNames } from './machine-names';
import { MachineQueue } from './machine-queue';
import { type SlotSession, sessionsRepository } from './repository';
import { openRefusal, type SeatEvent, settle } from './seat';
import { graceLeft, restoreOnMachine } from './seat-adoption';
import { heldFor, type Occupied, type Reservation, refused, SeatBook } from './seat-book';
import { SeatClocks } from './seat-clocks';
import { notification, SeatExpiry } from './seat-expiry';
import {
  type BalanceAfter,
  type CashInCheck,
  consoleLog,
  type FailureLog,
  SeatMoney,
  SessionGone,
} from './seat-money';
import { SeatReads } from './seat-reads';
import { type SeatTimerConfig, SeatTimers } from './seat-timers';
import { type Clock, clockOf, realClock, type Timers } from './timers';

export type SessionConfig = SeatTimerConfig & Pick<Config, 'MAX_SEATS_PER_PLAYER'>;

/** Why a session closed, as recorded and shown in the history. */
export type CloseReason = 'player' | 'idle' | 'disconnected' | 'quit' | 'cancel';

export type { Reservation };

/** Refuses (throws) a new seat the lobby does not allow; answers the machine's reservation. */
export type JoinCheck = (playerId: number, machineId: number) => Promise<Reservation | null>;

export class SessionService extends SeatReads {
  /** the per-machine queue every seat and money change runs in (the lobby's refresh too) */
  readonly queue = new MachineQueue();
  private readonly timing: SeatTimers;
  /** the clocks' ends on the sessions' rows, for the instance that adopts a machine (#19) */
  private readonly clocks: SeatClocks;
  private readonly expiry: SeatExpiry;
  private readonly money: SeatMoney;
  private readonly recorder: GameRecorder;
  private readonly log: FailureLog;
  /** The lobby's rule: refuses a camera machine with WEBCAM off; answers the reservation. */
  private readonly joinCheck: JoinCheck;
  /** The machines' names, for the session notices (§3). */
  readonly machineNames = new MachineNames();

  constructor(
    private readonly db: Db,
    ledger: Ledger,
    floor: Floor,
    config: SessionConfig,
    /** writes the machine's meters with the credits recorded here, in one transaction */
    private readonly meters: MeterStore,
    opts: {
      log?: FailureLog;
      clock?: Clock;
      joinCheck?: JoinCheck;
      /** player protection's limits, checked inside each Cash In's transaction */
      cashInCheck?: CashInCheck;
    } = {},
  ) {
    super(new SeatBook(config.MAX_SEATS_PER_PLAYER), floor);
    this.joinCheck = opts.joinCheck ?? (async () => null);
    this.log = opts.log ?? consoleLog;
    this.money = new SeatMoney(ledger, meters, opts.cashInCheck);
    this.clocks = new SeatClocks(db, this.log, (m) => this.book.get(m)?.session ?? null);
    this.timing = new SeatTimers(
      config,
      {
        countdown: (machineId, count) => this.expiry.countdown(machineId, count),
        graceOver: (machineId) => this.expiry.graceOver(machineId),
        changed: (machineId, clock, endsAt) => this.clocks.changed(machineId, clock, endsAt),
      },
      opts.clock ?? realClock,
    );
    this.expiry = new SeatExpiry({
      book: this.book,
      floor,
      log: this.log,
      timing: this.timing,
      tell: (session, info) => this.emit('info', session, info),
      close: (machineId, event) => this.closeWith(machineId, event),
      armIdle: (machineId) => this.armIdle(machineId),
    });
    this.recorder = new GameRecorder(
      meters,
      (machineId) => this.book.get(machineId)?.session ?? null,
      this.log,
      (machineId) => this.armIdle(machineId),
    );
    followCabinets(floor, {
      book: this.book,
      recorder: this.recorder,
      log: this.log,
      cashOut: (sessionId) => this.cashOut(sessionId),
    });
  }

  /** The clock the seats' timers run on; tests set one they move by hand. */
  get clock(): Clock {
    return this.timing.clock;
  }
  set timers(timers: Timers | Clock) {
    this.timing.clock = clockOf(timers);
  }

  /** After a restart: every open session comes back here (see adopt). */
  resume(): Promise<void> {
    return this.adopt();
  }

  /**
   * Takes on the seats of the open sessions on these machines (all when omitted), credits and
   * all: after a restart, or when the instance that held them is gone (#19). Their players have
   * no socket here: each grace period counts on from the end written down (one over already ends
   * at once), or is a whole one when none was running. A seat already here is left as it is.
   * Machines named here were run elsewhere meanwhile: their simulated cabinets load the meters
   * the other instance saved first, with or without a session open.
   */
  async adopt(machineIds?: number[]): Promise<void> {
    await this.machineNames.load(this.db);
    const open = machineIds
      ? await sessionsRepository.openOn(this.db, machineIds)
      : await sessionsRepository.allOpen(this.db);
    const sessionOn = new Map(open.map((s) => [s.machineId, s]));
    const results = await Promise.allSettled(
      (machineIds ?? [...sessionOn.keys()]).map((machineId) =>
        this.queue.run(machineId, async () => {
          const agent = this.floor.agent(machineId);
          if (!agent || this.book.get(machineId)) return;
          // A cabinet this instance ran before may still be finishing a game: the row is after it.
          await this.gameOver(agent);
          if (machineIds) await this.meters.takeOver(machineId);
          const session = sessionOn.get(machineId);
          if (!session) return;
          restoreOnMachine(agent, session);
          this.book.put(settle(session, 0, heldFor(agent)));
          // No socket here, so no idle period (the end written by the last owner is cleared).
          this.timing.clearIdle(machineId);
          this.timing.startGrace(machineId, graceLeft(session, this.clock.now()));
          this.emit('status', machineId);
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    for (const { reason: err } of failed) this.log.error({ err }, 'seat not adopted');
    if (failed[0]) throw failed[0].reason;
  }

  /**
   * The machine's seat is no longer this instance's to run (another owns the machine now, #19):
   * it is forgotten here, its clocks stopped with their ends left on the row, without closing
   * the session or moving any money; the new owner adopts it.
   */
  disown(machineId: number): void {
    this.meters.release(machineId);
    const seat = this.book.get(machineId);
    if (seat) this.forgetSeat(seat.session);
    this.emit('status', machineId);
  }

  /** The seat leaves this instance: its clocks stop here (freed first: their ends stay written). */
  private forgetSeat(session: SlotSession): void {
    this.book.free(session.machineId);
    this.timing.clear(session.machineId);
    this.recorder.forget(session.id);
    this.clocks.forget(session.id);
  }

  /** Opens the player's session on the machine, or resumes the one they already have. */
  open(playerId: number, machineId: number): Promise<SlotSession> {
    return this.queue.run(machineId, async () => {
      const agent = this.floor.agent(machineId);
      if (agent?.status !== 'ready') {
        throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      }
      const seat = this.book.get(machineId)
        ? this.book.apply(machineId, { type: 'attach', playerId }, true)!
        : await this.sitDown(playerId, machineId, agent);
      this.timing.clearGrace(machineId);
      this.armIdle(machineId);
      this.emit('status', machineId);
      return seat.session;
    });
  }

  /** A new session on a seat with none: the seat limit, the lobby's check, then the row. */
  private async sitDown(playerId: number, machineId: number, agent: MachineAgent) {
    const done = this.book.claimSeatFor(playerId);
    try {
      const reservation = await this.joinCheck(playerId, machineId);
      const refusal = openRefusal(this.seatOn(machineId, reservation), playerId);
      if (refusal) throw refused(refusal);
      let session: SlotSession;
      try {
        session = await sessionsRepository.create(this.db, playerId, machineId);
      } catch {
        // The unique index on open sessions per machine refused a racing second player.
        throw new AppError(ErrorCode.machineBusy, 409);
      }
      this.book.put({ stage: 'seated', session, connections: 1 });
      return this.book.apply(machineId, { type: 'cabinet', down: heldFor(agent) })!;
    } finally {
      done();
    }
  }

  /** A socket of the player left; after the grace period the session is cashed out and closed. */
  detach(sessionId: number): void {
    const machineId = this.book.seatOf(sessionId)?.session.machineId;
    if (machineId === undefined) return;
    const seat = this.book.apply(machineId, { type: 'detach' });
    if (seat && seat.connections === 0) {
      // Nobody is watching: autoplay must not keep spending the player's credits.
      void this.floor
        .agent(machineId)
        ?.stopAutoplay()
        .catch(() => {});
      this.timing.clearIdle(machineId);
      this.timing.startGrace(machineId);
    }
    this.emit('status', machineId);
  }

  /** The player touched or pressed something: the idle countdown starts over. */
  activity(sessionId: number): void {
    const seat = this.book.seatOf(sessionId);
    if (seat) this.armIdle(seat.session.machineId);
  }

  /** Wallet → machine (Cash In). A retried requestId lands once. Answers the wallet after it. */
  async transfer(
    sessionId: number,
    amount: number,
    requestId?: string,
    playerId?: number,
  ): Promise<BalanceAfter> {
    const seat = this.book.requireSeat(sessionId, playerId);
    const machineId = seat.session.machineId;
    this.armIdle(machineId);
    return this.queue.run(machineId, async () => {
      this.book.requireSeat(sessionId, playerId);
      const agent = this.floor.agent(machineId)!;
      // A game in play finishes first: credits recorded mid-game would void it on one side only.
      await this.gameOver(agent);
      return this.unlessGone(seat.session, () =>
        this.money.transferIn(seat.session, agent, amount, requestId),
      );
    });
  }

  /** Machine → wallet (Cash Out) of every credit on the machine; answers the amount moved. */
  async cashOut(sessionId: number, playerId?: number): Promise<number> {
    const seat = this.book.requireSeat(sessionId, playerId);
    const machineId = seat.session.machineId;
    this.armIdle(machineId);
    return this.queue.run(machineId, async () => {
      // The session may have closed while this waited its turn: nothing to pay from any more.
      this.book.requireSeat(sessionId, playerId);
      const agent = this.floor.agent(machineId)!;
      return this.unlessGone(seat.session, () => this.money.cashOutAll(seat.session, agent));
    });
  }

  /** Cashes out and closes the session. */
  async close(sessionId: number, reason: CloseReason | string, playerId?: number): Promise<number> {
    const seat = this.book.requireSeat(sessionId, playerId);
    return this.closeWith(seat.session.machineId, { type: 'close', sessionId, reason, playerId });
  }

  /**
   * The seat moves to closing by `event` in the machine's queue; the game in play finishes, the
   * credits go to the wallet and the session closes, or, when the machine would not pay them all
   * out, the seat goes back to where it was and the close is refused (40901). A session closed
   * meanwhile by another instance is gone: its seat here ends and nothing moves (answers 0).
   */
  private closeWith(machineId: number, event: SeatEvent<SlotSession>): Promise<number> {
    return this.queue.run(machineId, async () => {
      const seat = this.book.apply(machineId, event, true) as Extract<
        Occupied,
        { stage: 'closing' }
      >;
      const agent = this.floor.agent(machineId)!;
      let amount: number;
      try {
        await agent.stopAutoplay();
        // A game in play finishes first: its win belongs to this session.
        await this.gameOver(agent);
        amount = await this.money.cashOutAll(seat.session, agent, seat.reason);
      } catch (e) {
        if (e instanceof SessionGone) {
          this.seatEnded(seat.session, e.closeReason ?? seat.reason);
          return 0;
        }
        this.book.apply(machineId, { type: 'close-refused' });
        throw e;
      }
      this.book.apply(machineId, { type: 'closed' });
      this.seatEnded(seat.session, seat.reason);
      return amount;
    });
  }

  /** The session closed (here, or by another instance): its machine's seat is free. */
  private seatEnded(session: SlotSession, reason: string): void {
    this.forgetSeat(session);
    this.emit('closed', session, reason);
    this.emit('status', session.machineId);
  }

  /** Runs a money move; a session another instance closed meanwhile ends here too (50100). */
  private async unlessGone<T>(session: SlotSession, move: () => Promise<T>): Promise<T> {
    try {
      return await move();
    } catch (e) {
      if (e instanceof SessionGone) this.seatEnded(session, e.closeReason ?? 'closed');
      throw e;
    }
  }

  /**
   * Staff remove the player from the machine (QUIT_REQUEST): the player's screen is told, then
   * the credits are cashed out to the wallet and the session closes.
   */
  async quit(machineId: number): Promise<{ sessionId: number; cashedOut: number }> {
    const seat = this.book.get(machineId);
    if (!seat) throw new AppError(ErrorCode.notFound, 404, { what: 'session' });
    this.emit('info', seat.session, notification(InfoCode.terminating, {}, 'QUIT_REQUEST'));
    const cashedOut = await this.close(seat.session.id, 'quit');
    return { sessionId: seat.session.id, cashedOut };
  }

  /**
   * An attendant paid the machine's pending hand pay (§3 type 5) to the seated player's wallet;
   * a retry after success finds nothing pending (40930).
   */
  resetHandPay(
    machineId: number,
    operator: string,
  ): Promise<{ sessionId: number; playerId: number; amount: number; balance: number }> {
    return this.queue.run(machineId, async () => {
      const agent = this.floor.agent(machineId);
      if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      const pending = agent.pendingHandPay();
      if (!pending) throw new AppError(ErrorCode.noHandPay, 409, { machineId });
      if (agent.status !== 'ready') throw new AppError(ErrorCode.machineUnavailable, 409);
      // close() refuses while a hand pay is pending, so a seat is always there; without one
      // (a bug) the machine stays locked rather than paying nobody.
      const seat = this.book.get(machineId);
      if (!seat) throw new AppError(ErrorCode.notFound, 404, { what: 'session' });
      const { balance } = await this.money.payHandPay(seat.session, agent, pending, operator);
      this.emit('status', machineId);
      const { id: sessionId, playerId } = seat.session;
      return { sessionId, playerId, amount: pending.amount, balance };
    });
  }

  /** Staff raise or clear a fault (door open, tilt, offline); the session and its credits stay. */
  setFault(machineId: number, fault: FaultKind, active: boolean, operator: string): void {
    const agent = this.floor.agent(machineId);
    if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
    setFault(agent, fault, active, `staff: ${operator}`);
    this.emit('status', machineId);
  }

  /** Shutdown: the clocks stop; resolves once their ends are written (the next start reads them). */
  stop(): Promise<void> {
    this.timing.stop();
    return this.clocks.settled();
  }

  /** Waits (up to 10 s on the clock) for the game in play on the machine to end. */
  private gameOver(agent: MachineAgent): Promise<void> {
    return gameOver(agent, this.clock, this.log);
  }

  /** (Re)starts the idle timer of a connected player; any running countdown is called off. */
  private armIdle(machineId: number): void {
    if ((this.book.get(machineId)?.connections ?? 0) > 0) this.timing.armIdle(machineId);
    else this.timing.clearIdle(machineId);
  }
}
