// Player protection's tables (issue #20, migration 0011): each player's limits with their pending
// loosening, the reality-check interval, and every time-out and self-exclusion taken.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { players } from './schema';

/**
 * One limit of a player: a kind (deposit, cash_in, net_loss: hundredths; session_time: minutes)
 * over a calendar period. `amount` is in force; a looser value (or none) waits in `pendingAmount`
 * until `pendingAt`, the end of its 24 h cooling-off, and is in force from then on.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    /** null: nothing pending */
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind, t.period] }),
    check(
      'player_limits_kind_check',
      sql`${t.kind} in ('deposit', 'cash_in', 'net_loss', 'session_time')`,
    ),
    check('player_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
  ],
);

/** Minutes between reality checks (0: off), chosen by the player. */
export const playerRealityChecks = pgTable(
  'player_reality_checks',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id),
    minutes: integer('minutes').notNull().default(0),
  },
  (t) => [check('player_reality_checks_minutes', sql`${t.minutes} in (0, 15, 30, 60)`)],
);

/** Every time-out and self-exclusion; rows are never changed or removed (nobody shortens one). */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    /** what the player chose: timeout-24h … exclusion-permanent */
    choice: text('choice').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** null: permanent */
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    index('player_exclusions_player').on(t.playerId, t.startedAt),
    check('player_exclusions_kind', sql`${t.kind} in ('time-out', 'self-exclusion')`),
  ],
);
