// One queue per machine, shared by everything that changes a machine's seat or money (sessions,
// hand pay, the lobby's status refresh): each runs after every earlier one on that machine, so a
// transfer, a spin's record, a cash-out and a close never interleave.
export class MachineQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Runs fn once every earlier operation on the machine has settled; answers fn's result. */
  run<T>(machineId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(machineId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    // The chain goes on whatever fn did; its failure is the caller's, answered through `next`.
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(machineId, tail);
    void tail.then(() => {
      if (this.tails.get(machineId) === tail) this.tails.delete(machineId);
    });
    return next;
  }

  /** Resolves when everything queued on the machine so far has settled. */
  idle(machineId: number): Promise<void> {
    return (this.tails.get(machineId) ?? Promise.resolve()).then(() => undefined);
  }
}
