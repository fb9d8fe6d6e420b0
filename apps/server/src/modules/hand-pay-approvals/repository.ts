// SQL of the hand pays waiting for a second supervisor.
import type { HandPayApproval } from '@reelcast/protocol/console-floor';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Runner } from '../../db/client';
import { handPayApprovals, players } from '../../db/schema';

export type ApprovalRow = typeof handPayApprovals.$inferSelect;

const requester = alias(players, 'requester');
const approver = alias(players, 'approver');

export const approvalRepository = {
  /** The request for this hand pay and amount, made now by `requestedBy` or found as it was. */
  async request(
    tx: Runner,
    r: { machineId: number; handPayId: string; amount: number; requestedBy: number },
  ): Promise<ApprovalRow> {
    await tx.insert(handPayApprovals).values(r).onConflictDoNothing();
    const rows = await tx
      .select()
      .from(handPayApprovals)
      .where(
        and(eq(handPayApprovals.handPayId, r.handPayId), eq(handPayApprovals.amount, r.amount)),
      );
    return rows[0]!;
  },

  async byId(tx: Runner, id: number): Promise<ApprovalRow | null> {
    const rows = await tx.select().from(handPayApprovals).where(eq(handPayApprovals.id, id));
    return rows[0] ?? null;
  },

  /** Settles a pending request: paid by `approvedBy`, or void. False when it was not pending. */
  async settle(
    tx: Runner,
    id: number,
    status: 'paid' | 'void',
    approvedBy: number | null,
  ): Promise<boolean> {
    const rows = await tx
      .update(handPayApprovals)
      .set({ status, approvedBy, approvedAt: approvedBy === null ? null : sql`now()` })
      .where(and(eq(handPayApprovals.id, id), eq(handPayApprovals.status, 'pending')))
      .returning({ id: handPayApprovals.id });
    return rows.length > 0;
  },

  /** With the usernames of who asked and who approved, newest first. */
  async list(tx: Runner, status: string, id?: number): Promise<HandPayApproval[]> {
    const rows = await tx
      .select({
        row: handPayApprovals,
        requestedBy: requester.username,
        approvedBy: approver.username,
      })
      .from(handPayApprovals)
      .innerJoin(requester, eq(requester.id, handPayApprovals.requestedBy))
      .leftJoin(approver, eq(approver.id, handPayApprovals.approvedBy))
      .where(id === undefined ? eq(handPayApprovals.status, status) : eq(handPayApprovals.id, id))
      .orderBy(desc(handPayApprovals.requestedAt), desc(handPayApprovals.id))
      .limit(500);
    return rows.map(({ row, requestedBy, approvedBy }) => ({
      id: row.id,
      machineId: row.machineId,
      amount: row.amount,
      requestedBy,
      requestedAt: row.requestedAt.toISOString(),
      approvedBy,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      status: row.status as HandPayApproval['status'],
    }));
  },
};
