// Which machine sockets act for which slot session. When a session ends, however it ends, every
// socket bound to it is released at once (see MachineConnection.release), so nothing a socket
// kept open after its seat can reach the machine or its next player.

/** A socket bound to a seat. */
export interface SeatHolder {
  release(): void;
}

export class SeatBindings {
  private readonly bySession = new Map<number, Set<SeatHolder>>();

  bind(sessionId: number, holder: SeatHolder): void {
    let holders = this.bySession.get(sessionId);
    if (!holders) {
      holders = new Set();
      this.bySession.set(sessionId, holders);
    }
    holders.add(holder);
  }

  unbind(sessionId: number, holder: SeatHolder): void {
    const holders = this.bySession.get(sessionId);
    if (!holders) return;
    holders.delete(holder);
    if (holders.size === 0) this.bySession.delete(sessionId);
  }

  /** The session ended: every socket bound to it lets go. */
  releaseAll(sessionId: number): void {
    for (const holder of [...(this.bySession.get(sessionId) ?? [])]) holder.release();
    this.bySession.delete(sessionId);
  }

  /** Sockets bound to the session now (tests and /healthz read it). */
  count(sessionId: number): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }
}
