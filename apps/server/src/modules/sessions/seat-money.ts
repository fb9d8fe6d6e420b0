// A seat's money: wallet → machine (Cash In), machine → wallet (Cash Out) and an attendant's hand
// pay, each through the ledger with an idempotency key and in one transaction with the session's
// credits and the machine's meters, so a crash leaves all of them before the change or all after.
// Callers run these in the machine's queue (machine-queue.ts).
import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineMeters } from '@reelcast/protocol/floor';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { MachineAgent, PendingHandPay } from '../floor/agent';
import type { MeterStore } from '../floor/meter-store';
import type { Ledger, PostResult } from '../wallet/ledger';
import type { LedgerEntry } from '../wallet/repository';
import { type SlotSession, sessionsRepository } from './repository';

/** Where a failure nobody waits for is written (pino's, Fastify's logger or the console). */
export interface FailureLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const consoleLog: FailureLog = {
  error: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * The session was closed meanwhile by someone else (another instance that held its machine, issue
 * #19): nothing was moved for it. Answered to a player as 50100, like any closed session.
 */
export class SessionGone extends AppError {
  constructor(readonly closeReason: string | null) {
    super(ErrorCode.sessionTerminated, 409);
  }
}

/** Throws SessionGone unless the session is still open, its row locked until `tx` ends. */
async function requireOpen(tx: Tx, sessionId: number): Promise<void> {
  const row = await sessionsRepository.lockOpen(tx, sessionId);
  if (!row.open) throw new SessionGone(row.closeReason);
}

/** A balance as the wallet has it after a ledger entry; `seq` is the entry's id (its order). */
export interface BalanceAfter {
  balance: number;
  seq: number;
}

/** Cabinet states in which credits may be moved onto the machine. */
export const acceptsMoney = (status: string) => status === 'idle' || status === 'spinning';

/**
 * The cabinet's request id for a movement: derived from its ledger key, so a retry of the same
 * movement is the same request to the cabinet too (which applies it once).
 */
export const requestOf = (key: string) =>
  createHash('sha256').update(key).digest('hex').slice(0, 40);

const balanceOf = (entry: LedgerEntry): BalanceAfter => ({
  balance: entry.balanceAfter,
  seq: entry.id,
});

/**
 * Player protection's limits (modules/protection): run inside a Cash In's transaction, before the
 * ledger posts it; throws to refuse it. The key is the posting's, so a retry that landed passes.
 */
export type CashInCheck = (tx: Tx, playerId: number, amount: number, key: string) => Promise<void>;

export class SeatMoney {
  constructor(
    private readonly ledger: Ledger,
    private readonly meters: MeterStore,
    private readonly cashInCheck: CashInCheck = async () => {},
  ) {}

  /** Wallet → machine (Cash In). A retried requestId lands once. */
  async transferIn(
    session: SlotSession,
    agent: MachineAgent,
    amount: number,
    requestId?: string,
  ): Promise<BalanceAfter> {
    const { machineId, id: sessionId, playerId } = session;
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
          await requireOpen(tx, sessionId);
          await this.cashInCheck(tx, playerId, amount, key);
          const posted = await this.ledger.postIn(tx, {
            playerId,
            type: TransactionType.cashIn,
            amount: -amount,
            idempotencyKey: key,
            sessionId,
            machineId,
          });
          if (!posted.applied) return posted;
          // The meters the cabinet answers are those of the moment the credits landed, at rest:
          // the credits and meters recorded are that snapshot, whatever happens after.
          if (agent.state().spinning || !acceptsMoney(agent.state().status)) {
            throw new AppError(ErrorCode.machineUnavailable, 409);
          }
          try {
            moved = await agent.transferIn(amount, requestOf(key));
          } catch {
            throw new AppError(ErrorCode.machineUnavailable, 409);
          }
          await sessionsRepository.setCredits(tx, sessionId, moved.currentCredits);
          return posted;
        },
        () => moved ?? agent.meters(),
      );
    } catch (e) {
      // Not recorded (a refusal, or the commit failed): the machine gives the credits back.
      if (moved) await agent.cancelTransferIn(amount, requestOf(key));
      throw e;
    }
    if (result.applied) this.ledger.committed(result.entry);
    return balanceOf(result.entry);
  }

  /**
   * Machine → wallet (Cash Out) of every credit on the machine; answers the amount moved. With
   * `closeFor`, the session closes for that reason in the same transaction (the close's cash-out):
   * of two instances closing one session, the second waits on the first's row lock, finds the
   * session closed and moves nothing (SessionGone). Credits the machine would not pay out (a hand
   * pay pending, off line), or a hand pay pending alone, keep the session open (40901): closing it
   * would leave them for the next player, or leave the attendant no player to pay.
   */
  async cashOutAll(session: SlotSession, agent: MachineAgent, closeFor?: string): Promise<number> {
    const key = `cashout:${session.id}:${randomUUID()}`;
    const { amount, meters: moved } = await agent.cashOut(requestOf(key));
    const paidOut = agent.state().credits === 0 && !agent.pendingHandPay();
    const closing = closeFor !== undefined && paidOut ? closeFor : null;
    if (amount > 0 || closing !== null) {
      const { machineId, id: sessionId, playerId } = session;
      let entry: LedgerEntry | null;
      try {
        // The Cash Out, the credits it takes off, the close and the meters commit together.
        entry = await this.meters.recordWith(
          machineId,
          async (tx) => {
            await requireOpen(tx, sessionId);
            let posted: PostResult | null = null;
            if (amount > 0) {
              posted = await this.ledger.postIn(tx, {
                playerId,
                type: TransactionType.cashOut,
                amount,
                idempotencyKey: key,
                sessionId,
                machineId,
              });
              await sessionsRepository.setCredits(tx, sessionId, 0);
            }
            if (closing !== null) await sessionsRepository.close(tx, sessionId, closing);
            return posted?.entry ?? null;
          },
          () => moved,
        );
      } catch (e) {
        // The wallet did not take the money: it goes back onto the machine, not into thin air —
        // also when the machine faulted meanwhile (a transfer in would be refused then).
        if (amount > 0) await agent.cancelCashOut(amount, requestOf(key));
        throw e;
      }
      if (entry) this.ledger.committed(entry);
    }
    if (closeFor !== undefined && closing === null) {
      throw new AppError(ErrorCode.machineUnavailable, 409);
    }
    return amount;
  }

  /**
   * An attendant paid the machine's pending hand pay (§3 type 5): the seated player's wallet is
   * credited, then the machine unlocks. The key is the hand pay's own id, so a retry after a
   * failure pays once.
   */
  async payHandPay(
    session: SlotSession,
    agent: MachineAgent,
    pending: PendingHandPay,
    operator: string,
  ): Promise<BalanceAfter> {
    const { machineId, id: sessionId, playerId } = session;
    // The payment, the session's record of it and the meters commit together; the machine
    // unlocks after the commit (a crash before it leaves the hand pay pending, and unpaid).
    const { entry } = await this.meters.recordWith(
      machineId,
      async (tx) => {
        const posted = await this.ledger.postIn(tx, {
          playerId,
          type: TransactionType.handPay,
          amount: pending.amount,
          idempotencyKey: `handpay:${machineId}:${pending.id}`,
          source: 'hand pay',
          operator,
          sessionId,
          machineId,
        });
        await sessionsRepository.setHandPay(tx, sessionId, 0, null);
        return posted;
      },
      () => {
        const m = agent.meters();
        return { ...m, handPaid: m.handPaid + pending.amount };
      },
    );
    await agent.resetHandPay();
    this.ledger.committed(entry);
    return balanceOf(entry);
  }
}
