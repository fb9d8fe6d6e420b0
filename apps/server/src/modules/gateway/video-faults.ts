// Machines whose video staff have marked as broken (renderer or encoder down): every new video
// on them fails to start, as a real cabinet's capture card would, so the 70000 path can be seen
// and rehearsed on the simulated floor. Cleared by staff; nothing else about the machine changes.
export class VideoFaults {
  private readonly machines = new Set<number>();

  set(machineId: number, active: boolean): void {
    if (active) this.machines.add(machineId);
    else this.machines.delete(machineId);
  }

  has(machineId: number): boolean {
    return this.machines.has(machineId);
  }
}
