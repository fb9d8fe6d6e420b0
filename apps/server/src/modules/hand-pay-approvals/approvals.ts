// Hand pays above HAND_PAY_APPROVAL_ABOVE (issue #21): the first supervisor's reset asks, and a
// different supervisor's approval pays. Paying goes through SessionService.resetHandPay, which
// runs in the machine's queue and pays a hand pay once (its id is the ledger key), so two
// approvals at once pay once and the second is told nothing is pending (40930).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { HandPayApproval } from '@reelcast/protocol/console-floor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Floor } from '../floor/floor';
import type { SessionService } from '../sessions/service';
import { approvalRepository } from './repository';

type Paid = Awaited<ReturnType<SessionService['resetHandPay']>>;

export type ResetOutcome =
  | { kind: 'paid'; paid: Paid }
  | { kind: 'pending'; approval: HandPayApproval };

/** The staff member acting: their account id and username. */
export interface Supervisor {
  id: number;
  username: string;
}

export class HandPayApprovals {
  constructor(
    private readonly db: Db,
    private readonly floor: Floor,
    private readonly sessions: SessionService,
    /** hundredths: a hand pay above it waits for a second supervisor */
    readonly above: number,
  ) {}

  /** A reset: paid now up to the threshold, above it asked for (or found already asked for). */
  async reset(machineId: number, by: Supervisor): Promise<ResetOutcome> {
    const agent = this.floor.agent(machineId);
    if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
    const pending = agent.pendingHandPay();
    if (!pending) throw new AppError(ErrorCode.noHandPay, 409, { machineId });
    if (pending.amount <= this.above) {
      return { kind: 'paid', paid: await this.sessions.resetHandPay(machineId, by.username) };
    }
    const row = await approvalRepository.request(this.db, {
      machineId,
      handPayId: pending.id,
      amount: pending.amount,
      requestedBy: by.id,
    });
    return { kind: 'pending', approval: (await this.one(row.id))! };
  }

  /** A second supervisor pays a requested hand pay; the one who asked cannot (40931). */
  async approve(id: number, by: Supervisor): Promise<{ approval: HandPayApproval; paid: Paid }> {
    const row = await approvalRepository.byId(this.db, id);
    if (!row) throw new AppError(ErrorCode.notFound, 404, { what: 'approval' });
    if (row.status !== 'pending') {
      throw new AppError(ErrorCode.noHandPay, 409, { machineId: row.machineId });
    }
    if (row.requestedBy === by.id) throw new AppError(ErrorCode.secondApproverRequired, 403);
    const pending = this.floor.agent(row.machineId)?.pendingHandPay();
    if (!pending || pending.id !== row.handPayId || pending.amount !== row.amount) {
      // Paid some other way, or it changed: this request no longer stands.
      await approvalRepository.settle(this.db, id, 'void', null);
      throw new AppError(ErrorCode.noHandPay, 409, { machineId: row.machineId });
    }
    const paid = await this.sessions.resetHandPay(row.machineId, by.username);
    await approvalRepository.settle(this.db, id, 'paid', by.id);
    return { approval: (await this.one(id))!, paid };
  }

  list(status: HandPayApproval['status']): Promise<HandPayApproval[]> {
    return approvalRepository.list(this.db, status);
  }

  private async one(id: number): Promise<HandPayApproval | null> {
    return (await approvalRepository.list(this.db, '', id))[0] ?? null;
  }
}
