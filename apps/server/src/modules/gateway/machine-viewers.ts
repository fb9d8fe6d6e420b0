// The /machine sockets of one app, so the viewers of each machine (its open video peer
// connections) can be counted when the metrics are read, rather than kept in step by hand with
// every way a peer connection opens, is replaced, fails or closes.

/** A /machine socket: the machine whose video it has open now, or null. */
export interface Viewer {
  viewing(): number | null;
}

export class MachineViewers {
  private readonly sockets = new Set<Viewer>();

  add(viewer: Viewer): void {
    this.sockets.add(viewer);
  }

  delete(viewer: Viewer): void {
    this.sockets.delete(viewer);
  }

  /** Open video peer connections per machine, now; machines nobody watches are absent. */
  byMachine(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const socket of this.sockets) {
      const machineId = socket.viewing();
      if (machineId !== null) counts.set(machineId, (counts.get(machineId) ?? 0) + 1);
    }
    return counts;
  }
}
