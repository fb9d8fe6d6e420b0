import { eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { brands, machines } from '../../db/schema';

export type MachineRow = typeof machines.$inferSelect & { brandName: string | null };

export const lobbyRepository = {
  async brandsWithCounts(tx: Runner) {
    return tx
      .select({
        id: brands.id,
        name: brands.name,
        image: brands.image,
        machineCount: sql<number>`count(${machines.id})::int`,
      })
      .from(brands)
      .leftJoin(machines, eq(machines.brandId, brands.id))
      .groupBy(brands.id)
      .orderBy(brands.name);
  },

  async machines(tx: Runner): Promise<MachineRow[]> {
    const rows = await tx
      .select({ machine: machines, brandName: brands.name })
      .from(machines)
      .leftJoin(brands, eq(brands.id, machines.brandId))
      .orderBy(machines.id);
    return rows.map((r) => ({ ...r.machine, brandName: r.brandName }));
  },

  async machine(tx: Runner, id: number): Promise<MachineRow | null> {
    const rows = await tx
      .select({ machine: machines, brandName: brands.name })
      .from(machines)
      .leftJoin(brands, eq(brands.id, machines.brandId))
      .where(eq(machines.id, id));
    const r = rows[0];
    return r ? { ...r.machine, brandName: r.brandName } : null;
  },
};
