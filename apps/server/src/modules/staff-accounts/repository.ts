// SQL of staff accounts: the rows of players whose role is a staff role.
import { type StaffRole, staffRoles } from '@reelcast/protocol/log-types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { players } from '../../db/schema';

export type StaffRow = typeof players.$inferSelect;

export const staffRepository = {
  async all(tx: Runner): Promise<StaffRow[]> {
    return tx
      .select()
      .from(players)
      .where(inArray(players.role, [...staffRoles]))
      .orderBy(players.username);
  },

  async byId(tx: Runner, id: number): Promise<StaffRow | null> {
    const rows = await tx
      .select()
      .from(players)
      .where(and(eq(players.id, id), inArray(players.role, [...staffRoles])));
    return rows[0] ?? null;
  },

  /** A new account; null when the username or e-mail is taken. */
  async create(
    tx: Runner,
    a: {
      username: string;
      email: string;
      name: string;
      lastname: string;
      role: StaffRole;
      passwordHash: string;
      pinHash: string;
    },
  ): Promise<StaffRow | null> {
    const rows = await tx
      .insert(players)
      .values({ ...a, type: 'operator', group: 'staff' })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  },

  /** Role and ban; a ban or a role change revokes every token issued so far. */
  async setRole(tx: Runner, id: number, role: StaffRole, banned: boolean): Promise<StaffRow> {
    const rows = await tx
      .update(players)
      .set({ role, banned, tokenVersion: sql`${players.tokenVersion} + 1` })
      .where(eq(players.id, id))
      .returning();
    return rows[0]!;
  },
};
