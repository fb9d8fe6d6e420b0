// The per-route HTTP rate limits of several instances (issue #19): a store for @fastify/rate-limit
// that counts in PostgreSQL (rate_limits), so every instance adds to one count per route and client
// address, and a restart forgets none. With one instance the library's in-memory store is used.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Runner } from '../../db/client';
import { rateLimits } from '../../db/schema-rate-limits';

/** A client's count on a route as @fastify/rate-limit reads it: hits, and ms until the reset. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

const msLeft = sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000))::int`;

export const rateLimitRepository = {
  /**
   * One hit, in one statement: a new key, or one whose window has ended, starts a window of
   * `windowMs` at 1; otherwise its count goes up by one. Two instances' hits on one key wait for
   * each other's row lock, so none is lost and no read-then-write race lets one more through.
   */
  async hit(tx: Runner, key: string, windowMs: number): Promise<RateLimitCount> {
    const ended = sql`${rateLimits.resetsAt} <= now()`;
    const rows = await tx
      .insert(rateLimits)
      .values({ key, hits: 1, resetsAt: sql`now() + ${`${windowMs} milliseconds`}::interval` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
          resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
        },
      })
      .returning({ current: rateLimits.hits, ttl: msLeft.mapWith(Number) });
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    return row;
  },

  /** The count without a hit; 0 when the key has none or its window has ended. */
  async read(tx: Runner, key: string): Promise<RateLimitCount> {
    const rows = await tx
      .select({ current: rateLimits.hits, ttl: msLeft.mapWith(Number) })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetsAt} > now()`);
    return rows[0] ?? { current: 0, ttl: 0 };
  },

  /** Rows whose window has ended: the next hit would restart them anyway. */
  async deleteEnded(tx: Runner): Promise<number> {
    const rows = await tx
      .delete(rateLimits)
      .where(sql`${rateLimits.resetsAt} <= now()`)
      .returning({ key: rateLimits.key });
    return rows.length;
  },
};

/** What the library hands `child()`: the route's merged limits, with the route in routeInfo. */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

export interface SharedRateLimits {
  /** for `store` in @fastify/rate-limit's options */
  Store: FastifyRateLimitStoreCtor;
  /** Stops the sweep of ended windows and waits for one under way. */
  stop(): Promise<void>;
}

/**
 * The store class over `db`, and a sweep of ended windows every `sweepMs`. A failed hit is logged
 * and passed on as an error: the plugin sets `skipOnError`, so the request goes through.
 */
export function sharedRateLimits(
  db: Runner,
  log: FastifyBaseLogger,
  sweepMs = 60_000,
): SharedRateLimits {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** the route's part of each key; empty in the root store, which counts nothing itself */
    private readonly route: string;

    constructor(_options: unknown, route = '') {
      this.route = route;
    }

    incr(
      key: string,
      cb: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      rateLimitRepository.hit(db, `${this.route}${key}`, timeWindow).then(
        (count) => cb(null, count),
        (err: Error) => {
          // The address is not logged: the route is enough to find the failure.
          log.warn({ err, route: this.route }, 'rate limit not counted: request let through');
          cb(err);
        },
      );
    }

    read(key: string, cb: (error: Error | null, result?: RateLimitCount) => void): void {
      rateLimitRepository.read(db, `${this.route}${key}`).then(
        (count) => cb(null, count),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const params = routeOptions as ChildParams;
      // The window here only ever restarts when it has ended; these would need it otherwise.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error('the shared rate-limit store does not do continueExceeding or backoff');
      }
      const { method = '', url = '' } = params.routeInfo ?? {};
      return new PostgresRateLimitStore(null, `${String(method)}${url}-`);
    }
  }

  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = rateLimitRepository.deleteEnded(db).then(
      () => {},
      (err: unknown) => log.warn({ err }, 'ended rate-limit windows not deleted'),
    );
  }, sweepMs);
  // The sweep alone never keeps a process alive (a test or a CLI script that builds the app).
  timer.unref();

  return {
    Store: PostgresRateLimitStore,
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
