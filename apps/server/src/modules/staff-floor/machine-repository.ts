// SQL of a machine's service state for the back office: staff take it out of service and back.
import { eq } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { machines } from '../../db/schema';

export const machineServiceRepository = {
  /** Answers whether it was enabled before; null for no such machine. Locks the row. */
  async setEnabled(tx: Runner, id: number, enabled: boolean): Promise<boolean | null> {
    const [row] = await tx
      .select({ enabled: machines.enabled })
      .from(machines)
      .where(eq(machines.id, id))
      .for('update');
    if (!row) return null;
    await tx.update(machines).set({ enabled }).where(eq(machines.id, id));
    return row.enabled;
  },
};
