// SQL of the lobby's brands and machines. Their lists are read on most requests and prepared
// once (db/prepared.ts), on the database; one machine is read in any transaction.
import { eq, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { brands, machines } from '../../db/schema';

export type MachineRow = typeof machines.$inferSelect & { brandName: string | null };

const brandsWithCountsQuery = preparedOn((db) =>
  db
    .select({
      id: brands.id,
      name: brands.name,
      image: brands.image,
      machineCount: sql<number>`count(${machines.id})::int`,
    })
    .from(brands)
    .leftJoin(machines, eq(machines.brandId, brands.id))
    .groupBy(brands.id)
    .orderBy(brands.name)
    .prepare('lobby_brands'),
);

const machinesQuery = preparedOn((db) =>
  db
    .select({ machine: machines, brandName: brands.name })
    .from(machines)
    .leftJoin(brands, eq(brands.id, machines.brandId))
    .orderBy(machines.id)
    .prepare('lobby_machines'),
);

export const lobbyRepository = {
  async brandsWithCounts(db: Db) {
    return brandsWithCountsQuery(db).execute();
  },

  async machines(db: Db): Promise<MachineRow[]> {
    const rows = await machinesQuery(db).execute();
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
