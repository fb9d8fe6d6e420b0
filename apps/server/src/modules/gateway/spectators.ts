// Who watches which machine as a spectator (issue #18), shared by the /machine sockets of one
// app: the cap per machine (SPECTATORS_PER_MACHINE), the live count, and what each machine's
// spectators are told when it changes (`spectate`: the count and the lobby's status, nothing of
// the player). A seat change re-checks the spectators: whoever sits down at a machine they watch
// stops being its spectator, so no socket of a seated player is ever a spectator of its seat.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { MachineStatus } from '@reelcast/protocol/http';
import type { SpectateNotice } from '@reelcast/protocol/machine-socket';
import { AppError } from '../../errors';

/** A spectator socket, as the registry needs it. */
export interface SpectatorSeat {
  readonly playerId: number;
  /** the machine is no longer theirs to watch (they sat down at it) */
  end(code: number): void;
}

export interface SpectatorsDeps {
  max: () => number;
  /** the machine's status as the lobby shows it */
  statusOf(machineId: number): Promise<MachineStatus>;
  /** the player seated at the machine, if any */
  seatedPlayer(machineId: number): number | null;
  /** sends to every spectator socket of the machine */
  tell(machineId: number, notice: SpectateNotice): void;
}

export const watchRoom = (machineId: number) => `watch:${machineId}`;

export class Spectators {
  private readonly byMachine = new Map<number, Set<SpectatorSeat>>();
  private readonly lastStatus = new Map<number, MachineStatus>();

  constructor(private readonly deps: SpectatorsDeps) {}

  count(machineId: number): number {
    return this.byMachine.get(machineId)?.size ?? 0;
  }

  /** Adds a spectator, within the cap (40926); answers the count with them. */
  add(machineId: number, spectator: SpectatorSeat): number {
    let set = this.byMachine.get(machineId);
    if (set?.has(spectator)) return set.size;
    const max = this.deps.max();
    if ((set?.size ?? 0) >= max) throw new AppError(ErrorCode.spectatorsFull, 409, { max });
    if (!set) {
      set = new Set();
      this.byMachine.set(machineId, set);
    }
    set.add(spectator);
    return set.size;
  }

  delete(machineId: number, spectator: SpectatorSeat): void {
    const set = this.byMachine.get(machineId);
    if (!set?.delete(spectator)) return;
    if (set.size === 0) {
      this.byMachine.delete(machineId);
      this.lastStatus.delete(machineId);
    }
    void this.announce(machineId);
  }

  /** What a spectator of the machine is told now. */
  async notice(machineId: number): Promise<SpectateNotice> {
    const status = await this.deps.statusOf(machineId);
    this.lastStatus.set(machineId, status);
    return { machineId, viewers: this.count(machineId), status };
  }

  /** Tells the machine's spectators the count and status as they are now. */
  async announce(machineId: number): Promise<void> {
    if (this.count(machineId) === 0) return;
    this.deps.tell(machineId, await this.notice(machineId));
  }

  /**
   * The machine's seat or reservation changed: a seated player stops spectating it, and the
   * spectators hear the new status (only when it changed: seat events come often).
   */
  async seatChanged(machineId: number): Promise<void> {
    const set = this.byMachine.get(machineId);
    if (!set) return;
    const seated = this.deps.seatedPlayer(machineId);
    for (const spectator of [...set]) {
      if (spectator.playerId === seated) spectator.end(ErrorCode.ownSeat);
    }
    if (this.count(machineId) === 0) return;
    const before = this.lastStatus.get(machineId);
    const status = await this.deps.statusOf(machineId);
    if (status === before) return;
    await this.announce(machineId);
  }
}
