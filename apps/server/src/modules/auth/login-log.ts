// The login log (§8 log types): every sign-in event with its type, address and time. Entries of
// names that match no player keep the typed name and no player id.
import type { LogType } from '@reelcast/protocol/log-types';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { loginLogs } from '../../db/schema';

export type LoginLogRow = typeof loginLogs.$inferSelect;

export interface LoginEvent {
  playerId: number | null;
  login: string;
  type: LogType;
  ip: string;
  detail?: string | null;
}

export const loginLog = {
  async record(tx: Runner, event: LoginEvent): Promise<void> {
    await tx.insert(loginLogs).values({ ...event, detail: event.detail ?? null });
  },

  /** The player's own entries, newest first. */
  async page(tx: Runner, playerId: number, limit: number, offset: number) {
    const [items, [count]] = await Promise.all([
      tx
        .select()
        .from(loginLogs)
        .where(eq(loginLogs.playerId, playerId))
        .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
        .limit(limit)
        .offset(offset),
      tx
        .select({ total: sql<number>`count(*)::int` })
        .from(loginLogs)
        .where(eq(loginLogs.playerId, playerId)),
    ]);
    return { items, total: count?.total ?? 0 };
  },

  /** Entries of one typed name (tests and, later, staff views). */
  async forLogin(tx: Runner, login: string, type?: LogType): Promise<LoginLogRow[]> {
    return tx
      .select()
      .from(loginLogs)
      .where(
        type
          ? and(eq(loginLogs.login, login), eq(loginLogs.type, type))
          : eq(loginLogs.login, login),
      )
      .orderBy(loginLogs.id);
  },
};
