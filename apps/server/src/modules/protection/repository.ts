// SQL of player protection. Every method takes the transaction (or database) it runs in.
//
// What a limit counts is summed from the records of money and play themselves (the ledger and
// the slot sessions), over calendar periods in UTC on the database's clock: the clock that stamps
// every ledger entry, so a period and the entries in it never disagree.
import type { LimitKind, LimitPeriod } from '@reelcast/protocol/protection';
import { limitPeriods } from '@reelcast/protocol/protection';
import { TransactionType } from '@reelcast/protocol/transactions';
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { ledgerEntries, machines, players, slotSessions } from '../../db/schema';
import { playerExclusions, playerLimits, playerRealityChecks } from '../../db/schema-protection';
import type { LimitState, StoredLimit, Usage } from './limits';

export type ExclusionRow = typeof playerExclusions.$inferSelect;

/** The start of the period now, in UTC, on the database's clock. */
const startOf = (period: LimitPeriod): SQL =>
  sql`(date_trunc(${period}, now() at time zone 'UTC') at time zone 'UTC')`;

const periodInterval: Record<LimitPeriod, string> = {
  day: '1 day',
  week: '1 week',
  month: '1 month',
};

/** An operator's deposit (POST /staff/deposit, the CLI): the claims are the operator's gifts. */
const operatorDeposit = sql`(${ledgerEntries.type} = ${TransactionType.deposit} and (${ledgerEntries.source} = 'operator' or ${ledgerEntries.source} like 'operator:%'))`;

/** Money played on machines: Cash In (negative), Cash Out, Hand Pay, JACKPOT. */
const playTypes = [
  TransactionType.cashIn,
  TransactionType.cashOut,
  TransactionType.handPay,
  TransactionType.jackpot,
];
const playEntry = sql`${ledgerEntries.type} in (${sql.join(
  playTypes.map((t) => sql`${t}`),
  sql`, `,
)})`;

const sumOf = (value: SQL, filter: SQL) =>
  sql<string>`coalesce(sum(${value}) filter (where ${filter}), 0)`;

export const protectionRepository = {
  /**
   * Locks the player's row until the transaction ends: the ledger locks the same row to post, so
   * the checks and postings of one player follow one another, and a limit checked under it is
   * still the truth when the posting commits. False when there is no such player.
   */
  async lockPlayer(tx: Runner, playerId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: players.id })
      .from(players)
      .where(eq(players.id, playerId))
      .for('update');
    return rows.length > 0;
  },

  async keyPosted(tx: Runner, key: string): Promise<boolean> {
    const rows = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, key));
    return rows.length > 0;
  },

  async limits(tx: Runner, playerId: number): Promise<StoredLimit[]> {
    const rows = await tx.select().from(playerLimits).where(eq(playerLimits.playerId, playerId));
    return rows.map((r) => ({
      kind: r.kind as LimitKind,
      period: r.period as LimitPeriod,
      amount: r.amount,
      pendingAmount: r.pendingAmount,
      pendingAt: r.pendingAt,
    }));
  },

  async saveLimit(
    tx: Runner,
    playerId: number,
    slot: { kind: LimitKind; period: LimitPeriod },
    state: LimitState,
    now: Date,
  ): Promise<void> {
    const values = {
      amount: state.amount,
      pendingAmount: state.pending?.amount ?? null,
      pendingAt: state.pending?.at ?? null,
      updatedAt: now,
    };
    await tx
      .insert(playerLimits)
      .values({ playerId, ...slot, ...values })
      .onConflictDoUpdate({
        target: [playerLimits.playerId, playerLimits.kind, playerLimits.period],
        set: values,
      });
  },

  async realityCheckMinutes(tx: Runner, playerId: number): Promise<number> {
    const rows = await tx
      .select({ minutes: playerRealityChecks.minutes })
      .from(playerRealityChecks)
      .where(eq(playerRealityChecks.playerId, playerId));
    return rows[0]?.minutes ?? 0;
  },

  async setRealityCheckMinutes(tx: Runner, playerId: number, minutes: number): Promise<void> {
    await tx
      .insert(playerRealityChecks)
      .values({ playerId, minutes })
      .onConflictDoUpdate({ target: playerRealityChecks.playerId, set: { minutes } });
  },

  /** The time-out or self-exclusion running at `now` that ends last (a permanent one first). */
  async activeExclusion(tx: Runner, playerId: number, now: Date): Promise<ExclusionRow | null> {
    const rows = await tx
      .select()
      .from(playerExclusions)
      .where(
        and(
          eq(playerExclusions.playerId, playerId),
          lte(playerExclusions.startedAt, now),
          or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, now)),
        ),
      )
      .orderBy(sql`${playerExclusions.endsAt} desc nulls first`)
      .limit(1);
    return rows[0] ?? null;
  },

  async exclusions(tx: Runner, playerId: number): Promise<ExclusionRow[]> {
    return tx
      .select()
      .from(playerExclusions)
      .where(eq(playerExclusions.playerId, playerId))
      .orderBy(desc(playerExclusions.startedAt), desc(playerExclusions.id));
  },

  async addExclusion(tx: Runner, row: Omit<ExclusionRow, 'id'>): Promise<ExclusionRow> {
    const rows = await tx.insert(playerExclusions).values(row).returning();
    return rows[0]!;
  },

  /** Every token of the player issued so far stops working (as a ban or password change does). */
  async revokeTokens(tx: Runner, playerId: number): Promise<void> {
    await tx
      .update(players)
      .set({ tokenVersion: sql`${players.tokenVersion} + 1` })
      .where(eq(players.id, playerId));
  },

  /** Money counted by the limits in each current period, in hundredths (see the file's head). */
  async moneyUsage(tx: Runner, playerId: number): Promise<Usage> {
    const columns: Record<string, SQL<string>> = {};
    for (const p of limitPeriods) {
      const inPeriod = sql`${ledgerEntries.createdAt} >= ${startOf(p)}`;
      columns[`${p}_deposit`] = sumOf(
        sql`${ledgerEntries.amount}`,
        sql`${inPeriod} and ${operatorDeposit}`,
      );
      columns[`${p}_cash_in`] = sumOf(
        sql`-${ledgerEntries.amount}`,
        sql`${inPeriod} and ${ledgerEntries.type} = ${TransactionType.cashIn}`,
      );
      columns[`${p}_net_loss`] = sumOf(
        sql`-${ledgerEntries.amount}`,
        sql`${inPeriod} and ${playEntry}`,
      );
    }
    const [row] = await tx
      .select(columns)
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, playerId),
          sql`${ledgerEntries.createdAt} >= least(${startOf('week')}, ${startOf('month')})`,
        ),
      );
    const read = (p: LimitPeriod, kind: LimitKind) => Number(row?.[`${p}_${kind}`] ?? 0);
    const usage = {} as Usage;
    for (const p of limitPeriods) {
      usage[p] = {
        deposit: read(p, 'deposit'),
        cash_in: read(p, 'cash_in'),
        net_loss: read(p, 'net_loss'),
        session_time: 0,
      };
    }
    return usage;
  },

  /** Seconds spent in slot sessions in each current period (an open one counts up to now). */
  async sessionSeconds(tx: Runner, playerId: number): Promise<Record<LimitPeriod, number>> {
    const end = sql`coalesce(${slotSessions.closedAt}, now())`;
    const columns: Record<string, SQL<string>> = {};
    for (const p of limitPeriods) {
      const from = startOf(p);
      columns[p] = sumOf(
        sql`extract(epoch from (least(${end}, now()) - greatest(${slotSessions.openedAt}, ${from})))`,
        sql`${end} > ${from}`,
      );
    }
    const [row] = await tx
      .select(columns)
      .from(slotSessions)
      .where(
        and(
          eq(slotSessions.playerId, playerId),
          sql`${end} > least(${startOf('week')}, ${startOf('month')})`,
        ),
      );
    const read = (p: LimitPeriod) => Math.max(0, Math.floor(Number(row?.[p] ?? 0)));
    return { day: read('day'), week: read('week'), month: read('month') };
  },

  /** When each current period ends, on the database's clock. */
  async periodEnds(tx: Runner): Promise<Record<LimitPeriod, Date>> {
    const columns: Record<string, SQL<Date>> = {};
    for (const p of limitPeriods) {
      columns[p] = sql<Date>`${startOf(p)} + ${periodInterval[p]}::interval`;
    }
    const [row] = await tx.select(columns).from(sql`(select 1) as one`);
    const at = (p: LimitPeriod) => new Date(row![p] as unknown as string);
    return { day: at('day'), week: at('week'), month: at('month') };
  },

  /** A session's Cash In and what it paid out (Cash Out, Hand Pay), from the ledger. */
  async sessionMoney(tx: Runner, sessionId: number): Promise<{ cashIn: number; paidOut: number }> {
    const [row] = await tx
      .select({
        cashIn: sumOf(
          sql`-${ledgerEntries.amount}`,
          sql`${ledgerEntries.type} = ${TransactionType.cashIn}`,
        ),
        paidOut: sumOf(
          sql`${ledgerEntries.amount}`,
          sql`${ledgerEntries.type} in (${TransactionType.cashOut}, ${TransactionType.handPay}, ${TransactionType.jackpot})`,
        ),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sessionId, sessionId));
    return { cashIn: Number(row?.cashIn ?? 0), paidOut: Number(row?.paidOut ?? 0) };
  },

  /**
   * The day's net result of play in the ledger (UTC day, database clock): what came back from
   * machines minus what went onto them. Credits still on a machine are the caller's to add.
   */
  async dayPlayNet(tx: Runner, playerId: number): Promise<number> {
    const [row] = await tx
      .select({ net: sumOf(sql`${ledgerEntries.amount}`, playEntry) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, playerId),
          sql`${ledgerEntries.createdAt} >= ${startOf('day')}`,
        ),
      );
    return Number(row?.net ?? 0);
  },

  /** The player's ledger entries in [from, to), oldest first (the account history export). */
  async entriesBetween(tx: Runner, playerId: number, from: Date, to: Date) {
    return tx
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, playerId),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, to),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  },

  /** The player's slot sessions opened in [from, to), oldest first, with their cash from the ledger. */
  async sessionsBetween(tx: Runner, playerId: number, from: Date, to: Date) {
    const cash = (types: number[], sign: 1 | -1) =>
      sql<string>`coalesce((select sum(${sign} * e.amount) from ledger_entries e where e.session_id = ${slotSessions.id} and e.type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})), 0)`;
    return tx
      .select({
        id: slotSessions.id,
        machineId: slotSessions.machineId,
        machineName: machines.name,
        openedAt: slotSessions.openedAt,
        closedAt: slotSessions.closedAt,
        gamesPlayed: slotSessions.gamesPlayed,
        totalBet: slotSessions.totalBet,
        totalWon: slotSessions.totalWon,
        closeReason: slotSessions.closeReason,
        cashIn: cash([TransactionType.cashIn], -1),
        cashOut: cash([TransactionType.cashOut, TransactionType.handPay], 1),
      })
      .from(slotSessions)
      .innerJoin(machines, eq(machines.id, slotSessions.machineId))
      .where(
        and(
          eq(slotSessions.playerId, playerId),
          gte(slotSessions.openedAt, from),
          lt(slotSessions.openedAt, to),
        ),
      )
      .orderBy(asc(slotSessions.openedAt), asc(slotSessions.id));
  },
};
