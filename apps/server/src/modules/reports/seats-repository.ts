// SQL of the seats in use over a day: per hour, the machines with a slot session open at some moment
// of it, and the most sessions open at one moment (a sweep over their openings and closings).
// A session still open runs until `now`; only the part of a session inside the day counts.
import { and, lt, type SQL, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { slotSessions } from '../../db/schema';

export interface SeatsDay {
  /** the day's first moment, UTC */
  start: Date;
  /** the next day's first moment */
  end: Date;
  /** where sessions still open end */
  now: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** When a session ended, or `now` for one still open. */
const endOf = (now: Date) => sql`coalesce(${slotSessions.closedAt}, ${at(now)})`;
/** A session overlapping [from, to). */
const overlaps = (from: SQL, to: SQL, now: Date) =>
  and(lt(slotSessions.openedAt, to), sql`${endOf(now)} > ${from}`);

export const seatsRepository = {
  /** Seats in use in each of the day's 24 hours, 00 first. */
  async hours(tx: Runner, day: SeatsDay) {
    const hourStart = sql`${at(day.start)} + make_interval(hours => h.hour)`;
    const hourEnd = sql`${at(day.start)} + make_interval(hours => h.hour + 1)`;
    return (
      tx
        .select({
          hour: sql<number>`h.hour::int`,
          // Seats, not sessions: two players one after the other on a machine are one seat.
          seats: sql<number>`count(distinct ${slotSessions.machineId})::int`,
        })
        .from(sql`generate_series(0, 23) as h(hour)`)
        // The day's own test touches slot_sessions alone, so it is applied once to the table (a
        // single scan, its rows kept) before the 24 hours are matched against the few left.
        .leftJoin(
          slotSessions,
          and(overlaps(at(day.start), at(day.end), day.now), overlaps(hourStart, hourEnd, day.now)),
        )
        .groupBy(sql`h.hour`)
        .orderBy(sql`h.hour`)
    );
  },

  /**
   * The most sessions open at one moment of the day, and the first moment it was reached; none
   * when no session touched the day. One open session per machine makes that the seats in use.
   * At a moment one session closes and another opens, the closing is counted first.
   */
  async peak(tx: Runner, day: SeatsDay): Promise<{ seats: number; at: string } | undefined> {
    const from = sql`greatest(${slotSessions.openedAt}, ${at(day.start)})`;
    const to = sql`least(${endOf(day.now)}, ${at(day.end)})`;
    const spans = sql`select ${from} as f, ${to} as t from ${slotSessions}
      where ${overlaps(at(day.start), at(day.end), day.now)}`;
    const sweep = sql`select at, sum(step) over (order by at, step rows unbounded preceding) as seats
      from (select f as at, 1 as step from spans where f < t
            union all select t, -1 from spans where f < t) as steps`;
    const [top] = await tx
      .select({
        seats: sql<number>`running.seats::int`,
        at: sql<string>`to_char(running.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(sql`(with spans as (${spans}) ${sweep}) as running`)
      .orderBy(sql`running.seats desc, running.at`)
      .limit(1);
    return top;
  },
};
