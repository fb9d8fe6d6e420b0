// The agents connected now, and which cabinets each speaks for. A second connection with the same
// agent id replaces the first (an agent that restarted before its old socket timed out).
import type { AgentHello } from '@reelcast/protocol/agent';

export interface ConnectedAgent {
  id: string;
  pid: number;
  software: string;
  /** the cabinets it hosts that are assigned to it */
  cabinets: number[];
  connectedAt: string;
  /** ends the connection (a replaced or revoked agent) */
  disconnect(reason: string): void;
}

export class AgentRegistry {
  private readonly connected = new Map<string, ConnectedAgent>();

  /** Takes the agent on; answers the connection it replaces, if any, already told to go. */
  connect(agent: ConnectedAgent): ConnectedAgent | null {
    const before = this.connected.get(agent.id) ?? null;
    this.connected.set(agent.id, agent);
    before?.disconnect('replaced by a new connection of the same agent');
    return before;
  }

  /** The connection has ended; a newer one of the same agent stays. */
  disconnected(agent: ConnectedAgent): void {
    if (this.connected.get(agent.id) === agent) this.connected.delete(agent.id);
  }

  hello(agent: ConnectedAgent, hello: AgentHello, assigned: number[]) {
    const own = new Set(assigned);
    const named = hello.cabinets.map((c) => c.machineId);
    agent.pid = hello.pid;
    agent.software = hello.software;
    agent.cabinets = named.filter((id) => own.has(id));
    return { accepted: agent.cabinets, refused: named.filter((id) => !own.has(id)) };
  }

  /** Whether this connection (still the agent's current one) speaks for the machine. */
  speaksFor(agent: ConnectedAgent, machineId: number): boolean {
    return this.connected.get(agent.id) === agent && agent.cabinets.includes(machineId);
  }

  revoke(id: string): void {
    this.connected.get(id)?.disconnect('agent revoked');
  }

  /** For /healthz: who is connected, with which cabinets. */
  list(): { id: string; pid: number; cabinets: number[]; connectedAt: string }[] {
    return [...this.connected.values()].map(({ id, pid, cabinets, connectedAt }) => ({
      id,
      pid,
      cabinets,
      connectedAt,
    }));
  }

  get size(): number {
    return this.connected.size;
  }
}
