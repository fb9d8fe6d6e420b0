// The ledger: the only code that changes a balance. Amounts are signed hundredths of the wallet:
// a Cash In (wallet -> machine) is negative, a Cash Out (machine -> wallet) positive, so the
// entries always sum to the balance.
//
// post() groups concurrent postings into shared commits (group commit): while a batch commits,
// the next one collects. A batch is one set-based statement (one per round, in one transaction,
// when a player has several postings in it) that locks the players' rows in id order, checks each
// posting's idempotency key and balance, appends the entries and writes the balances; it answers
// what it did for each posting instead of raising, so a refused posting never fails the others.
// Every caller still gets its own answer, and only after the commit. Should a statement fail as
// a whole (a dropped connection, a deadlock detected), its postings are retried one by one.
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { type GuardedOutcome, type LedgerEntry, walletRepository } from './repository';

export interface Posting {
  playerId: number;
  type: TransactionType;
  /** signed hundredths added to the wallet */
  amount: number;
  idempotencyKey: string;
  source?: string;
  sessionId?: number;
  machineId?: number;
  operator?: string;
}

/** Which sign each action type may carry; anything else is a programming error. */
const direction: Record<TransactionType, 1 | -1> = {
  [TransactionType.deposit]: 1,
  [TransactionType.withdraw]: -1,
  [TransactionType.cashIn]: -1,
  [TransactionType.cashOut]: 1,
  [TransactionType.handPay]: 1,
  [TransactionType.jackpot]: 1,
};

export function checkPosting(p: Posting): void {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
    throw new AppError(ErrorCode.invalidRequest, 400, {
      detail: 'amount must be a non-zero integer',
    });
  }
  if (Math.sign(p.amount) !== direction[p.type]) {
    throw new Error(`ledger: type ${p.type} cannot carry amount ${p.amount}`);
  }
  if (!p.idempotencyKey) throw new Error('ledger: idempotency key required');
}

export interface PostResult {
  entry: LedgerEntry;
  /** false when the key had already been posted: nothing changed this time */
  applied: boolean;
}

export interface LedgerEvents {
  /** a committed change: the balance after it and the entry id (per player in commit order) */
  balance: [playerId: number, balance: number, seq: number];
  /**
   * One posting committed (applied, not a repeat of its key), and the seconds from its post to
   * the commit being known: for the metrics' postings counter and commit latency.
   */
  posted: [type: TransactionType, seconds: number];
}

const since = (start: number) => (performance.now() - start) / 1000;

export interface LedgerOptions {
  /** group concurrent postings into shared commits (default on) */
  groupCommit?: boolean;
  /** postings per batch at most */
  maxBatch?: number;
  /** batches committing at once; each holds one connection */
  maxInFlight?: number;
}

interface Pending {
  posting: Posting;
  /** performance.now() at post() */
  start: number;
  resolve: (r: PostResult) => void;
  reject: (e: unknown) => void;
}

const notFound = () => new AppError(ErrorCode.notFound, 404, { what: 'player' });
const keyReused = () =>
  new AppError(ErrorCode.invalidRequest, 409, { detail: 'idempotency key reused' });

/** The answer of a posting from the guarded statement's outcome, or the error it earns. */
function settle(p: Posting, o: GuardedOutcome): PostResult | AppError | 'retry' {
  if (o.balanceBefore === null) return notFound();
  if (o.inserted) return { entry: o.inserted, applied: true };
  if (o.prior) {
    if (o.prior.playerId !== p.playerId || o.prior.amount !== p.amount) return keyReused();
    return { entry: o.prior, applied: false };
  }
  if (o.balanceBefore + p.amount < 0) {
    return new AppError(ErrorCode.insufficientFunds, 400, {
      balance: o.balanceBefore,
      amount: -p.amount,
    });
  }
  // The key was committed by someone else after this statement's snapshot: look again.
  return 'retry';
}

export class Ledger extends EventEmitter<LedgerEvents> {
  /** Batches committed and postings in them, for the benchmark's figures. */
  readonly stats = { batches: 0, postings: 0 };
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly groupCommit: boolean;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  /** postIn's applied entries until their caller announces the commit (committed) */
  private readonly uncommitted = new WeakMap<LedgerEntry, number>();

  constructor(
    private readonly db: Db,
    opts: LedgerOptions = {},
  ) {
    super();
    this.groupCommit = opts.groupCommit ?? true;
    this.maxBatch = opts.maxBatch ?? 128;
    this.maxInFlight = opts.maxInFlight ?? 4;
  }

  /** Posts and commits; resolves once the entry is durable. */
  post(p: Posting): Promise<PostResult> {
    try {
      checkPosting(p);
    } catch (e) {
      return Promise.reject(e);
    }
    if (!this.groupCommit) return this.postAlone(p);
    return new Promise<PostResult>((resolve, reject) => {
      this.queue.push({ posting: p, start: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /**
   * Posts inside a caller's transaction, so other writes commit or roll back with it. The caller
   * calls committed(entry) after its commit, so the player's tabs hear of the new balance.
   */
  async postIn(tx: Tx, p: Posting): Promise<PostResult> {
    checkPosting(p);
    const start = performance.now();
    const [outcome] = (await walletRepository.guardedPostMany(tx, [p])) as [GuardedOutcome];
    const settled = settle(p, outcome);
    if (settled === 'retry') {
      const existing = await walletRepository.findByKey(tx, p.idempotencyKey);
      if (!existing) throw new Error('ledger: key conflict without an entry');
      return settle(p, { ...outcome, prior: existing }) as PostResult;
    }
    if (settled instanceof AppError) throw settled;
    if (settled.applied) this.uncommitted.set(settled.entry, start);
    return settled;
  }

  /** Announces a committed entry (posted with postIn) to whoever listens for balances. */
  committed(entry: LedgerEntry): void {
    // An entry of postIn is counted once its caller's transaction has committed, here; one rolled
    // back never gets here and its start time goes with the entry.
    const start = this.uncommitted.get(entry);
    if (start !== undefined) {
      this.uncommitted.delete(entry);
      this.emit('posted', entry.type as TransactionType, since(start));
    }
    this.emit('balance', entry.playerId, entry.balanceAfter, entry.id);
  }

  async balance(playerId: number): Promise<number> {
    const b = await walletRepository.balance(this.db, playerId);
    if (b === null) throw notFound();
    return b;
  }

  /** The balance with the id of the entry behind it (its seq), read in one snapshot. */
  async balanceWithSeq(playerId: number): Promise<{ balance: number; seq: number }> {
    const b = await walletRepository.balanceWithSeq(this.db, playerId);
    if (b === null) throw notFound();
    return b;
  }

  /** Waits for every queued posting to be answered (for shutdown and tests). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) {
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  private async postAlone(p: Posting): Promise<PostResult> {
    const result = await this.db.transaction((tx) => this.postIn(tx, p));
    if (result.applied) this.committed(result.entry);
    return result;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a timer: postings made in the same turn share a batch, and a lone
    // posting waits no longer than one turn of the event loop.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    // Rows are locked in player order, so two batches committing at once cannot deadlock;
    // the sort is stable, so one player's postings keep the order they were made in.
    const ordered = [...batch].sort((a, b) => a.posting.playerId - b.posting.playerId);
    // Rounds of at most one posting per player; a player's second posting goes in the next
    // round and so sees the first one's balance.
    const rounds: Pending[][] = [];
    const seen = new Map<number, number>();
    for (const o of ordered) {
      const r = seen.get(o.posting.playerId) ?? 0;
      seen.set(o.posting.playerId, r + 1);
      const round = rounds[r] ?? [];
      round.push(o);
      rounds[r] = round;
    }
    this.stats.batches += 1;
    this.stats.postings += batch.length;
    let outcomes: GuardedOutcome[][];
    try {
      if (rounds.length === 1) {
        // One statement is one transaction: it commits (durably) as a whole or not at all, with
        // no BEGIN and COMMIT round trips around it.
        outcomes = [
          await walletRepository.guardedPostMany(
            this.db,
            rounds[0]!.map((o) => o.posting),
          ),
        ];
      } else {
        // Several rounds share one commit; sent together, the server runs them in order.
        outcomes = await this.db.transaction((tx) =>
          Promise.all(
            rounds.map((round) =>
              walletRepository.guardedPostMany(
                tx,
                round.map((o) => o.posting),
              ),
            ),
          ),
        );
      }
    } catch {
      // Nothing of the batch was written: its postings go one by one, in order per player.
      for (const round of rounds) {
        await Promise.all(round.map((o) => this.postAlone(o.posting).then(o.resolve, o.reject)));
      }
      return;
    }
    const latest = new Map<number, LedgerEntry>();
    for (const [r, round] of rounds.entries()) {
      for (const [i, outcome] of outcomes[r]!.entries()) {
        const pending = round[i]!;
        let answer = settle(pending.posting, outcome);
        if (answer === 'retry') {
          // Committed by someone else after this statement's snapshot: it is there now.
          const existing = await walletRepository
            .findByKey(this.db, pending.posting.idempotencyKey)
            .catch(() => null);
          answer = existing
            ? (settle(pending.posting, { ...outcome, prior: existing }) as PostResult)
            : new AppError(ErrorCode.internal, 500);
        }
        if (answer instanceof AppError) {
          pending.reject(answer);
          continue;
        }
        if (answer.applied) {
          latest.set(answer.entry.playerId, answer.entry);
          this.emit('posted', pending.posting.type, since(pending.start));
        }
        pending.resolve(answer);
      }
    }
    for (const entry of latest.values()) this.committed(entry);
  }
}
