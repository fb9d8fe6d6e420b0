// Environment parsed once at start; a wrong value stops the start with a message naming it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );

/** An http(s) origin exactly as a browser sends it in an Origin header. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

/** HS256 keys shorter than the hash (32 bytes) are weaker than the algorithm. */
const MIN_SECRET_BYTES = 32;

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .default(fallback ? 'true' : 'false')
    .transform((s) => s === 'true' || s === '1' || s === 'on');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  /** A sign-in (the tokens renewed from one /login) ends this long after the login, renewed or not. */
  SIGN_IN_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  /** Addresses ICE may use, ours and the browser's; everything else and mDNS names are dropped. */
  ICE_ALLOWED_ADDRESSES: list('127.0.0.1'),
  /**
   * The reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For is believed
   * for the client's address (login limits, the country check, the login log). None by default:
   * a header anyone can send must not choose the address a limit is keyed by.
   */
  TRUST_PROXY: list(''),
  /**
   * Origins other than the server's own from which a player app may call the API and open its
   * sockets (`https://play.example.com`, comma-separated): CORS for exactly these, and the socket
   * handshake's Origin check. Empty: the player app is served by this server (same origin only).
   */
  ALLOWED_ORIGINS: list('').transform((origins, ctx) => {
    for (const origin of origins) {
      if (!isOrigin(origin)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${origin}" is not an origin (scheme://host[:port], nothing after it)`,
        });
      }
    }
    return origins;
  }),
  /** JSON array of RTCIceServer; none unless configured. */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((s, ctx) => {
      try {
        return z
          .array(
            z.object({
              urls: z.union([z.string(), z.array(z.string())]),
              username: z.string().optional(),
              credential: z.string().optional(),
            }),
          )
          .parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
        return z.NEVER;
      }
    }),
  /**
   * The most frames a second a machine's video is drawn at: this box's budget. The rate itself is
   * the settings' FPS (§9), read at every frame; below this it applies, above it this does.
   */
  FLOOR_FPS: z.coerce.number().int().min(1).max(60).default(30),
  /**
   * The floor's cabinets hosted by one machine agent process that the server starts beside itself
   * (`npm start`: the agent protocol end to end on one box). Its secret is new at every start.
   * Off: every machine is simulated in this process, and the local agent's machines come back.
   */
  LOCAL_AGENT: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The media server (Janus, WebSocket API, issue #18): machines' video goes through it, one
   * encode per machine and band for every viewer. Unset: direct video (the embedded default).
   */
  JANUS_URL: z.string().url().optional(),
  /** Janus's api_secret: only this server may use its API (scripts/janus.sh sets it). */
  JANUS_API_SECRET: z.string().min(16).optional(),
  /**
   * TURN for players behind strict NATs: coturn's URLs and its `static-auth-secret`; each player
   * gets credentials of their own valid TURN_TTL_SECONDS, in the join's answer (media/turn.ts).
   */
  TURN_URLS: list(''),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * Several instances on one PostgreSQL (issue #19): socket broadcasts (lobby statuses,
   * jackpots, balances) cross instances through PostgreSQL's NOTIFY (@socket.io/postgres-adapter).
   * Needs DATABASE_URL.
   */
  CLUSTER: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** This instance's name in a cluster (machine leases name it); host and pid when unset. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .default(`${hostname()}-${process.pid}`),
  /**
   * Where the other instances of a cluster reach this one (forwarded machine sockets and
   * requests); http://HOST:PORT when unset.
   */
  INSTANCE_URL: z.string().url().optional(),
  /** The machine ids the local agent hosts; empty: every enabled machine of the floor. */
  LOCAL_AGENT_MACHINES: list('').transform((ids) => ids.map(Number).filter(Number.isInteger)),
  /** Where the video bitrate estimate starts and its ceiling, in kbps (see sdp-bitrate.ts). */
  VIDEO_START_KBPS: z.coerce.number().int().min(100).max(50_000).default(5000),
  VIDEO_MAX_KBPS: z.coerce.number().int().min(100).max(50_000).default(12000),
  /** Stamp each frame's capture time into the machine video (for bench:video); off for players. */
  VIDEO_FRAME_STAMP: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * §8 70000: a machine's video that is not connected and sending frames this long after its
   * offer has failed to start; the player is told and goes back to the lobby, credits kept.
   */
  VIDEO_START_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** How long a dropped player's machine stays held before the credits are cashed out. */
  SESSION_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
  /** A connected player with no touch, press, transfer or spin for this long gets the warning. */
  SESSION_IDLE_MS: z.coerce.number().int().min(1000).default(180_000),
  /** Machines one player may hold open sessions on at once (40925 past it). */
  MAX_SEATS_PER_PLAYER: z.coerce.number().int().min(1).max(100).default(1),
  /** How long a reservation holds an available machine for its player (lobby). */
  RESERVATION_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Spectators one machine takes at once (40926 past it). In direct video each costs its own
   * encode, so a few; through a media server it could be many more.
   */
  SPECTATORS_PER_MACHINE: z.coerce.number().int().min(0).max(10_000).default(8),
  /** How long the first of a machine's wait list has to sit down once it frees (the ready prompt). */
  WAIT_LIST_READY_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** A player in a wait list with no /notice tab open for this long leaves it. */
  WAIT_LIST_AWAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The market's play rules (modules/protection/play-rules.ts): `default`, or `GB` (2.5 s minimum
   * game cycle, no autoplay, net position and session time always on the game screen).
   */
  JURISDICTION: z.enum(['default', 'GB']).default('default'),
  /** Fraction of each bet added to every progressive level of the machine's brand. */
  JACKPOT_CONTRIBUTION: z.coerce.number().min(0).max(0.1).default(0.005),
  /** GLI-19 §2.5.3 lockout: counted failures (10700) lock the name (10702); off answers 10701. */
  LOCKOUT_ENABLED: flag(true),
  LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  LOCKOUT_WINDOW_MINUTES: z.coerce.number().positive().default(30),
  /** May be fractional (tests use a fraction of a minute). */
  LOCKOUT_BLOCK_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(20),
  SIGNAL_RATE_PER_SECOND: z.coerce.number().int().positive().default(60),
  SETTINGS_FILE: z.string().optional(),
  /** The floor file the seed loads (brands, machines, games); default apps/server/floor/floor.json. */
  FLOOR_FILE: z.string().min(1).optional(),
  /** §1 IP check and login (10703): ISO country codes allowed in; empty permits every country. */
  PERMITTED_COUNTRIES: list('').transform((codes) => codes.map((c) => c.toUpperCase())),
  /**
   * The country loopback and private addresses count as (they cannot be located: the venue's own
   * network or a proxy). Empty: always permitted.
   */
  GEO_PRIVATE_COUNTRY: z
    .string()
    .regex(/^([A-Za-z]{2})?$/)
    .default('')
    .transform((c) => c.toUpperCase()),
  /** Addresses or CIDR ranges with a known country, before the GeoIP lookup: `::1=US,10.8.0.0/16=TR`. */
  GEO_ADDRESS_COUNTRIES: list(''),
  PLAYER_DIST: z.string().optional(),
  /** the built staff console (apps/console/dist by default), served under /console */
  CONSOLE_DIST: z.string().optional(),
  /** Who the server becomes when started as root (0 keeps root). Default: nobody. */
  RUN_AS_UID: z.coerce.number().int().min(0).default(65534),
  RUN_AS_GID: z.coerce.number().int().min(0).default(65534),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Wallet: discount = this percentage of the net loss since the last discount claim. */
  DISCOUNT_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Refuse a discount while the balance is at or above DISCOUNT_MIN (of /Settings.json). */
  DISCOUNT_BALANCE_CHECK: flag(true),
  /**
   * Wallet: bonus = this percentage of the UTC day's coin-in (the bets of the player's games),
   * once per UTC day. Keep it below the games' house edge (~5.7 %), or play would pay.
   */
  BONUS_PERCENT: z.coerce.number().min(0).max(100).default(2),
  /** The most one day's bonus pays, in hundredths (50.00); 0 turns the bonus off. */
  BONUS_DAILY_CAP: z.coerce.number().int().min(0).default(5_000),
  /** A win of at least this many hundredths locks the machine for a hand pay (1,200.00). */
  HAND_PAY_LIMIT: z.coerce.number().int().positive().default(120_000),
  /**
   * A hand pay above this many hundredths (5,000.00) is paid only once a second supervisor
   * approves the first one's reset (issue #21); 0: every hand pay needs the second.
   */
  HAND_PAY_APPROVAL_ABOVE: z.coerce.number().int().min(0).default(500_000),
  /** Random faults (door, tilt, offline) per machine-hour on the simulated floor; 0 for none. */
  FAULT_RATE_PER_HOUR: z.coerce.number().min(0).max(3600).default(0.5),
  /** A random fault clears itself after this long. */
  FAULT_CLEAR_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Seed the demo accounts (known passwords, a staff account, funded players) into an empty
   * database. Unset: only the embedded database (no DATABASE_URL) gets them.
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .optional()
    .transform((s) => (s === undefined ? undefined : s === 'true' || s === '1' || s === 'on')),
  /** Group concurrent ledger postings into shared commits (see wallet/ledger.ts). */
  LEDGER_GROUP_COMMIT: flag(true),
  /**
   * The bearer token GET /metrics asks for (docs/metrics.md). Unset: /metrics answers 404, so
   * nothing of the server's figures is out in the open. Long enough that guessing is no way in.
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(16, 'must be at least 16 characters').optional(),
  ),
  /**
   * SIGTERM: how long the drain waits for the games in play to end (and the money already asked
   * for to move) before the meters are written and the sockets closed (modules/lifecycle/drain.ts).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
});

export type Config = Omit<z.infer<typeof envSchema>, 'JWT_SECRET'> & { JWT_SECRET: string };

/** The environment parsed, without touching the disk (no secret generated yet). */
export function parseEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cfg = parseEnv(env);
  return { ...cfg, JWT_SECRET: cfg.JWT_SECRET ?? loadOrCreateSecret(cfg.DATA_DIR) };
}

// A generated secret is kept under DATA_DIR so tokens survive a restart of the embedded server.
// A short key (a file written by hand, or cut off) would make tokens guessable: the start stops.
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  const bytes = Buffer.byteLength(secret);
  if (bytes < MIN_SECRET_BYTES) {
    throw new Error(
      `The token secret in ${file} is ${bytes} bytes; it must be at least ${MIN_SECRET_BYTES} bytes. Delete the file to have a new one generated (tokens issued so far stop working) or set JWT_SECRET.`,
    );
  }
  return secret;
}
