// The per-route rate limits shared by several instances (issue #19, migration 0015):
// modules/cluster/rate-limit-store.ts counts in it.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Hits of one client address on one route in the current window, which ends at resetsAt. */
export const rateLimits = pgTable('rate_limits', {
  /** the route (method and URL) and the client's address */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
