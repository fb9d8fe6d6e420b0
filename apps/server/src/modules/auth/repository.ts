import { eq, or } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { players } from '../../db/schema';

export type Player = typeof players.$inferSelect;

export const authRepository = {
  async findByLogin(tx: Runner, login: string): Promise<Player | null> {
    const rows = await tx
      .select()
      .from(players)
      .where(or(eq(players.username, login), eq(players.email, login.toLowerCase())));
    return rows[0] ?? null;
  },

  async findById(tx: Runner, id: number): Promise<Player | null> {
    const rows = await tx.select().from(players).where(eq(players.id, id));
    return rows[0] ?? null;
  },

  async recordLogon(tx: Runner, id: number, ip: string): Promise<void> {
    await tx
      .update(players)
      .set({ lastLogon: new Date(), lastLogonIp: ip })
      .where(eq(players.id, id));
  },
};
