// The daily reconciliation (issue #21): per machine and per day, the money the ledger moved (Cash
// In, Cash Out, Hand Pay, JACKPOT) beside what the games recorded (coin in, coin out, hand-pay
// wins), the actual RTP beside the par sheet's, and whatever does not add up marked. A slot
// session counts on the day (UTC) it opened, so one that runs past midnight is not split.
import { z } from 'zod';
import { idText } from './bounds';
import { successCode } from './http';

/** A calendar day, UTC. */
export const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'not a real date',
  );

/** The most days one report covers. */
export const REPORT_MAX_DAYS = 366;

export const dailyReportQuery = z
  .object({
    /** first day, inclusive */
    from: dayText,
    /** last day, inclusive */
    to: dayText,
    machineId: idText.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < REPORT_MAX_DAYS * 24 * 3600 * 1000, {
    message: `at most ${REPORT_MAX_DAYS} days`,
  });
export type DailyReportQuery = z.infer<typeof dailyReportQuery>;

export const dailyReportRow = z.object({
  day: z.string(),
  machineId: z.number().int(),
  machineName: z.string(),
  game: z.string(),
  sessions: z.number().int(),
  /** sessions of the day still open: their credits are on the machine */
  openSessions: z.number().int(),
  /** the ledger, hundredths: wallet → machine */
  cashIn: z.number().int(),
  /** the ledger: machine → wallet */
  cashOut: z.number().int(),
  handPay: z.number().int(),
  /** progressive awards paid to the wallet, outside the machine's own RTP */
  jackpot: z.number().int(),
  games: z.number().int(),
  /** the games: bets */
  coinIn: z.number().int(),
  /** the games: wins credited to the machine */
  coinOut: z.number().int(),
  /** the games: wins at or over the hand-pay limit, locked for an attendant */
  handPayWins: z.number().int(),
  /** credits and pending hand pays of the open sessions */
  onMachine: z.number().int(),
  /** (coinOut + handPayWins) / coinIn; null without a bet */
  actualRtp: z.number().nullable(),
  /** the game's par sheet; null when it cannot be computed */
  parRtp: z.number().nullable(),
  /**
   * (cashIn − cashOut − handPay) − (coinIn − coinOut − handPayWins) − onMachine: what the ledger
   * and the games disagree by; 0 when they reconcile
   */
  difference: z.number().int(),
  discrepancy: z.boolean(),
});
export type DailyReportRow = z.infer<typeof dailyReportRow>;

export const dailyReportAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(dailyReportRow),
  /** the rows summed; actualRtp over them */
  totals: dailyReportRow
    .pick({
      cashIn: true,
      cashOut: true,
      handPay: true,
      jackpot: true,
      games: true,
      coinIn: true,
      coinOut: true,
      handPayWins: true,
      difference: true,
      actualRtp: true,
    })
    .extend({ discrepancies: z.number().int() }),
});
export type DailyReportAnswer = z.infer<typeof dailyReportAnswer>;

// Seats in use over one day (UTC): for each hour, how many seats (machines with a slot session
// open at some moment of it) were in use. Unlike the reconciliation, a session counts in every
// hour it overlaps, not only on the day it opened, and one still open counts up to now.
export const seatsReportQuery = z.object({ date: dayText });
export type SeatsReportQuery = z.infer<typeof seatsReportQuery>;

export const seatsHour = z.object({
  /** 0–23, UTC: the hour from hh:00 to hh+1:00 */
  hour: z.number().int().min(0).max(23),
  seats: z.number().int().min(0),
});
export type SeatsHour = z.infer<typeof seatsHour>;

export const seatsReportAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  date: z.string(),
  /** 24 hours, 00 first */
  hours: z.array(seatsHour).length(24),
  /**
   * The most seats in use at one moment of the day and the first moment it was reached (ISO);
   * at most the busiest hour's count, which also counts seats that were used one after another.
   */
  peak: z.object({ seats: z.number().int().min(0), at: z.string().nullable() }),
});
export type SeatsReportAnswer = z.infer<typeof seatsReportAnswer>;
