// The one schema: PGlite embedded, PostgreSQL in production and in the concurrency tests.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    /** §6: admin, staff or user (the player) */
    role: text('role').notNull().default('user'),
    /** 4–6 digits; the idle lock compares against a salted hash of it (§4) */
    pin: text('pin').notNull(),
    /** null while the PIN is still the one the account was created with */
    pinChangedAt: timestamp('pin_changed_at', { withTimezone: true }),
    /** addresses or CIDR ranges the player may sign in from; empty = anywhere */
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
    banned: boolean('banned').notNull().default(false),
    /** carried in every token; bumping it (ban, password change) revokes all of them */
    tokenVersion: integer('token_version').notNull().default(0),
    /** hundredths; written only by the ledger */
    balance: money('balance').notNull().default(0),
    lastLogon: timestamp('last_logon', { withTimezone: true }),
    lastLogonIp: text('last_logon_ip'),
    /** the sign-in before the last one: what /login answered as last_logon at the last sign-in */
    previousLogon: timestamp('previous_logon', { withTimezone: true }),
    previousLogonIp: text('previous_logon_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('players_role_check', sql`${t.role} in ('admin', 'staff', 'user')`)],
);

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

/**
 * Failed sign-ins per typed login name (lowercased), known or not, so that an unknown name is
 * counted and locked exactly like a real one (GLI-19 §2.5.3).
 */
export const loginAttempts = pgTable('login_attempts', {
  login: text('login').primaryKey(),
  failures: integer('failures').notNull(),
  /** the first failure of the current window */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Every sign-in event with its §8 log type. player_id is null for names that match no one. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id').references(() => players.id),
    login: text('login').notNull(),
    type: text('type').notNull(),
    ip: text('ip').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_logs_player_created').on(t.playerId, t.createdAt, t.id)],
);
