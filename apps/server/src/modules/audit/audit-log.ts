// The audit log (issue #21): every staff action and every failed staff sign-in, with who did it,
// from where, on what, why, and the state before and after. A change records its entry in the
// transaction that makes it, so neither commits without the other. Read back paged, or as CSV.
import type { AuditEntry, AuditExportQuery, AuditQuery } from '@reelcast/protocol/console-audit';
import { CSV_MAX_ROWS } from '@reelcast/protocol/console-audit';
import type { Db, Runner } from '../../db/client';
import { toCsv } from './csv';
import { type AuditRow, auditRepository } from './repository';

/** Who acted: a signed-in staff member, or the name typed at a failed sign-in. */
export interface Actor {
  id: number | null;
  username: string;
  role: string | null;
  ip: string;
}

export type AuditTarget =
  | 'player'
  | 'machine'
  | 'staff'
  | 'agent'
  | 'hand-pay'
  | 'setting'
  | 'route';

export interface AuditAction {
  action: string;
  targetType?: AuditTarget;
  targetId?: string | number;
  reason?: string | null;
  /** done (the default); refused: a right or a rule said no; failed: a sign-in that failed */
  outcome?: 'done' | 'refused' | 'failed';
  before?: unknown;
  after?: unknown;
}

/** The actor of a request that went through authenticate: its claims and address. */
export const actorOf = (request: {
  claims?: { id: number; username: string; role: string };
  ip: string;
}): Actor => ({
  id: request.claims?.id ?? null,
  username: request.claims?.username ?? '',
  role: request.claims?.role ?? null,
  ip: request.ip,
});

export const auditEntryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actor: row.actor,
  actorRole: row.actorRole,
  ip: row.ip,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  outcome: row.outcome as AuditEntry['outcome'],
  before: row.before ?? null,
  after: row.after ?? null,
});

const CSV_HEADER = [
  'id',
  'at',
  'actor',
  'actor_role',
  'ip',
  'action',
  'target_type',
  'target_id',
  'reason',
  'outcome',
  'before',
  'after',
] as const;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * Indexed columns hold at most this much: a btree row over ~2.7 kB is refused (54000), and an
 * entry must never be lost to a long URL a caller chose (found by the fuzz). The full request is
 * kept in `after`, which is not indexed.
 */
const INDEXED_CHARS = 300;
const indexable = (text: string) => {
  const stored = storableText(text);
  return stored.length > INDEXED_CHARS ? `${stored.slice(0, INDEXED_CHARS)}…` : stored;
};

/**
 * Text PostgreSQL takes: a refused request's body is recorded as sent, and NUL or a lone
 * surrogate in it would make the entry itself fail (22P05), losing the record of the refusal.
 */
const storableText = (text: string) =>
  text
    .replaceAll('\u0000', '\ufffd')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [storableText(k), storable(v)]),
    );
  }
  return value;
}

export class AuditLog {
  constructor(private readonly db: Db) {}

  /** Appends one entry; pass the transaction of the change it records. */
  record(actor: Actor, a: AuditAction, tx: Runner = this.db): Promise<void> {
    return auditRepository.append(tx, {
      actorId: actor.id,
      actor: actor.username,
      actorRole: actor.role,
      ip: actor.ip,
      action: indexable(a.action),
      targetType: a.targetType === undefined ? null : indexable(a.targetType),
      targetId: a.targetId === undefined ? null : indexable(String(a.targetId)),
      reason: a.reason === undefined || a.reason === null ? null : storableText(a.reason),
      outcome: a.outcome ?? 'done',
      before: a.before === undefined ? null : storable(a.before),
      after: a.after === undefined ? null : storable(a.after),
    });
  }

  async page(q: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
    const { page, pageSize, ...filter } = q;
    const { items, total } = await auditRepository.page(
      this.db,
      filter,
      pageSize,
      (page - 1) * pageSize,
    );
    return { items: items.map(auditEntryOf), total };
  }

  /** The entries the filters select, oldest first, at most CSV_MAX_ROWS. */
  async csv(q: AuditExportQuery): Promise<string> {
    const rows = await auditRepository.rows(this.db, q, CSV_MAX_ROWS);
    return toCsv(
      CSV_HEADER,
      rows.map((r) => [
        r.id,
        r.at.toISOString(),
        r.actor,
        r.actorRole,
        r.ip,
        r.action,
        r.targetType,
        r.targetId,
        r.reason,
        r.outcome,
        json(r.before),
        json(r.after),
      ]),
    );
  }
}
