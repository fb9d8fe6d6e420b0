// Machine agents' credentials and the machines assigned to each (SQL only).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { agents, machines } from '../../db/schema';

export type AgentRow = typeof agents.$inferSelect;

export const agentRepository = {
  async find(tx: Runner, id: string): Promise<AgentRow | null> {
    const [row] = await tx.select().from(agents).where(eq(agents.id, id));
    return row ?? null;
  },

  async list(tx: Runner): Promise<(AgentRow & { machines: number[] })[]> {
    const rows = await tx.select().from(agents).orderBy(agents.id);
    const assigned = await tx
      .select({ id: machines.id, agentId: machines.agentId })
      .from(machines)
      .orderBy(machines.id);
    return rows.map((a) => ({
      ...a,
      machines: assigned.filter((m) => m.agentId === a.id).map((m) => m.id),
    }));
  },

  /** A new agent with the machines it will speak for; answers false when the id is taken. */
  async add(tx: Runner, id: string, secretHash: string, machineIds: number[]): Promise<boolean> {
    const inserted = await tx
      .insert(agents)
      .values({ id, secretHash })
      .onConflictDoNothing()
      .returning({ id: agents.id });
    if (inserted.length === 0) return false;
    if (machineIds.length > 0) {
      await tx.update(machines).set({ agentId: id }).where(inArray(machines.id, machineIds));
    }
    return true;
  },

  /**
   * The agent with this secret and exactly these machines, created or renewed (not revoked): the
   * server's own local agent, provisioned afresh at every start.
   */
  async provision(tx: Runner, id: string, secretHash: string, machineIds: number[]) {
    await tx
      .insert(agents)
      .values({ id, secretHash })
      .onConflictDoUpdate({ target: agents.id, set: { secretHash, revokedAt: null } });
    await tx.update(machines).set({ agentId: null }).where(eq(machines.agentId, id));
    if (machineIds.length > 0) {
      await tx.update(machines).set({ agentId: id }).where(inArray(machines.id, machineIds));
    }
  },

  /** Revoked for good: its machines are no longer its own. Answers false for no such agent. */
  async revoke(tx: Runner, id: string): Promise<boolean> {
    const revoked = await tx
      .update(agents)
      .set({ revokedAt: new Date() })
      .where(and(eq(agents.id, id), isNull(agents.revokedAt)))
      .returning({ id: agents.id });
    if (revoked.length === 0) return false;
    await tx.update(machines).set({ agentId: null }).where(eq(machines.agentId, id));
    return true;
  },

  async assignedMachines(tx: Runner, id: string): Promise<number[]> {
    const rows = await tx
      .select({ id: machines.id })
      .from(machines)
      .where(eq(machines.agentId, id))
      .orderBy(machines.id);
    return rows.map((r) => r.id);
  },

  async existingMachines(tx: Runner, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: machines.id })
      .from(machines)
      .where(inArray(machines.id, ids));
    return rows.map((r) => r.id);
  },
};
