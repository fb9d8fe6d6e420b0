// The back office's tables: the append-only audit log of staff actions and the hand pays that wait
// for a second supervisor. Re-exported by schema.ts, so the one schema holds them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { machines, players } from './schema';

/**
 * Every staff action and every failed staff sign-in: who, when, from where, what, and the state
 * before and after. Append-only: the code only inserts and selects, and a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0010).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff account; null for a sign-in under a name that matches no account */
    actorId: integer('actor_id').references(() => players.id),
    /** the username (or the typed name of a failed sign-in) */
    actor: text('actor').notNull(),
    actorRole: text('actor_role'),
    ip: text('ip').notNull(),
    action: text('action').notNull(),
    /** what the action was on: 'player', 'machine', 'staff', 'agent', 'hand-pay' */
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    /** done; refused (no right, or a rule said no); failed (a sign-in) */
    outcome: text('outcome').notNull().default('done'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_target').on(t.targetType, t.targetId, t.at),
    index('audit_log_actor').on(t.actor, t.at),
    check('audit_log_outcome_check', sql`${t.outcome} in ('done', 'refused', 'failed')`),
  ],
);

/**
 * A hand pay above HAND_PAY_APPROVAL_ABOVE: requested by one supervisor, paid when a different
 * one approves. One request per hand pay and amount.
 */
export const handPayApprovals = pgTable(
  'hand_pay_approvals',
  {
    id: serial('id').primaryKey(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    handPayId: text('hand_pay_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => players.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer('approved_by').references(() => players.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** pending, paid, or void (the hand pay was paid or changed otherwise) */
    status: text('status').notNull().default('pending'),
  },
  (t) => [
    uniqueIndex('hand_pay_approvals_request').on(t.handPayId, t.amount),
    check('hand_pay_approvals_status_check', sql`${t.status} in ('pending', 'paid', 'void')`),
    check(
      'hand_pay_approvals_second_person',
      sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`,
    ),
  ],
);
