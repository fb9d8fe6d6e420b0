// One simulated cabinet of an agent: packages/egm plays the game; every command is applied once
// per request id and its outcome written to NVRAM before it is acknowledged; the cabinet's events
// go out numbered and in order, so the server sees a gap or a repeat, and an event that waits for
// its NVRAM write holds back the ones after it. Every game that ends is journaled in NVRAM with
// its number until the server says it is recorded: an event is sent once, and dies with the agent
// or with a server killed before its record commits; the journal does not. (A SAS cabinet would
// implement the same commands over its serial link: docs/sas-agent.md.)
import { Egm, EgmUnavailableError, type GameDefinition } from '@reelcast/egm';
import {
  type AgentCommand,
  type AgentGames,
  type CabinetEvent,
  type CabinetHello,
  type CabinetOperation,
  type CabinetState,
  type CommandAck,
  JOURNAL_GAMES_PER_MESSAGE,
} from '@reelcast/protocol/agent';
import { type JournaledGame, type MoneyMovement, type Nvram, newEpoch } from './nvram';

/**
 * Games a journal keeps at most; past that the oldest goes (the agent logs it). Autoplay stops
 * without a server, so only a server that never answers lets it grow.
 */
export const JOURNAL_MAX = 1000;

/** Money movements the hello tells: far more than a server has in flight for one cabinet. */
const MONEY_TOLD = 16;

type Applied = Omit<
  Extract<CommandAck, { ok: true }>,
  'ok' | 'requestId' | 'replayed' | 'state' | 'meters'
>;

/** Operations whose outcome must survive a crash of the agent before the server hears it. */
const durable = new Set<CabinetOperation['op']>([
  'transferIn',
  'cashOut',
  'cancelTransferIn',
  'cancelCashOut',
  'handPayReset',
  'disable',
  'faultClear',
]);

export class Cabinet {
  readonly egm: Egm;
  private handPayId: string | null;
  private readonly onNvramFailure: (e: unknown) => void;
  private seq = 0;
  private disabled = false;
  /** The latest event still waiting to go out (behind an NVRAM write), if any. */
  private outbox: Promise<void> | null = null;
  /** this memory's generation: with a game's number, the game's name in the server's record */
  readonly epoch: string;
  /** ended games the server has not said it recorded, oldest first (kept in NVRAM) */
  private journal: JournaledGame[];
  /** when each journaled game was last told, by number (the agent tells again those unanswered) */
  private readonly told = new Map<number, number>();
  /** the latest transfers that moved credits, oldest first (kept in NVRAM) */
  private money: MoneyMovement[];
  /** the credit meter before the game in play took its bet */
  private creditsBeforeGame = 0;
  /** the bet of the game in play, from its start to its end */
  private inPlay: number | null = null;

  constructor(
    readonly machineId: number,
    private readonly game: GameDefinition,
    private readonly nvram: Nvram,
    private readonly send: (seq: number, event: CabinetEvent) => void,
    opts: {
      handPayLimit?: number;
      /** NVRAM refused a write: the cabinet cannot keep its word (the agent stops). */
      onNvramFailure?: (e: unknown) => void;
    } = {},
  ) {
    this.onNvramFailure =
      opts.onNvramFailure ??
      ((e) =>
        queueMicrotask(() => {
          throw e;
        }));
    const saved = nvram.recall(machineId);
    this.egm = new Egm({
      game,
      ...(opts.handPayLimit !== undefined ? { handPayLimit: opts.handPayLimit } : {}),
      ...(saved
        ? {
            credits: saved.credits,
            bet: saved.bet,
            meters: saved.meters,
            ...(saved.handPay ? { handPay: saved.handPay.amount } : {}),
          }
        : {}),
    });
    this.handPayId = saved?.handPay?.id ?? null;
    this.epoch = saved?.epoch ?? newEpoch();
    this.journal = saved?.journal ?? [];
    this.money = saved?.money ?? [];
    this.egm.on('change', () => this.emit({ type: 'state', state: this.state() }));
    this.egm.on('game-started', (e) => {
      this.creditsBeforeGame = this.egm.state.credits + e.bet;
      this.inPlay = e.bet;
      this.emit({ type: 'gameStarted', bet: e.bet, credits: this.egm.state.credits });
    });
    this.egm.on('game-ended', (e) => {
      const { bet, win, handPay, stops, grid } = e;
      const { credits } = this.egm.state;
      this.inPlay = null;
      // The games-played meter counted this game at its start, and no other has begun since.
      const game = this.egm.meters.gamesPlayed;
      const creditsBefore = this.creditsBeforeGame;
      this.journal.push({
        game,
        bet,
        win,
        handPay,
        stops,
        grid,
        creditsBefore,
        creditsAfter: credits,
        endedAt: Date.now(),
      });
      if (this.journal.length > JOURNAL_MAX) this.journal.shift();
      this.told.set(game, Date.now());
      // A game moves credits: remembered, with its journal entry, before the server hears of it.
      const written = this.remember();
      const ended = { type: 'gameEnded' as const, credits, bet, win, handPay, stops, grid };
      this.emit({ ...ended, game, creditsBefore, meters: this.egm.meters }, written);
    });
    this.egm.on('cashout-button', () => this.emit({ type: 'cashoutButton' }));
    this.egm.on('hand-pay-pending', () => {
      this.handPayId ??= `${machineId}-${Date.now().toString(36)}`;
      const written = this.remember();
      this.emit({ type: 'handPayPending', handPay: this.pendingHandPay()! }, written);
    });
  }

  state(): CabinetState {
    const { status, credits, bet, win, spinning, autoplay } = this.egm.state;
    return { status: this.disabled ? 'disabled' : status, credits, bet, win, spinning, autoplay };
  }

  /**
   * The meters for a snapshot, or null while a game is in play or an event waits to go out: a
   * snapshot must not count what the server has not been told (it saves them beside the record).
   */
  metersAtRest(): CabinetHello['meters'] | null {
    return this.outbox || this.egm.state.spinning ? null : this.egm.meters;
  }

  /** Tells the server the cabinet's state as it is now (after events it heard late). */
  tellState(): void {
    this.emit({ type: 'state', state: this.state() });
  }

  pendingHandPay(): { id: string; amount: number } | null {
    const amount = this.egm.state.handPay;
    return amount > 0 && this.handPayId ? { id: this.handPayId, amount } : null;
  }

  hello(): CabinetHello {
    return {
      machineId: this.machineId,
      game: this.game.id,
      state: this.state(),
      meters: this.egm.meters,
      pendingHandPay: this.pendingHandPay(),
      epoch: this.epoch,
      money: this.money.map((m) => ({
        ...m,
        undone: this.nvram.outcome(this.machineId, `${m.requestId}:undo`)?.ok === true,
      })),
      unrecorded: this.journal.length,
    };
  }

  /**
   * The journal as messages, oldest first: after a hello every game in it (`last` on the final
   * message), else those told at least `olderThanMs` ago and still unanswered (`resent`). Each
   * game's age is by this agent's clock, so the server dates it on its own.
   */
  journalMessages(olderThanMs?: number): AgentGames[] {
    const now = Date.now();
    const resent = olderThanMs !== undefined;
    const { credits, spinning } = this.egm.state;
    const last = this.journal.at(-1);
    const latest = (g: JournaledGame) =>
      g === last &&
      g.game === this.egm.meters.gamesPlayed &&
      !spinning &&
      g.creditsAfter === credits;
    const games = this.journal
      .filter((g) => !resent || now - (this.told.get(g.game) ?? 0) >= olderThanMs)
      .map((g) => {
        const { endedAt, ...told } = g;
        return { ...told, ageMs: Math.max(0, now - endedAt), latest: latest(g) };
      });
    const messages: AgentGames[] = [];
    for (let i = 0; i < games.length; i += JOURNAL_GAMES_PER_MESSAGE) {
      const chunk = games.slice(i, i + JOURNAL_GAMES_PER_MESSAGE);
      for (const g of chunk) this.told.set(g.game, now);
      messages.push({ machineId: this.machineId, games: chunk, last: false, resent });
    }
    if (messages.length > 0 && !resent) messages[messages.length - 1]!.last = true;
    return messages;
  }

  /**
   * The server recorded these games (or never will): out of the journal. On disk with the next
   * write; a restart before it tells them again, and the server knows them by number.
   */
  recorded(games: number[]): void {
    const done = new Set(games);
    this.journal = this.journal.filter((g) => !done.has(g.game));
    for (const game of games) this.told.delete(game);
  }

  /**
   * Applies a command once: a request id seen before answers the outcome written then. The
   * answer comes once what it tells of is on disk (a replay too: its first answer's write may
   * still be under way), and after every event numbered before it: the server takes an answer's
   * state as the cabinet's, so an answer that overtook a game's end waiting for its write (a spin
   * pressed just after) made the server take that end for the new game's (bench:load: a leaving
   * player cashed out mid-game, the new game never recorded).
   */
  async command(c: AgentCommand): Promise<CommandAck> {
    if (c.operation.op === 'interrogate') {
      const of = c.operation.of;
      await this.nvram.settled(this.machineId);
      await this.outbox;
      return this.interrogate(c.requestId, of);
    }
    const before = this.nvram.outcome(this.machineId, c.requestId);
    if (before) {
      await this.nvram.settled(this.machineId);
      await this.outbox;
      return before.ok ? { ...before, replayed: true } : before;
    }
    let ack: CommandAck;
    try {
      const applied = this.apply(c.operation);
      ack = {
        ok: true,
        requestId: c.requestId,
        replayed: false,
        ...applied,
        state: this.state(),
        meters: this.egm.meters,
      };
    } catch (e) {
      const reason = e instanceof EgmUnavailableError ? `machine is ${e.status}` : String(e);
      ack = { ok: false, requestId: c.requestId, reason: reason.slice(0, 200) };
    }
    const op = c.operation.op;
    if (ack.ok && (op === 'transferIn' || op === 'cashOut') && (ack.amount ?? 0) > 0) {
      this.money.push({ requestId: c.requestId, op, amount: ack.amount! });
      if (this.money.length > MONEY_TOLD) this.money.shift();
    }
    // The events so far, this command's own included: the answer goes out behind them.
    const ahead = this.outbox;
    // Money and locks are written before the answer; a press, a touch or a layout is not worth
    // an fsync each (the server never retries them, and a game's outcome is written at its end).
    if (durable.has(c.operation.op)) await this.remember(ack);
    await ahead;
    return ack;
  }

  /** What became of an earlier request; nothing is applied, nothing written. */
  private interrogate(requestId: string, of: string): CommandAck {
    const outcome = this.nvram.outcome(this.machineId, of);
    const applied = outcome?.ok === true;
    return {
      ok: true,
      requestId,
      replayed: applied,
      amount: applied ? (outcome.amount ?? 0) : 0,
      state: this.state(),
      meters: this.egm.meters,
    };
  }

  private apply(op: Exclude<CabinetOperation, { op: 'interrogate' }>): Applied {
    const playable = () => {
      if (this.disabled) throw new Error('machine is disabled');
    };
    switch (op.op) {
      case 'transferIn':
        playable();
        this.egm.transferIn(op.amount);
        return { amount: op.amount };
      case 'cashOut':
        return { amount: this.egm.cashOut() };
      case 'cancelTransferIn':
        this.egm.cancelTransferIn(op.amount);
        return { amount: op.amount };
      case 'cancelCashOut':
        this.egm.cancelCashOut(op.amount);
        return { amount: op.amount };
      case 'press':
        playable();
        return { button: this.egm.press(op.button) ? op.button : null };
      case 'touch':
        playable();
        return { button: this.egm.touch(op.x, op.y) };
      case 'layout':
        this.egm.setLayout(op.layout);
        return {};
      case 'stopAutoplay':
        this.egm.setAutoplay(false);
        return {};
      case 'faultClear':
        this.egm.setDoor(false);
        this.egm.clearTilt();
        return {};
      case 'handPayReset': {
        const pending = this.pendingHandPay();
        if (!pending || pending.id !== op.handPayId) throw new Error('no such hand pay pending');
        const amount = this.egm.resetHandPay();
        this.handPayId = null;
        this.emit({ type: 'handPayReset', handPay: { id: pending.id, amount } });
        return { amount };
      }
      case 'simulateFault':
        if (op.fault === 'door') this.egm.setDoor(op.active);
        else if (op.active) this.egm.tilt(op.reason ?? 'simulated tilt');
        else this.egm.clearTilt();
        return {};
      case 'disable':
        this.disabled = op.disabled;
        if (op.disabled) this.egm.setAutoplay(false);
        this.emit({ type: 'state', state: this.state() });
        return {};
    }
  }

  tick(): void {
    this.egm.tick();
  }

  /** Resolves once on disk; a refusal stops the agent (the promise then never settles). */
  private remember(outcome?: CommandAck): Promise<void> {
    const { credits, bet } = this.egm.state;
    // A game in play is not written until it ends: written mid-game (a cash-out answered 0, a
    // disable), its bet would be off the credits with no end to pay its win, and a restart would
    // lose it (sim:money: 10 cents gone). Until its end it is void, so what is kept is the cabinet
    // before it.
    const staked = this.inPlay ?? 0;
    const m = this.egm.meters;
    const meters = staked
      ? {
          ...m,
          coinIn: m.coinIn - staked,
          gamesPlayed: m.gamesPlayed - 1,
          currentCredits: m.currentCredits + staked,
        }
      : m;
    const memory = {
      credits: credits + staked,
      bet,
      meters,
      handPay: this.pendingHandPay(),
      epoch: this.epoch,
      journal: [...this.journal],
      money: [...this.money],
    };
    return this.nvram.write(this.machineId, memory, outcome).catch((e) => {
      this.onNvramFailure(e);
      return new Promise<void>(() => {});
    });
  }

  /**
   * Numbers the event now and sends it after `written` (its NVRAM write) and after every event
   * numbered before it: numbers go out in order.
   */
  private emit(event: CabinetEvent, written?: Promise<void>): void {
    this.seq += 1;
    const seq = this.seq;
    const before = this.outbox;
    if (!written && !before) {
      this.send(seq, event);
      return;
    }
    const sent: Promise<void> = Promise.all([before, written]).then(() => {
      this.send(seq, event);
      if (this.outbox === sent) this.outbox = null;
    });
    this.outbox = sent;
  }
}
