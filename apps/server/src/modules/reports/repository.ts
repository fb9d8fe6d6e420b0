// SQL of the daily reconciliation: per machine and per day (UTC) a slot session opened, what its
// sessions were, what the ledger moved for them and what their games recorded. Three grouped
// reads, joined by day and machine in the service.
import { TransactionType } from '@reelcast/protocol/transactions';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { ledgerEntries, slotSessions, slotSpins } from '../../db/schema';

export interface ReportRange {
  from: Date;
  /** exclusive */
  to: Date;
  machineId?: number | undefined;
}

/** The day a session opened, UTC, as YYYY-MM-DD: the day its money and games count on. */
const day = sql<string>`to_char(${slotSessions.openedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const num = (expr: SQL) => sql<string>`coalesce(${expr}, 0)`;

function inRange(r: ReportRange): SQL {
  return and(
    gte(slotSessions.openedAt, r.from),
    lt(slotSessions.openedAt, r.to),
    r.machineId === undefined ? undefined : eq(slotSessions.machineId, r.machineId),
  )!;
}

/** The signed sum of one ledger type: Cash In is a debit of the wallet, so negative. */
const sumOfType = (type: number) =>
  num(sql`sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.type} = ${type})`);

export const reportRepository = {
  async sessions(tx: Runner, r: ReportRange) {
    const open = sql`${slotSessions.status} = 'open'`;
    return tx
      .select({
        day,
        machineId: slotSessions.machineId,
        sessions: sql<number>`count(*)::int`,
        openSessions: sql<number>`(count(*) filter (where ${open}))::int`,
        onMachine: num(
          sql`sum(${slotSessions.credits} + ${slotSessions.handPay}) filter (where ${open})`,
        ),
        openSessionId: sql<number | null>`max(${slotSessions.id}) filter (where ${open})`,
      })
      .from(slotSessions)
      .where(inRange(r))
      .groupBy(day, slotSessions.machineId);
  },

  async ledger(tx: Runner, r: ReportRange) {
    return tx
      .select({
        day,
        machineId: slotSessions.machineId,
        cashIn: sumOfType(TransactionType.cashIn),
        cashOut: sumOfType(TransactionType.cashOut),
        handPay: sumOfType(TransactionType.handPay),
        jackpot: sumOfType(TransactionType.jackpot),
      })
      .from(ledgerEntries)
      .innerJoin(slotSessions, eq(slotSessions.id, ledgerEntries.sessionId))
      .where(inRange(r))
      .groupBy(day, slotSessions.machineId);
  },

  async games(tx: Runner, r: ReportRange) {
    return tx
      .select({
        day,
        machineId: slotSessions.machineId,
        games: sql<number>`count(*)::int`,
        coinIn: num(sql`sum(${slotSpins.bet})`),
        coinOut: num(sql`sum(${slotSpins.win}) filter (where not ${slotSpins.handPay})`),
        handPayWins: num(sql`sum(${slotSpins.win}) filter (where ${slotSpins.handPay})`),
      })
      .from(slotSpins)
      .innerJoin(slotSessions, eq(slotSessions.id, slotSpins.sessionId))
      .where(inRange(r))
      .groupBy(day, slotSessions.machineId);
  },
};
