// The machines' names as the lobby shows them, for the session notices (§3). The floor's machines
// are fixed while the server runs, so their names are read once, at the start.
import type { Runner } from '../../db/client';
import { sessionsRepository } from './repository';

export class MachineNames {
  private names = new Map<number, string>();

  async load(db: Runner): Promise<void> {
    this.names = await sessionsRepository.machineNames(db);
  }

  /** The machine's name (its id only for a machine the floor lacks). */
  of(machineId: number): string {
    return this.names.get(machineId) ?? `#${machineId}`;
  }
}
