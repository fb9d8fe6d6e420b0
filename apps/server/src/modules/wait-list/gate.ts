// The wait list's say in who may sit down at a free machine: while a machine has a wait list,
// only its first in line may open a new session there (40921, as a reservation answers). Asked by
// the seats' join check inside the machine's queue, so nobody slips in between the session's end
// and the ready prompt's hold. Built with the seats; the wait list sets who is first: a copy of
// its table's first in line, read again on each change here and on each change another instance
// tells of (the check is synchronous, asked inside the seats' rule).
import { ErrorCode } from '@reelcast/protocol/codes';
import { AppError } from '../../errors';

export class WaitListGate {
  private readonly first = new Map<number, number>();

  /** The machine's first in line, or null when its wait list is empty. */
  set(machineId: number, playerId: number | null): void {
    if (playerId === null) this.first.delete(machineId);
    else this.first.set(machineId, playerId);
  }

  /** Throws unless the player may take the machine's free seat as far as the wait list goes. */
  check(playerId: number, machineId: number): void {
    const first = this.first.get(machineId);
    if (first !== undefined && first !== playerId) {
      throw new AppError(ErrorCode.machineReserved, 409, { waitList: true });
    }
  }
}
