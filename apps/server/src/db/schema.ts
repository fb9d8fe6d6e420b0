// The one schema: PGlite embedded, PostgreSQL in production and in the concurrency tests.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    /**
     * §6: 'user' (the player) or a staff role: cashier (players' money), supervisor (the floor,
     * hand pays, bans, sessions), admin (staff accounts, permissions), auditor (reads only).
     */
    role: text('role').notNull().default('user'),
    /**
     * The idle lock's PIN (4–6 digits) as an argon2id hash, checked by the server only
     * (POST /player/pin/verify). A plain PIN left by an older version is hashed at start.
     */
    pinHash: text('pin_hash').notNull(),
    /** wrong PINs in a row; PIN_ATTEMPTS of them end the sign-in */
    pinFailures: integer('pin_failures').notNull().default(0),
    /** when wrong PINs last ended a sign-in; only a token issued after it counts afresh */
    pinLockedAt: timestamp('pin_locked_at', { withTimezone: true }),
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
    /** §6 permission ids; menu items need 145, which every player holds unless taken away */
    permissions: integer('permissions').array().notNull().default(sql`'{145}'::integer[]`),
    /** §3 Group of the sign-in answer */
    group: text('player_group').notNull().default('players'),
    /** §6 user type for the can-see check: an operator sees every level */
    type: text('account_type').notNull().default('player'),
    /** §3 shown instead of name and last name when set */
    displayName: text('display_name'),
    /** §3 photoURL; null draws a generated avatar */
    photoUrl: text('photo_url'),
    /** §3 navigation item ids shown as quick links in the header */
    shortcuts: text('shortcuts')
      .array()
      .notNull()
      .default(sql`'{slot-sessions,transactions}'::text[]`),
    /** §4 the player's layout settings (protocol userSettings), saved from any device */
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    /** staff TOTP (RFC 6238): the secret in force once a first code confirmed it */
    totpSecret: text('totp_secret'),
    /** a secret being enrolled, until its first code confirms it */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** the time step of the last code accepted: a code is never taken twice */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'players_role_check',
      sql`${t.role} in ('admin', 'supervisor', 'cashier', 'auditor', 'user')`,
    ),
    check('players_type_check', sql`${t.type} in ('player', 'operator')`),
  ],
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
  /** the machine agent that speaks for it (agents.id); none: the embedded floor's */
  agentId: text('agent_id').references(() => agents.id),
});

/** Machine agents: each dials out with its own secret (argon2id hash here), until revoked. */
export const agents = pgTable('agents', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Each revision of the floor file the seed has loaded (its `version`): a file with a higher one
 * adds what it has that the floor does not (see db/seed.ts).
 */
export const floorRevisions = pgTable('floor_revisions', {
  version: integer('version').primaryKey(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** a hand pay pending on the machine, and its id (the ledger key), kept for a restart */
    handPay: money('hand_pay').notNull().default(0),
    handPayId: text('hand_pay_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Game totals for the player's history (GLI-19 §4.14.1). Cash in and out are not kept here:
     * they are summed from the ledger entries of the session, the one record of money.
     */
    gamesPlayed: integer('games_played').notNull().default(0),
    totalBet: money('total_bet').notNull().default(0),
    totalWon: money('total_won').notNull().default(0),
    /** why it closed: player, idle, disconnected, quit, cancel */
    closeReason: text('close_reason'),
    /**
     * The seat's clocks, so they outlive the instance that set them (issue #19): the end of the
     * grace period of a player with no socket left, and the end of a connected player's idle
     * period (kept a few seconds behind each press). Null: that clock is not running.
     */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    idleEndsAt: timestamp('idle_ends_at', { withTimezone: true }),
  },
  // One open slot session per machine: a second player cannot sit down.
  (t) => [
    uniqueIndex('one_open_session_per_machine').on(t.machineId).where(sql`status = 'open'`),
    // The player's history, newest first (/slot-sessions).
    index('slot_sessions_player_opened').on(t.playerId, t.openedAt),
  ],
);

/**
 * Every game played in a slot session, for game recall (GLI-19 §4.14.1): enough to redraw the
 * final screen (the reel stops and the symbols they showed) and to follow the credit meter.
 */
export const slotSpins = pgTable(
  'slot_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => slotSessions.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    bet: money('bet').notNull(),
    win: money('win').notNull(),
    creditsBefore: money('credits_before').notNull(),
    creditsAfter: money('credits_after').notNull(),
    stops: integer('stops').array().notNull(),
    /** grid[reel][row] of symbol ids at rest */
    grid: jsonb('grid').$type<string[][]>().notNull(),
    handPay: boolean('hand_pay').notNull().default(false),
    /**
     * The cabinet's name for the game, where it gives one (an agent's: machine, NVRAM epoch and
     * game number): a game its journal tells again is recorded once.
     */
    gameRef: text('game_ref'),
  },
  (t) => [
    index('slot_spins_session').on(t.sessionId, t.id),
    uniqueIndex('slot_spins_game_ref').on(t.gameRef),
  ],
);

export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A sign-in: the chain of tokens renewed from one /login (claim `sid`). It ends at `ends_at` however
 * often it is renewed, or when `ended_at` is set (logout, too many wrong PINs).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sign_ins_player').on(t.playerId)],
);

/**
 * Sign-in attempts per account (`player:<id>`) or, for a name that matches no one, per typed name
 * (`name:<lowercased>`), so that an unknown name is counted and locked exactly like a real one
 * (GLI-19 §2.5.3).
 */
export const loginAttempts = pgTable('login_attempts', {
  login: text('login').primaryKey(),
  /** failed attempts in the current window */
  failures: integer('failures').notNull(),
  /** attempts reserved whose password is still being checked */
  pending: integer('pending').notNull().default(0),
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

/**
 * Progressive jackpots, one row per level of a brand (e.g. Grand, Major, Mini). Each game on the
 * brand's machines adds a fraction of its bet; the level pays when its value reaches the hidden
 * hit point drawn between seed and must-hit-by at the last reset (a mystery progressive).
 */
export const jackpots = pgTable(
  'jackpots',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    /** hundredths the level restarts from after a hit */
    seedCents: money('seed_cents').notNull(),
    /** hundredths by which it must have hit */
    mustHitByCents: money('must_hit_by_cents').notNull(),
    /** the current value in millionths of a hundredth, so small bets still add their share */
    valueMicros: money('value_micros').notNull(),
    /** hundredths at which the level pays; secret, drawn at each reset */
    hitAtCents: money('hit_at_cents').notNull(),
    /** hits so far: the number of the next hit makes the payment's idempotency key */
    hits: integer('hits').notNull().default(0),
  },
  (t) => [uniqueIndex('jackpots_brand_name').on(t.brandId, t.name)],
);

/** A player's hold on an available machine; one per machine and one per player. */
export const reservations = pgTable('reservations', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => machines.id),
  playerId: integer('player_id')
    .notNull()
    .unique()
    .references(() => players.id),
  /** compared on every read: an expired row is no reservation */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The machine's SAS meters as last mirrored from the cabinet (a real one keeps them in NVRAM),
 * so a restart carries them on and they keep reconciling with the ledger. Money in hundredths.
 */
export const machineMeters = pgTable('machine_meters', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => machines.id),
  coinIn: money('coin_in').notNull(),
  coinOut: money('coin_out').notNull(),
  jackpot: money('jackpot').notNull(),
  handPaid: money('hand_paid').notNull(),
  gamesPlayed: money('games_played').notNull(),
  gamesWon: money('games_won').notNull(),
  transferredIn: money('transferred_in').notNull(),
  transferredOut: money('transferred_out').notNull(),
  progressive: money('progressive').notNull(),
  /** the credit meter when the counted meters were taken, for reconciling at a glance */
  currentCredits: money('current_credits').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The back office's tables (audit log, hand-pay approvals) are in their own file.
export * from './schema-back-office';

/**
 * Which instance owns a machine (its seat, its agent's connection, its players' machine sockets)
 * until `expiresAt`; the owner renews it while the machine's agent is connected to it, and
 * another instance may take it once it has run out (issue #19).
 */
export const machineOwners = pgTable('machine_owners', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => machines.id),
  instanceId: text('instance_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** the lobby status as the owner last derived it, for the other instances' lobbies */
  status: text('status').notNull().default('not_available'),
});

/** The instances of a cluster and where the others reach them; `seenAt` is their heartbeat. */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
