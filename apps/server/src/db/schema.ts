// The one schema: PGlite embedded, PostgreSQL in production and in the concurrency tests.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'number' });

export const players = pgTable('players', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  lastname: text('lastname').notNull(),
  role: text('role').notNull().default('user'),
  pin: text('pin').notNull(),
  /** hundredths; written only by the ledger */
  balance: money('balance').notNull().default(0),
  lastLogon: timestamp('last_logon', { withTimezone: true }),
  lastLogonIp: text('last_logon_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** §3 action type: 1 Deposit … 6 JACKPOT */
    type: smallint('type').notNull(),
    /** signed change of the wallet in hundredths */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    source: text('source'),
    sessionId: integer('session_id'),
    machineId: integer('machine_id'),
    operator: text('operator'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_player_created').on(t.playerId, t.createdAt)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  image: text('image'),
});

export const machines = pgTable('machines', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  name: text('name').notNull(),
  image: text('image'),
  game: text('game').notNull(),
  videoType: text('video_type').notNull().default('screen'),
  enabled: boolean('enabled').notNull().default(true),
});

export const slotSessions = pgTable(
  'slot_sessions',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    status: text('status').notNull().default('open'),
    /** credits on the machine at the last change, so a restart can return them to the wallet */
    credits: money('credits').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  // One open slot session per machine: a second player cannot sit down.
  (t) => [uniqueIndex('one_open_session_per_machine').on(t.machineId).where(sql`status = 'open'`)],
);

export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
