// An agent's cabinet's money movements in doubt: ones the seats were told failed (40901) without
// the cabinet's answer, a reversal that got none, and a hello's movements the ledger never
// recorded. The ledger holds none of them, so any the cabinet did make are undone after asking
// it (AFT interrogation), in order; until then the cabinet takes no money and plays no game.
// Also the movements under way, which a hello's check must leave to their own answer.
import type { CabinetOperation, CommandAck } from '@reelcast/protocol/agent';
import { AppError } from '../../errors';

/** A money movement whose answer never came: the cabinet may or may not have made it. */
export interface InDoubt {
  requestId: string;
  undo: 'cancelTransferIn' | 'cancelCashOut';
}

type Done = Extract<CommandAck, { ok: true }>;

/** How long a money command counts as under way after its answer (its posting commits after). */
const MOVING_KEPT_MS = 30_000;

export class MoneyDoubts {
  private readonly doubts: InDoubt[] = [];
  private settling = false;
  /** money commands sent and not yet answered (or lately), by request id */
  private readonly moving = new Set<string>();
  /** called once no movement is in doubt (a hello's reconciliation waits for it) */
  private waiting: (() => void)[] = [];

  constructor(
    private readonly cabinet: {
      /** a command past the cabinet's own hold (the link must be up); rejects on no answer */
      send(operation: CabinetOperation, requestId?: string): Promise<Done>;
      linked(): boolean;
      changed(): void;
      reversed(r: { requestId: string; amount: number; undo: InDoubt['undo'] }): void;
    },
  ) {}

  get any(): boolean {
    return this.doubts.length > 0;
  }

  /** Request ids of the movements under way, which a hello's check must not undo. */
  get underWay(): ReadonlySet<string> {
    return this.moving;
  }

  /** In doubt from now (once each), and asked about. */
  add(...doubts: InDoubt[]): void {
    let added = false;
    for (const d of doubts) {
      if (this.doubts.some((x) => x.requestId === d.requestId)) continue;
      this.doubts.push(d);
      added = true;
    }
    if (added) this.cabinet.changed();
    void this.settle();
  }

  /**
   * Kept as under way while `move` runs and a while after its answer: the posting commits after
   * it, and a hello checking the ledger meanwhile must not take it for one never recorded.
   */
  async whileMoving<T>(requestId: string, move: () => Promise<T>): Promise<T> {
    this.moving.add(requestId);
    try {
      return await move();
    } finally {
      setTimeout(() => this.moving.delete(requestId), MOVING_KEPT_MS).unref();
    }
  }

  /**
   * A reversal the seats ask for (the ledger could not record the movement). One that fails
   * leaves the movement in doubt: asked about and undone once the cabinet answers, not left on it.
   */
  async reverse(run: () => Promise<unknown>, requestId: string, undo: InDoubt['undo']) {
    try {
      await run();
    } catch (e) {
      // The cabinet's own no (it cannot give the credits back) is for an attendant, not a retry.
      const refused = e instanceof AppError && e.params.detail !== undefined;
      if (!refused) this.add({ requestId, undo });
      throw e;
    }
  }

  /** Resolves once no movement is in doubt (at once when none is), or the link is gone. */
  settled(): Promise<void> {
    if (this.doubts.length === 0 || !this.cabinet.linked()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The link went: whoever waits is let go (the next hello asks again). */
  linkGone(): void {
    for (const done of this.waiting.splice(0)) done();
  }

  /**
   * Asks the cabinet about each movement in doubt and undoes those it made; in order. A cabinet
   * that does not answer is asked again a second later while its link is up, and at every hello.
   */
  async settle(): Promise<void> {
    if (this.settling) return;
    this.settling = true;
    try {
      await this.askAbout();
    } finally {
      this.settling = false;
    }
    if (this.doubts.length > 0 && this.cabinet.linked()) {
      setTimeout(() => void this.settle(), 1000).unref();
    }
  }

  private async askAbout(): Promise<void> {
    while (this.doubts.length > 0 && this.cabinet.linked()) {
      const doubt = this.doubts[0]!;
      try {
        const answer = await this.cabinet.send({ op: 'interrogate', of: doubt.requestId });
        if (answer.replayed && (answer.amount ?? 0) > 0) {
          const amount = answer.amount!;
          await this.cabinet.send({ op: doubt.undo, amount }, `${doubt.requestId}:undo`);
          this.cabinet.reversed({ requestId: doubt.requestId, amount, undo: doubt.undo });
        }
        this.doubts.shift();
      } catch {
        return; // the link failed again: the next hello asks again
      }
    }
    this.cabinet.changed();
    if (this.doubts.length === 0) for (const done of this.waiting.splice(0)) done();
  }
}
