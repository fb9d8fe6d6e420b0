// The wait lists of busy machines (issue #18), in a table since several instances share them
// (issue #19, migration 0014): modules/wait-list/repository.ts reads and writes it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { machines, players } from './schema';

/** A player waiting for a busy machine; one row per player, in order of joinedAt then id. */
export const waitListEntries = pgTable(
  'wait_list_entries',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .unique()
      .references(() => players.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** the ready prompt's end, for the first in line who has it; null while waiting */
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
  },
  (t) => [
    index('wait_list_entries_order').on(t.machineId, t.joinedAt, t.id),
    uniqueIndex('wait_list_entries_one_offer')
      .on(t.machineId)
      .where(sql`${t.offeredUntil} is not null`),
  ],
);
