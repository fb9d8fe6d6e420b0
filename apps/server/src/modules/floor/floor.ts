// The machine floor: one agent per enabled machine. In the embedded default every agent is a
// simulated cabinet in this process.
import { games } from '@reelcast/egm';
import type { MachineAgent } from './agent';
import type { SavedMeters } from './meter-store';
import { SimulatedAgent } from './simulated-agent';

export interface FloorMachine {
  id: number;
  game: string;
  /** its meters as saved when the server last stopped; none for a machine never played */
  meters?: SavedMeters;
}

export class Floor {
  private readonly agents = new Map<number, MachineAgent>();
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    machines: FloorMachine[],
    fps: number,
    opts: { frameStamp?: boolean; handPayLimit?: number } = {},
  ) {
    for (const m of machines) {
      const game = games[m.game] ?? Object.values(games)[0]!;
      this.agents.set(
        m.id,
        new SimulatedAgent(m.id, game, fps, opts.frameStamp, opts.handPayLimit, m.meters),
      );
    }
    // Reels must stop and autoplay go on even while nobody watches; rendering does not.
    this.ticker = setInterval(() => {
      for (const a of this.agents.values()) if (a instanceof SimulatedAgent) a.tick();
    }, 50);
    this.ticker.unref();
  }

  agent(machineId: number): MachineAgent | undefined {
    return this.agents.get(machineId);
  }

  all(): IterableIterator<MachineAgent> {
    return this.agents.values();
  }

  get size(): number {
    return this.agents.size;
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    for (const a of this.agents.values()) a.stop();
  }
}
