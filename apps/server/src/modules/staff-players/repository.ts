// SQL of the back office's players: player accounts only (role 'user'); a staff account is never
// found here, so nothing of the players' routes reaches one.
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { players } from '../../db/schema';

export type PlayerRow = typeof players.$inferSelect;

const isPlayer = eq(players.role, 'user');

/** `q` inside a LIKE pattern, its own % and _ taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const staffPlayerRepository = {
  async search(
    tx: Runner,
    f: { q?: string | undefined; banned?: boolean | undefined },
    limit: number,
    offset: number,
  ): Promise<{ items: PlayerRow[]; total: number }> {
    const parts: SQL[] = [isPlayer];
    if (f.q) {
      const like = contains(f.q);
      const byText = or(
        ilike(players.username, like),
        ilike(players.email, like),
        ilike(players.name, like),
        ilike(players.lastname, like),
        ilike(players.displayName, like),
      )!;
      parts.push(/^\d{1,9}$/.test(f.q) ? or(byText, eq(players.id, Number(f.q)))! : byText);
    }
    if (f.banned !== undefined) parts.push(eq(players.banned, f.banned));
    const where = and(...parts);
    const [items, [counted]] = await Promise.all([
      tx
        .select()
        .from(players)
        .where(where)
        .orderBy(desc(players.lastLogon), players.id)
        .limit(limit)
        .offset(offset),
      tx.select({ total: count() }).from(players).where(where),
    ]);
    return { items, total: counted?.total ?? 0 };
  },

  /** The player, locked for the change about to be made when `forUpdate`. */
  async byId(tx: Runner, id: number, forUpdate = false): Promise<PlayerRow | null> {
    const query = tx
      .select()
      .from(players)
      .where(and(eq(players.id, id), isPlayer));
    const rows = forUpdate ? await query.for('update') : await query;
    return rows[0] ?? null;
  },

  /** The default PIN back, as a new account has it (the lock's help text names it). */
  async resetPin(tx: Runner, id: number, pinHash: string): Promise<void> {
    await tx
      .update(players)
      .set({ pinHash, pinChangedAt: null, pinFailures: 0, pinLockedAt: null })
      .where(and(eq(players.id, id), isPlayer));
  },

  async setAccess(
    tx: Runner,
    id: number,
    access: { permissions: number[]; group: string; type: string },
  ): Promise<void> {
    await tx
      .update(players)
      .set(access)
      .where(and(eq(players.id, id), isPlayer));
  },

  /** Whether a player account exists (staff accounts are not players). */
  async exists(tx: Runner, id: number): Promise<boolean> {
    const rows = await tx
      .select({ one: sql<number>`1` })
      .from(players)
      .where(and(eq(players.id, id), isPlayer));
    return rows.length > 0;
  },
};
