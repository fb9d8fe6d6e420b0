import { and, eq } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { slotSessions } from '../../db/schema';

export type SlotSession = typeof slotSessions.$inferSelect;

export const sessionsRepository = {
  async openForMachine(tx: Runner, machineId: number): Promise<SlotSession | null> {
    const rows = await tx
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.machineId, machineId), eq(slotSessions.status, 'open')));
    return rows[0] ?? null;
  },

  async allOpen(tx: Runner): Promise<SlotSession[]> {
    return tx.select().from(slotSessions).where(eq(slotSessions.status, 'open'));
  },

  async create(tx: Runner, playerId: number, machineId: number): Promise<SlotSession> {
    const rows = await tx.insert(slotSessions).values({ playerId, machineId }).returning();
    return rows[0]!;
  },

  async setCredits(tx: Runner, id: number, credits: number): Promise<void> {
    await tx.update(slotSessions).set({ credits }).where(eq(slotSessions.id, id));
  },

  async close(tx: Runner, id: number): Promise<void> {
    await tx
      .update(slotSessions)
      .set({ status: 'closed', closedAt: new Date(), credits: 0 })
      .where(and(eq(slotSessions.id, id), eq(slotSessions.status, 'open')));
  },
};
