// The ledger: the only code that changes a balance. One transaction locks the player's row,
// checks the idempotency key, appends the entry with the balance after it, and writes the
// balance. Amounts are signed hundredths of the wallet: a Cash In (wallet -> machine) is
// negative, a Cash Out (machine -> wallet) positive, so the entries always sum to the balance.
import { ErrorCode } from '@reelcast/protocol/codes';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { type LedgerEntry, walletRepository } from './repository';

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

export class Ledger {
  constructor(private readonly db: Db) {}

  /** Posts in its own transaction. */
  post(p: Posting): Promise<PostResult> {
    return this.db.transaction((tx) => this.postIn(tx, p));
  }

  /** Posts inside a caller's transaction, so other writes commit or roll back with it. */
  async postIn(tx: Tx, p: Posting): Promise<PostResult> {
    checkPosting(p);
    const balance = await walletRepository.lockBalance(tx, p.playerId);
    if (balance === null) throw new AppError(ErrorCode.notFound, 404, { what: 'player' });
    // Checked under the row lock, so two posts with one key cannot both pass.
    const existing = await walletRepository.findByKey(tx, p.idempotencyKey);
    if (existing) {
      if (existing.playerId !== p.playerId || existing.amount !== p.amount) {
        throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'idempotency key reused' });
      }
      return { entry: existing, applied: false };
    }
    const after = balance + p.amount;
    if (after < 0) {
      throw new AppError(ErrorCode.insufficientFunds, 400, { balance, amount: -p.amount });
    }
    const entry = await walletRepository.append(tx, {
      playerId: p.playerId,
      type: p.type,
      amount: p.amount,
      balanceAfter: after,
      idempotencyKey: p.idempotencyKey,
      source: p.source,
      sessionId: p.sessionId,
      machineId: p.machineId,
      operator: p.operator,
    });
    await walletRepository.setBalance(tx, p.playerId, after);
    return { entry, applied: true };
  }

  async balance(playerId: number): Promise<number> {
    const b = await walletRepository.balance(this.db, playerId);
    if (b === null) throw new AppError(ErrorCode.notFound, 404, { what: 'player' });
    return b;
  }
}
