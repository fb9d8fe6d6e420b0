// The audit log (issue #21): every staff action and every failed staff sign-in, append-only in the
// database. Read paged and filtered, or exported whole as CSV with the same filters.
import { z } from 'zod';
import { plainText } from './bounds';
import { successCode } from './http';
import { pageQuery, paginated } from './paging';
import { instant } from './wallet';

export const auditOutcomes = ['done', 'refused', 'failed'] as const;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actor: z.string(),
  actorRole: z.string().nullable(),
  ip: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const filters = {
  /** a username */
  actor: plainText(254).trim().min(1).optional(),
  action: plainText(60).trim().min(1).optional(),
  targetType: plainText(30).trim().min(1).optional(),
  targetId: plainText(60).trim().min(1).optional(),
  outcome: z.enum(auditOutcomes).optional(),
  /** a date (the whole day, UTC) or an ISO date-time */
  from: instant.optional(),
  to: instant.optional(),
};

/** The filters as the server reads them: `to` a bare date includes that whole day. */
function resolved<T extends { from?: { date: Date }; to?: { date: Date; dayOnly: boolean } }>(
  q: T,
) {
  const to = q.to
    ? q.to.dayOnly
      ? new Date(q.to.date.getTime() + 24 * 3600 * 1000)
      : q.to.date
    : undefined;
  return { ...q, from: q.from?.date, to };
}

export const auditQuery = pageQuery.extend(filters).transform(resolved);
export type AuditQuery = z.output<typeof auditQuery>;

export const auditExportQuery = z.object(filters).transform(resolved);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

export const auditAnswer = paginated(auditEntry).extend({
  code: successCode,
  ErrorMessage: z.string(),
});
export type AuditAnswer = z.infer<typeof auditAnswer>;

/** CSV files are answered as text/csv; this is their schema in the API document. */
export const csvText = z.string().describe('text/csv, a header line then one line per row');

/** The most rows one CSV export holds; narrow the filters for more. */
export const CSV_MAX_ROWS = 100_000;
