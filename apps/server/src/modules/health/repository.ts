// SQL of the readiness probe: the database answers, and which migrations it has applied.
import { sql } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Runner } from '../../db/client';

/**
 * drizzle's own record of the migrations it applied (drizzle-orm's migrator writes it). Kept
 * here, not in db/schema.ts, so drizzle-kit never takes it for one of our tables.
 */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

export const healthRepository = {
  async ping(tx: Runner): Promise<void> {
    await tx.execute(sql`select 1`);
  },

  /** Each applied migration's hash and its journal time (`when`), oldest first. */
  async appliedMigrations(tx: Runner): Promise<Array<{ hash: string; createdAt: number | null }>> {
    return tx
      .select({ hash: appliedMigrations.hash, createdAt: appliedMigrations.createdAt })
      .from(appliedMigrations)
      .orderBy(appliedMigrations.createdAt);
  },
};
