// Wallet calls of spec §7: discount and bonus claims, the transactions list, and the operator's
// deposits and withdrawals. Amounts are integer hundredths.
import { z } from 'zod';
import { id, plainText } from './bounds';
import { successCode } from './http';
import { pageQuery, paginated } from './paging';

/** A discount or bonus paid: status 200, code 20000, the amount paid in Params. */
export const claimPaid = z.object({
  status: z.literal(200),
  code: successCode,
  Params: z.object({ amount: z.number().int() }),
  ErrorMessage: z.string(),
  /** the wallet after the credit, hundredths */
  balance: z.number().int(),
});
export type ClaimPaid = z.infer<typeof claimPaid>;

/**
 * A claim the rules refused, in the same shape (§7): the refusal's status (409, or 429 for the
 * 30 s guard), its §8 code and translated ErrorMessage, and Params with `amount` (the discount
 * minimum for 40211, else 0: nothing paid) beside the code's own params.
 */
export const claimRefused = z.object({
  status: z.number().int().min(400).max(499),
  code: z.number().int(),
  Params: z.object({ amount: z.number().int() }).catchall(z.unknown()),
  ErrorMessage: z.string(),
});
export type ClaimRefused = z.infer<typeof claimRefused>;

/**
 * `GET /player/discount` and `GET /player/bonus` (§7: status, code, Params.amount, ErrorMessage):
 * one answer, HTTP 200, whether the claim was paid or refused; other failures (401, the rate
 * limit's 429) answer in the error shape with their HTTP status.
 */
export const claimAnswer = z.union([claimPaid, claimRefused]);
export type ClaimAnswer = z.infer<typeof claimAnswer>;

export const claimKinds = ['discount', 'bonus'] as const;
export type ClaimKind = (typeof claimKinds)[number];

/** '3' or '3,4': §3 action types 1–6. */
const typeList = z
  .string()
  .max(20)
  .transform((s, ctx) => {
    const parts = s.split(',').filter((p) => p.trim() !== '');
    const types = parts.map((p) => Number(p.trim()));
    if (types.length === 0 || types.some((t) => !Number.isInteger(t) || t < 1 || t > 6)) {
      ctx.addIssue({ code: 'custom', message: 'type must be a list of 1-6' });
      return z.NEVER;
    }
    return [...new Set(types)];
  });

/** A date (2026-11-22, the whole day in UTC) or an ISO date-time. */
export const instant = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s), {
    message: 'must be a date or ISO date-time',
  })
  .transform((s, ctx) => {
    const [y, m, day] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    // Date() rolls 30 February over into March; a calendar day must exist as written.
    const calendar = new Date(Date.UTC(y, m - 1, day));
    const d = new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
    if (Number.isNaN(d.getTime()) || calendar.getUTCDate() !== day) {
      ctx.addIssue({ code: 'custom', message: 'not a real date' });
      return z.NEVER;
    }
    return { date: d, dayOnly: s.length === 10 };
  });

export const transactionsFilterQuery = pageQuery
  .extend({
    type: typeList.optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .transform((q) => ({
    page: q.page,
    pageSize: q.pageSize,
    types: q.type,
    from: q.from?.date,
    // A bare date as `to` includes that whole day.
    to: q.to
      ? q.to.dayOnly
        ? new Date(q.to.date.getTime() + 24 * 3600 * 1000)
        : q.to.date
      : undefined,
  }))
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'from must be before to' });
export type TransactionsFilter = z.output<typeof transactionsFilterQuery>;

export const ledgerTransaction = z.object({
  id: z.number().int(),
  /** §3 action type 1–6 */
  type: z.number().int().min(1).max(6),
  /** signed hundredths added to the wallet */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** 'discount', 'bonus', 'operator', … for Deposits and Withdrawals; null otherwise */
  source: z.string().nullable(),
  sessionId: z.number().int().nullable(),
  machineId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LedgerTransaction = z.infer<typeof ledgerTransaction>;

export const transactionsPage = paginated(ledgerTransaction);
export type TransactionsPage = z.infer<typeof transactionsPage>;

/** `POST /staff/deposit` and `POST /staff/withdraw`: one player, by username or id. */
export const staffMoneyBody = z
  .object({
    username: plainText(254).trim().min(1).optional(),
    playerId: id.optional(),
    /** hundredths, always positive: the route says which way it goes */
    amount: z.number().int().positive().max(1_000_000_000),
    /** chosen by the caller; the same key twice moves the money once */
    idempotencyKey: plainText(100).min(8),
    /** why the money moves: required, kept in the ledger entry's source and the audit log */
    reason: plainText(200).trim().min(1, 'a reason is required'),
  })
  .refine((b) => (b.username === undefined) !== (b.playerId === undefined), {
    message: 'give exactly one of username or playerId',
  });
export type StaffMoneyBody = z.infer<typeof staffMoneyBody>;

export const staffMoneyAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  playerId: z.number().int(),
  /** the wallet after the change, hundredths */
  balance: z.number().int(),
  entryId: z.number().int(),
  /** false when the key had been used before: nothing moved this time */
  applied: z.boolean(),
});
export type StaffMoneyAnswer = z.infer<typeof staffMoneyAnswer>;
