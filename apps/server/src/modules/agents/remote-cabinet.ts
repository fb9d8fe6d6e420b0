// A cabinet hosted by a machine agent in another process, as the floor's seats see it: the same
// MachineAgent as a simulated cabinet in this process, over the agent protocol. What the seats
// read at once (state, meters, a pending hand pay) is a mirror of what the agent last said; what
// they do (a transfer, a press) is a command with a request id, answered by the agent once it has
// written the outcome to its NVRAM. While its agent is not connected the cabinet is off line: the
// lobby shows it not available and its seat and credits are held. After each hello it takes no
// command until the games of its journal have been told (they are recorded before any money
// moves) and every movement in doubt has been settled.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type {
  AgentCommand,
  AgentGames,
  CabinetEvent,
  CabinetHello,
  CabinetOperation,
  CabinetState,
  CommandAck,
} from '@reelcast/protocol/agent';
import { ErrorCode } from '@reelcast/protocol/codes';
import { type MachineMeters, zeroMeters } from '@reelcast/protocol/floor';
import type { MachineButton, MachineLayout, MachineState } from '@reelcast/protocol/machine-socket';
import { AppError } from '../../errors';
import type { AgentStatus, FloorAgent, GameEnded, PendingHandPay } from '../floor/agent';
import { type InDoubt, MoneyDoubts } from './money-doubts';
import { CabinetVideoRelay, type VideoLink } from './video-relay';

/** The connection a cabinet's commands and video signalling go over: its agent's socket. */
export interface AgentLink extends VideoLink {
  command(c: AgentCommand): Promise<CommandAck>;
  /** Tells the agent these games of the cabinet are recorded: out of its journal. */
  gamesRecorded(machineId: number, games: number[]): void;
}

type Done = Extract<CommandAck, { ok: true }>;

/**
 * How long a hello's journal may take to come; past it the cabinet takes commands again (the
 * games still come, and are recorded; only their credits are no longer the session's).
 */
const JOURNAL_WAIT_MS = 10_000;

/** The screen sizes of the two layouts (packages/egm layout.ts draws them). */
const sizes = { landscape: { width: 640, height: 480 }, portrait: { width: 480, height: 640 } };

export class RemoteCabinet extends EventEmitter implements FloorAgent {
  /** whether its agent's link is up (attach, detach) */
  private linkStatus: AgentStatus = 'offline';

  get status(): AgentStatus {
    return this.linkDown ? 'offline' : this.linkStatus;
  }

  layout: MachineLayout = 'landscape';
  private link: AgentLink | null = null;
  private mirror: CabinetState = {
    status: 'idle',
    credits: 0,
    bet: 0,
    win: 0,
    spinning: false,
    autoplay: false,
  };
  private meterMirror: MachineMeters = zeroMeters;
  private handPay: PendingHandPay | null = null;
  /** the last event number heard from the agent's current connection */
  private seq = 0;
  /** Movements the cabinet may have made that the ledger holds not (money-doubts.ts). */
  private readonly doubts = new MoneyDoubts({
    send: (operation, requestId) => this.send(operation, requestId),
    linked: () => this.link !== null,
    changed: () => this.emit('change', this.state()),
    reversed: (r) => this.emit('reversed', r),
  });
  /** the cabinet's NVRAM generation, as its latest hello said */
  private epoch = '';
  /** A hello said its journal holds games not yet recorded: they come before any command. */
  private awaitingJournal: NodeJS.Timeout | null = null;
  /** the floor's simulated lost link (faults.ts): off line while its agent is still connected */
  private linkDown = false;
  /**
   * Why the cabinet is held for an attendant: its meters and the ledger disagree. Money is never
   * corrected silently; an attendant looks, then clears it (staff: clear the tilt).
   */
  private hold: string | null = null;

  /** its video: sent by the agent, the signalling relayed here */
  readonly relay: CabinetVideoRelay;

  constructor(
    readonly machineId: number,
    /** the name and look its screen shows (the floor file's), told to its agent at hello */
    readonly screen: { title: string; look?: string | undefined } = { title: `#${machineId}` },
  ) {
    super();
    this.relay = new CabinetVideoRelay(machineId);
  }

  /**
   * Its agent said hello: the mirror takes what the cabinet says it is, and it is on line. `doubts`
   * are the hello's movements that the ledger never recorded (the gateway looked): undone first.
   */
  attach(link: AgentLink, hello: CabinetHello, doubts: InDoubt[] = []): void {
    // A new connection (the agent restarted): the streams of the one before died with it.
    if (this.link !== link) this.relay.detach();
    this.link = link;
    this.seq = 0;
    this.mirror = hello.state;
    this.meterMirror = hello.meters;
    this.handPay = hello.pendingHandPay;
    this.epoch = hello.epoch;
    if (this.awaitingJournal) clearTimeout(this.awaitingJournal);
    this.awaitingJournal =
      hello.unrecorded > 0 ? setTimeout(() => this.journalTold(), JOURNAL_WAIT_MS) : null;
    this.awaitingJournal?.unref();
    this.linkStatus = 'ready';
    this.relay.attach(link);
    this.emit('change', this.state());
    this.doubts.add(...doubts);
  }

  /** Request ids of money commands under way here, which a hello's check must not undo. */
  movingNow = (): ReadonlySet<string> => this.doubts.underWay;

  /** Resolves once no movement is in doubt (at once when none is), or the link is gone. */
  settled(): Promise<void> {
    return this.doubts.settled();
  }

  private journalTold(): void {
    if (this.awaitingJournal) clearTimeout(this.awaitingJournal);
    this.awaitingJournal = null;
    this.emit('change', this.state());
  }

  /**
   * Games of the cabinet's journal, oldest first: each is recorded once (by its epoch and
   * number), and the agent is told when it is. A game's credits become the session's only when it
   * is the cabinet's last and nothing has moved since: the hello's journal, while it holds the
   * cabinet's commands back.
   */
  onJournal(message: AgentGames): void {
    const now = Date.now();
    for (const g of message.games) {
      // Only while the cabinet's commands wait for this journal has nothing moved since.
      const latest = g.latest && !message.resent && this.awaitingJournal !== null;
      const { game, ageMs, latest: _, ...ended } = g;
      this.emit('game-ended', {
        ...ended,
        ref: this.gameRef(game),
        replay: { playedAt: new Date(now - ageMs), latest },
        recorded: this.confirm(game),
      } satisfies GameEnded);
    }
    if (message.last && this.awaitingJournal) this.journalTold();
  }

  /** A game's name in the record: the machine, the cabinet's NVRAM generation and its number. */
  private gameRef(game: number): string {
    return `${this.machineId}:${this.epoch}:${game}`;
  }

  /** Once the game is recorded, its agent is told (over the link of the time, if still up). */
  private confirm(game: number): () => void {
    const link = this.link;
    return () => {
      if (link && link === this.link) link.gamesRecorded(this.machineId, [game]);
    };
  }

  /** Its agent's connection ended: off line until it says hello again. */
  detach(link: AgentLink): void {
    if (this.link !== link) return;
    this.link = null;
    this.doubts.linkGone();
    this.relay.detach();
    this.linkStatus = 'offline';
    this.emit('change', this.state());
  }

  /** An event of the cabinet, in the agent's order; a number seen before is dropped. */
  onEvent(seq: number, event: CabinetEvent): void {
    if (seq <= this.seq) return;
    this.seq = seq;
    switch (event.type) {
      case 'state':
        this.mirror = event.state;
        this.emit('change', this.state());
        return;
      case 'gameStarted':
        this.mirror = { ...this.mirror, credits: event.credits, spinning: true };
        this.emit('game-started', { bet: event.bet });
        return;
      case 'gameEnded': {
        const { bet, win, handPay, stops, grid, credits, creditsBefore, game } = event;
        this.mirror = { ...this.mirror, credits, spinning: false, win };
        this.meterMirror = event.meters;
        const ref = this.gameRef(game);
        const recorded = this.confirm(game);
        this.emit('game-ended', {
          ...{ bet, win, handPay, stops, grid, ref, creditsBefore, creditsAfter: credits },
          recorded,
        } satisfies GameEnded);
        return;
      }
      case 'cashoutButton':
        this.emit('cashout-button');
        return;
      case 'handPayPending':
        this.handPay = event.handPay;
        this.emit('hand-pay-pending', event.handPay);
        return;
      case 'handPayReset':
        this.handPay = null;
        this.emit('hand-pay-reset', event.handPay);
        return;
      case 'exception':
        // Door, tilt, power and link exceptions show in the state the agent sends with them.
        return;
    }
  }

  /** The meters and the ledger disagree: held for an attendant until staff clear it. */
  holdForAttendant(reason: string): void {
    this.hold = reason;
    this.emit('change', this.state());
  }

  get heldFor(): string | null {
    return this.hold;
  }

  /** A snapshot (taken at rest, behind the events before it); none is taken mid-game. */
  onMeters(meters: MachineMeters): void {
    if (!this.mirror.spinning) this.meterMirror = meters;
  }

  state(): MachineState {
    // A movement in doubt holds the machine as a fault would, until the cabinet has said.
    const held = this.doubts.any || this.hold || this.awaitingJournal;
    const doubt = held ? 'fault' : this.mirror.status;
    const status = this.status === 'ready' ? doubt : this.status;
    return { id: this.machineId, ...this.mirror, status };
  }

  meters(): MachineMeters {
    return this.meterMirror;
  }

  pendingHandPay(): PendingHandPay | null {
    return this.handPay;
  }

  async transferIn(amount: number, requestId: string): Promise<MachineMeters> {
    const undo = 'cancelTransferIn';
    return (await this.money({ op: 'transferIn', amount }, requestId, undo)).meters;
  }

  async cancelTransferIn(amount: number, requestId: string): Promise<void> {
    await this.undoOrDoubt({ op: 'cancelTransferIn', amount }, requestId);
  }

  async cashOut(requestId: string): Promise<{ amount: number; meters: MachineMeters }> {
    const done = await this.money({ op: 'cashOut' }, requestId, 'cancelCashOut');
    return { amount: done.amount ?? 0, meters: done.meters };
  }

  async cancelCashOut(amount: number, requestId: string): Promise<void> {
    await this.undoOrDoubt({ op: 'cancelCashOut', amount }, requestId);
  }

  private undoOrDoubt(operation: Extract<CabinetOperation, { op: InDoubt['undo'] }>, id: string) {
    return this.doubts.reverse(() => this.command(operation, `${id}:undo`), id, operation.op);
  }

  /** The agent's NVRAM kept the credits: nothing to restore from the server's record. */
  restoreCredits(): void {}

  /** The agent's NVRAM kept the hand pay, and its hello said so. */
  restoreHandPay(): void {}

  async touch(x: number, y: number): Promise<MachineButton | null> {
    return (await this.command({ op: 'touch', x, y })).button ?? null;
  }

  async press(button: MachineButton): Promise<boolean> {
    return ((await this.command({ op: 'press', button })).button ?? null) !== null;
  }

  async stopAutoplay(): Promise<void> {
    if (this.link) await this.command({ op: 'stopAutoplay' });
  }

  async resetHandPay(): Promise<number> {
    const pending = this.handPay;
    if (!pending) return 0;
    const done = await this.command({ op: 'handPayReset', handPayId: pending.id });
    this.handPay = null;
    return done.amount ?? 0;
  }

  async setLayout(layout: MachineLayout): Promise<{ width: number; height: number }> {
    await this.command({ op: 'layout', layout });
    this.layout = layout;
    return sizes[layout];
  }

  // The agent sends its cabinet's video itself (relay): no track of it exists in this process.
  acquireVideo(): MediaStreamTrack {
    throw new Error(`machine ${this.machineId}: its agent sends its video (relay)`);
  }

  releaseVideo(): void {}

  /** Frames this server handed to video: none, the agent sends its cabinet's video itself. */
  readonly framesSent = 0;

  // The simulated floor's faults (staff, the random scheduler) on an agent's cabinet: the door
  // and tilt are raised on the cabinet by its agent (a SAS cabinet refuses: they are its own),
  // a lost link here, where the link ends. Fire and forget, as on a cabinet in this process;
  // the cabinet's state event shows the outcome.
  setDoor(open: boolean): void {
    this.simulate({ op: 'simulateFault', fault: 'door', active: open });
  }

  tilt(reason: string): void {
    this.simulate({ op: 'simulateFault', fault: 'tilt', active: true, reason });
  }

  /** Staff clear the cabinet's tilt, and a hold for an attendant who has now looked. */
  clearTilt(): void {
    this.hold = null;
    this.emit('change', this.state());
    this.simulate({ op: 'faultClear' });
  }

  /** A lost link, simulated at the server's end of it: nothing reaches the cabinet meanwhile. */
  setOffline(offline: boolean): void {
    if (offline === this.linkDown) return;
    this.linkDown = offline;
    this.emit('change', this.state());
  }

  private simulate(operation: CabinetOperation): void {
    if (!this.link) return;
    void this.send(operation).catch((e) => this.emit('simulate-refused', e));
  }

  stop(): void {
    this.link = null;
    this.relay.detach();
  }

  /**
   * A money movement: as a command, but one whose answer never came (the link dropped, the agent
   * died, it timed out) is in doubt until the cabinet says what became of it.
   */
  private async money(
    operation: CabinetOperation,
    requestId: string,
    undo: InDoubt['undo'],
  ): Promise<Done> {
    return this.doubts.whileMoving(requestId, async () => {
      try {
        return await this.command(operation, requestId);
      } catch (e) {
        if (e instanceof AppError) throw e;
        this.doubts.add({ requestId, undo });
        throw new AppError(ErrorCode.machineUnavailable, 409);
      }
    });
  }

  /**
   * One command to the cabinet: refused (40901) when its agent is not connected, a movement is
   * in doubt, or the cabinet says no; what it answers becomes the mirror.
   */
  private async command(
    operation: CabinetOperation,
    requestId: string = randomUUID(),
  ): Promise<Done> {
    if (this.status !== 'ready' || this.doubts.any || this.hold || this.awaitingJournal) {
      throw new AppError(ErrorCode.machineUnavailable, 409);
    }
    return this.send(operation, requestId);
  }

  private async send(operation: CabinetOperation, requestId: string = randomUUID()): Promise<Done> {
    const link = this.link;
    if (!link) throw new AppError(ErrorCode.machineUnavailable, 409);
    const ack = await link.command({ requestId, machineId: this.machineId, operation });
    if (!ack.ok) throw new AppError(ErrorCode.machineUnavailable, 409, { detail: ack.reason });
    this.mirror = ack.state;
    this.meterMirror = ack.meters;
    return ack;
  }
}
