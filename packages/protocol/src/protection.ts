// Player protection (issue #20): limits, reality checks, time-outs and self-exclusion, the
// market's play rules, and the account history export. Money is integer hundredths; a
// session-time limit is in minutes.
import { z } from 'zod';
import { id, idText } from './bounds';
import { successCode } from './http';

/** deposit: operator deposits into the wallet; cash_in: wallet → machines; net_loss: Cash In − (Cash Out + Hand Pay + JACKPOT); session_time: minutes in slot sessions */
export const limitKinds = ['deposit', 'cash_in', 'net_loss', 'session_time'] as const;
export const limitKind = z.enum(limitKinds);
export type LimitKind = z.infer<typeof limitKind>;

/** Calendar periods in UTC: the day, the ISO week (from Monday), the month. */
export const limitPeriods = ['day', 'week', 'month'] as const;
export const limitPeriod = z.enum(limitPeriods);
export type LimitPeriod = z.infer<typeof limitPeriod>;

/** The most a money limit may be (hundredths) and a session-time limit (minutes in a month). */
export const LIMIT_MAX_CENTS = 100_000_000_000;
export const LIMIT_MAX_MINUTES = 31 * 24 * 60;

/** A looser limit, or removing one, waits this long; a tighter one applies at once. */
export const COOLING_OFF_MS = 24 * 3600 * 1000;

/** `PUT /player/limits`: one limit set (hundredths, or minutes for session_time) or removed (null). */
export const setLimitBody = z
  .object({
    kind: limitKind,
    period: limitPeriod,
    amount: z.number().int().min(1).max(LIMIT_MAX_CENTS).nullable(),
  })
  .refine((b) => b.kind !== 'session_time' || b.amount === null || b.amount <= LIMIT_MAX_MINUTES, {
    message: `a session-time limit is at most ${LIMIT_MAX_MINUTES} minutes`,
  });
export type SetLimitBody = z.infer<typeof setLimitBody>;

/** One limit as the player sees it: in force, waiting, and used in the period now. */
export const limitView = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** in force now; null: none */
  amount: z.number().int().nullable(),
  /** a looser value (or null: removal) waiting for its cooling-off, and when it applies */
  pending: z.object({ amount: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
  /** used in the current period: hundredths, or minutes for session_time; net loss may be < 0 */
  used: z.number().int(),
  /** when the current period ends and `used` starts again from 0 */
  resetsAt: z.string(),
});
export type LimitView = z.infer<typeof limitView>;

export const realityCheckIntervals = [0, 15, 30, 60] as const;
/** Minutes between reality checks; 0 is off. */
export const realityCheckMinutes = z.union([
  z.literal(0),
  z.literal(15),
  z.literal(30),
  z.literal(60),
]);

export const exclusionChoices = [
  'timeout-24h',
  'timeout-7d',
  'timeout-30d',
  'exclusion-6m',
  'exclusion-1y',
  'exclusion-5y',
  'exclusion-permanent',
] as const;
export const exclusionChoice = z.enum(exclusionChoices);
export type ExclusionChoice = z.infer<typeof exclusionChoice>;

/** A time-out or self-exclusion: from when, until when (null: permanent). */
export const exclusionView = z.object({
  kind: z.enum(['time-out', 'self-exclusion']),
  startedAt: z.string(),
  endsAt: z.string().nullable(),
});
export type ExclusionView = z.infer<typeof exclusionView>;

/** `GET /player/limits`. */
export const protectionAnswer = z.object({
  code: successCode,
  limits: z.array(limitView),
  realityCheckMinutes,
});
export type ProtectionAnswer = z.infer<typeof protectionAnswer>;

/** `PUT /player/reality-check`. */
export const realityCheckBody = z.object({ minutes: realityCheckMinutes });

/** `POST /player/reality-check/continue`: the player read the check and plays on. */
export const realityCheckContinueBody = z.object({ sessionId: id });

/** `POST /player/exclusion`: effective at once; the answer comes before the sign-out. */
export const exclusionBody = z.object({ choice: exclusionChoice });
export const exclusionAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  exclusion: exclusionView,
});

/**
 * What the reality check and the game screen show of a session: how long it has run, its net
 * result (credits on the machine + Cash Out + Hand Pay − Cash In) and the day's (all sessions, UTC
 * day), in hundredths.
 */
export const sessionPosition = z.object({
  code: successCode,
  sessionId: z.number().int(),
  openedAt: z.string(),
  elapsedSeconds: z.number().int(),
  cashIn: z.number().int(),
  /** Cash Out and Hand Pay of the session */
  paidOut: z.number().int(),
  credits: z.number().int(),
  sessionNet: z.number().int(),
  dayNet: z.number().int(),
  /** a reality check waits for an answer */
  realityCheckDue: z.boolean(),
});
export type SessionPosition = z.infer<typeof sessionPosition>;

export const sessionPositionParams = z.object({ id: idText });

/** The market's play rules (JURISDICTION), which the game screen follows and the server enforces. */
export const playRules = z.object({
  code: successCode,
  jurisdiction: z.string(),
  /** the least time from one game's start to the next; 0: none */
  minGameCycleMs: z.number().int(),
  autoplay: z.boolean(),
  /** net position and session time always on the game screen */
  showNetPosition: z.boolean(),
  /** a line saying the video is live and how late it is */
  showLiveDelay: z.boolean(),
});
export type PlayRules = z.infer<typeof playRules>;

/** Staff view of a player's protection: limits, reality checks and every exclusion. */
export const staffProtectionAnswer = protectionAnswer.extend({
  playerId: z.number().int(),
  exclusions: z.array(exclusionView),
});
export const staffProtectionParams = z.object({ playerId: idText });

const DAY_MS = 24 * 3600 * 1000;
/** The longest range one export covers: 12 months. */
export const EXPORT_MAX_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31')
  .transform((s, ctx) => {
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
      ctx.addIssue({ code: 'custom', message: 'not a real date' });
      return z.NEVER;
    }
    return d;
  });

/** `GET /player/account-history.csv?from=&to=`: whole UTC days, `to` included, 12 months at most. */
export const historyExportQuery = z
  .object({ from: day, to: day })
  .transform((q) => ({ from: q.from, to: new Date(q.to.getTime() + DAY_MS) }))
  .refine((q) => q.from < q.to, { message: 'from must not be after to' })
  .refine((q) => q.to.getTime() - q.from.getTime() <= EXPORT_MAX_DAYS * DAY_MS, {
    message: 'an export covers 12 months at most',
  });
export type HistoryExportQuery = z.output<typeof historyExportQuery>;
