// The machine floor: one agent per enabled machine. In the embedded default every agent is a
// simulated cabinet in this process; a machine assigned to a machine agent (agents table) is that
// agent's cabinet, driven over the agent protocol (agents/remote-cabinet.ts).
import { games } from '@reelcast/egm';
import type { FloorFile } from '@reelcast/protocol/floor';
import { RemoteCabinet } from '../agents/remote-cabinet';
import type { FloorAgent } from './agent';
import type { SavedMeters } from './meter-store';
import { SimulatedAgent } from './simulated-agent';

export interface FloorMachine {
  id: number;
  game: string;
  /** the name on its screen's title plate (the machine's name); none: the game's */
  title?: string;
  /** its screen's look (packages/egm looks); none: the game's own */
  look?: string;
  /** its meters as saved when the server last stopped; none for a machine never played */
  meters?: SavedMeters;
  /** the machine agent hosting it (agents.id); none: simulated in this process */
  agentId?: string | null;
}

/**
 * How each machine of the floor file shows on its screen, by machine name: its title (the name,
 * or the file's `title`) and look. Read from the file at every start, not stored: a look is
 * presentation, so a floor file may change it without a new revision (decisions.md, Floor file).
 */
export function screensOf(file: FloorFile): Map<string, Pick<FloorMachine, 'title' | 'look'>> {
  return new Map(
    file.machines.map((m) => [
      m.name,
      { title: m.title ?? m.name, ...(m.look !== undefined ? { look: m.look } : {}) },
    ]),
  );
}

export class Floor {
  private readonly agents = new Map<number, FloorAgent>();
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    machines: FloorMachine[],
    /** frames a second of the machines' video; a function is read at every frame */
    fps: number | (() => number),
    opts: { frameStamp?: boolean; handPayLimit?: number } = {},
  ) {
    for (const m of machines) {
      if (m.agentId) {
        this.agents.set(
          m.id,
          new RemoteCabinet(m.id, { title: m.title ?? `#${m.id}`, look: m.look }),
        );
        continue;
      }
      const game = games[m.game] ?? Object.values(games)[0]!;
      this.agents.set(
        m.id,
        new SimulatedAgent(m.id, game, fps, {
          stamp: opts.frameStamp,
          handPayLimit: opts.handPayLimit,
          meters: m.meters,
          screen: { title: m.title, look: m.look },
        }),
      );
    }
    // Reels must stop and autoplay go on even while nobody watches; rendering does not.
    this.ticker = setInterval(() => {
      for (const a of this.agents.values()) if (a instanceof SimulatedAgent) a.tick();
    }, 50);
    this.ticker.unref();
  }

  agent(machineId: number): FloorAgent | undefined {
    return this.agents.get(machineId);
  }

  all(): IterableIterator<FloorAgent> {
    return this.agents.values();
  }

  get size(): number {
    return this.agents.size;
  }

  /**
   * Agents whose link is up: every cabinet has its own agent (agent.ts), and one off line (its
   * SAS link or the box beside it not answering) is not connected. The simulated floor's agents
   * are in this process, connected unless taken off line (a fault, staff, the fault scheduler).
   */
  connectedAgents(): number {
    let connected = 0;
    for (const a of this.agents.values()) if (a.status !== 'offline') connected++;
    return connected;
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    for (const a of this.agents.values()) a.stop();
  }
}
