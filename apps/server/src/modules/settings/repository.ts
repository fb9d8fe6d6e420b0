// SQL of the console's settings: one row per key an admin set. Values go in and come out as JSON
// text, so a string that reads as JSON ("123") stays a string on PGlite and PostgreSQL alike.
import { eq, sql } from 'drizzle-orm';
import type { Runner, Tx } from '../../db/client';
import { settingsOverrides } from '../../db/schema-settings';
import type { ConsoleValue } from './settings-store';

const columns = {
  key: settingsOverrides.key,
  json: sql<string>`${settingsOverrides.value}::text`,
  updatedBy: settingsOverrides.updatedBy,
  updatedAt: settingsOverrides.updatedAt,
};

const parsed = ({
  json,
  ...row
}: { json: string } & Omit<ConsoleValue, 'value'>): ConsoleValue => ({
  ...row,
  value: JSON.parse(json),
});

export const settingsRepository = {
  async all(tx: Runner): Promise<ConsoleValue[]> {
    const rows = await tx.select(columns).from(settingsOverrides).orderBy(settingsOverrides.key);
    return rows.map(parsed);
  },

  /**
   * Holds every other change of the console's settings until `tx` ends, so the value before a
   * change (for the audit log) is the one it replaced. Reads go on; changes are rare.
   */
  async lock(tx: Tx): Promise<void> {
    await tx.execute(sql`LOCK TABLE ${settingsOverrides} IN SHARE ROW EXCLUSIVE MODE`);
  },

  async byKey(tx: Runner, key: string): Promise<ConsoleValue | null> {
    const rows = await tx
      .select(columns)
      .from(settingsOverrides)
      .where(eq(settingsOverrides.key, key));
    return rows[0] ? parsed(rows[0]) : null;
  },

  async put(tx: Runner, key: string, value: unknown, by: string): Promise<void> {
    const json = sql`${JSON.stringify(value)}::jsonb`;
    await tx
      .insert(settingsOverrides)
      .values({ key, value: json, updatedBy: by, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: settingsOverrides.key,
        set: { value: json, updatedBy: by, updatedAt: sql`now()` },
      });
  },

  async remove(tx: Runner, key: string): Promise<void> {
    await tx.delete(settingsOverrides).where(eq(settingsOverrides.key, key));
  },
};
