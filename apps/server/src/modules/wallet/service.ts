// Wallet rules: discount and bonus claims, the operator's deposits and withdrawals, and the
// transactions list. Claims run in one transaction under the player's row lock, so two claims at
// once are decided one after the other; their idempotency key is derived from the previous claim,
// so even two servers on one database cannot both pay the same claim.
import { EventEmitter } from 'node:events';
import { ErrorCode, errorMessages, formatMessage } from '@reelcast/protocol/codes';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { ClaimKind, StaffMoneyBody, TransactionsFilter } from '@reelcast/protocol/wallet';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { SettingsStore } from '../settings/settings-store';
import type { Ledger, PostResult } from './ledger';
import { type LedgerEntry, walletRepository } from './repository';

/** The wallet balance is all a withdrawal may take: credits on a machine are not in it. */
function overBalance(e: unknown): unknown {
  if (!(e instanceof AppError) || e.code !== ErrorCode.insufficientFunds) return e;
  const balance = Number(e.params.balance);
  return new AppError(
    ErrorCode.withdrawOverBalance,
    409,
    { balance },
    formatMessage(errorMessages[ErrorCode.withdrawOverBalance]!, {
      balance: (balance / 100).toFixed(2),
    }),
  );
}

/** Money won and lost on machines: Cash In (negative), Cash Out, Hand Pay, JACKPOT. */
const playTypes = [
  TransactionType.cashIn,
  TransactionType.cashOut,
  TransactionType.handPay,
  TransactionType.jackpot,
];

const dayMs = 24 * 3600 * 1000;

/** A check of an operator's deposit run in its transaction; `key` is the posting's. */
export type DepositCheck = (tx: Tx, playerId: number, amount: number, key: string) => Promise<void>;

export interface ClaimResult {
  amount: number;
  balance: number;
  entry: LedgerEntry;
}

/** The settings the claims share with the client: DISCOUNT_MIN and the repeat guard. */
interface ClaimSettings {
  /** display units, as /Settings.json holds it (100 = 100.00 of the currency) */
  DISCOUNT_MIN: number;
  CLAIM_REPEAT_GUARD_MS: number;
}

export interface WalletEvents {
  /** a discount or bonus claim was paid (committed): its kind and hundredths */
  'claim-paid': [kind: ClaimKind, amount: number];
}

export class WalletService extends EventEmitter<WalletEvents> {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly config: Config,
    private readonly now: () => Date = () => new Date(),
    /**
     * Player protection's deposit limits (issue #20): run inside an operator deposit's transaction,
     * before the ledger posts it, under the player's row lock; throws 40230 to refuse it.
     */
    private readonly depositCheck: DepositCheck = async () => {},
    /**
     * The settings the client gets as /Settings.json, so both agree: the app's store (with the
     * console's layer); by default a reader of the file alone.
     */
    private readonly settings: Pick<SettingsStore, 'current'> = new SettingsStore(
      config.SETTINGS_FILE,
      config.ICE_SERVERS,
    ),
  ) {
    super();
  }

  /** Pays the claim or throws the refusal (40210 too soon, 40211, 40212, 40213). */
  async claim(playerId: number, kind: ClaimKind): Promise<ClaimResult> {
    const settings = this.claimSettings();
    const result = await this.db.transaction(async (tx) => {
      // Everything below is decided under the player's row lock.
      const balance = await walletRepository.lockBalance(tx, playerId);
      if (balance === null) throw new AppError(ErrorCode.notFound, 404, { what: 'player' });
      const now = this.now();
      const last = await walletRepository.lastOfSource(tx, playerId, kind);
      if (last && now.getTime() - last.createdAt.getTime() < settings.CLAIM_REPEAT_GUARD_MS) {
        throw new AppError(ErrorCode.claimTooSoon, 429);
      }
      let amount: number;
      if (kind === 'discount') {
        const minCents = Math.round(settings.DISCOUNT_MIN * 100);
        if (this.config.DISCOUNT_BALANCE_CHECK && balance >= minCents) {
          throw new AppError(
            ErrorCode.claimBalanceTooHigh,
            409,
            { amount: minCents },
            formatMessage(errorMessages[ErrorCode.claimBalanceTooHigh]!, {
              amount: (minCents / 100).toFixed(2),
            }),
          );
        }
        // Credits on a machine are neither lost nor won yet. Claiming only with none out keeps
        // every window between two discounts closed at both ends: each Cash In in it has met its
        // Cash Out (or been played away), so the sum below is exactly the result of that play.
        const onMachines = await walletRepository.creditsOnMachines(tx, playerId);
        if (onMachines > 0) throw new AppError(ErrorCode.claimCreditsOnMachine, 409);
        // Net result of play since the last discount: Cash In is negative, wins positive.
        const net = await walletRepository.sumSince(tx, playerId, playTypes, last?.id ?? 0);
        const loss = -net;
        amount = Math.floor((Math.max(0, loss) * this.config.DISCOUNT_PERCENT) / 100);
      } else {
        const dayStart = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
        if (last && last.createdAt >= dayStart) {
          throw new AppError(ErrorCode.bonusAlreadyClaimed, 409, {
            next: new Date(dayStart.getTime() + dayMs).toISOString(),
          });
        }
        // What was played, not what was moved: a Cash In straight back out is no game.
        const coinIn = await walletRepository.coinInSince(tx, playerId, dayStart);
        amount = Math.min(
          Math.floor((coinIn * this.config.BONUS_PERCENT) / 100),
          this.config.BONUS_DAILY_CAP,
        );
      }
      if (amount < 1) throw new AppError(ErrorCode.claimNothingToPay, 409);
      const { entry } = await this.ledger.postIn(tx, {
        playerId,
        type: TransactionType.deposit,
        amount,
        // One claim per previous claim: a second payment of the same claim is a key conflict.
        idempotencyKey: `${kind}:${playerId}:after:${last?.id ?? 0}`,
        source: kind,
      });
      return { amount, balance: entry.balanceAfter, entry };
    });
    this.ledger.committed(result.entry);
    this.emit('claim-paid', kind, result.amount);
    return result;
  }

  /**
   * An operator's deposit (+) or withdrawal (−) with its reason; the same key twice moves the
   * money once. `record` runs in the posting's transaction (the audit entry), so the money and
   * its record commit together or not at all.
   */
  async operatorMove(
    direction: 'deposit' | 'withdraw',
    body: StaffMoneyBody,
    operator: string,
    record?: (tx: Tx, result: PostResult) => Promise<void>,
  ): Promise<PostResult> {
    const playerId =
      body.playerId ?? (await walletRepository.playerByUsername(this.db, body.username!));
    if (playerId === null) throw new AppError(ErrorCode.notFound, 404, { what: 'player' });
    const posting = {
      playerId,
      type: direction === 'deposit' ? TransactionType.deposit : TransactionType.withdraw,
      amount: direction === 'deposit' ? body.amount : -body.amount,
      idempotencyKey: `operator:${direction}:${body.idempotencyKey}`,
      source: `operator: ${body.reason}`,
      operator,
    } as const;
    try {
      if (!record && direction === 'withdraw') return await this.ledger.post(posting);
      const result = await this.db.transaction(async (tx) => {
        if (direction === 'deposit') {
          await this.depositCheck(tx, playerId, body.amount, posting.idempotencyKey);
        }
        const posted = await this.ledger.postIn(tx, posting);
        await record?.(tx, posted);
        return posted;
      });
      if (result.applied) this.ledger.committed(result.entry);
      return result;
    } catch (e) {
      throw overBalance(e);
    }
  }

  transactions(playerId: number, q: TransactionsFilter) {
    return walletRepository.page(this.db, playerId, q.pageSize, (q.page - 1) * q.pageSize, {
      types: q.types,
      from: q.from,
      to: q.to,
    });
  }

  /** The §9 values the client also sees: the defaults with the operator's settings file over. */
  private claimSettings(): ClaimSettings {
    const { DISCOUNT_MIN, CLAIM_REPEAT_GUARD_MS } = this.settings.current();
    return { DISCOUNT_MIN, CLAIM_REPEAT_GUARD_MS };
  }
}
