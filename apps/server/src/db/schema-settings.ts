// The settings an admin set from the console (issue #21, migration 0012): one row per §9 key,
// laid over the defaults and the operator's SETTINGS_FILE (modules/settings/settings-store.ts).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const settingsOverrides = pgTable('settings_overrides', {
  key: text('key').primaryKey(),
  /** checked against the key's schema before it is stored, and again when read */
  value: jsonb('value').notNull(),
  /** the staff username that set it */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
