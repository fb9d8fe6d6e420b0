// SQL of the audit log. Append and read only: there is no update or delete of it here or
// anywhere, and the database refuses them (migration 0010's trigger).
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  outcome?: string | undefined;
  from?: Date | undefined;
  /** exclusive */
  to?: Date | undefined;
}

function where(f: AuditFilter): SQL | undefined {
  const t = auditLog;
  const parts = [
    f.actor !== undefined ? eq(t.actor, f.actor) : undefined,
    f.action !== undefined ? eq(t.action, f.action) : undefined,
    f.targetType !== undefined ? eq(t.targetType, f.targetType) : undefined,
    f.targetId !== undefined ? eq(t.targetId, f.targetId) : undefined,
    f.outcome !== undefined ? eq(t.outcome, f.outcome) : undefined,
    f.from ? gte(t.at, f.from) : undefined,
    f.to ? lt(t.at, f.to) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? and(...parts) : undefined;
}

export const auditRepository = {
  async append(tx: Runner, row: NewAuditRow): Promise<void> {
    await tx.insert(auditLog).values(row);
  },

  /** Newest first. */
  async page(
    tx: Runner,
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ items: AuditRow[]; total: number }> {
    const condition = where(filter);
    const [items, [counted]] = await Promise.all([
      tx
        .select()
        .from(auditLog)
        .where(condition)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      tx.select({ total: count() }).from(auditLog).where(condition),
    ]);
    return { items, total: counted?.total ?? 0 };
  },

  /** Oldest first, as an export reads, at most `max`. */
  async rows(tx: Runner, filter: AuditFilter, max: number): Promise<AuditRow[]> {
    return tx
      .select()
      .from(auditLog)
      .where(where(filter))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
      .limit(max);
  },
};
