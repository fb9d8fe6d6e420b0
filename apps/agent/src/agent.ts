// A machine agent: hosts cabinets and dials out to the server's /agent namespace with its own
// id and secret (the agent protocol, packages/protocol agent.ts). On every (re)connection it says
// hello with each cabinet's state, meters and pending hand pay; it answers commands from its
// cabinets (each once per request id, written to NVRAM first), and sends their events, meter
// snapshots and heartbeats. socket.io reconnects it with back-off when the link drops.
import { games } from '@reelcast/egm';
import {
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentHelloAnswer,
  agentCommand,
  type CabinetEvent,
} from '@reelcast/protocol/agent';
import { io, type Socket } from 'socket.io-client';
import { Cabinet } from './cabinet';
import { Nvram } from './nvram';

export interface AgentOptions {
  serverUrl: string;
  agentId: string;
  secret: string;
  /** the NVRAM file (kept across restarts of the agent) */
  nvramFile: string;
  cabinets: { machineId: number; game: string }[];
  handPayLimit?: number;
  /** meter snapshots every this many ms (SAS long poll) */
  metersEveryMs?: number;
  log?: (msg: string, extra?: object) => void;
}

export class MachineAgent {
  readonly cabinets = new Map<number, Cabinet>();
  readonly socket: Socket;
  private readonly timers: NodeJS.Timeout[] = [];
  /** the server's answer to the latest hello */
  hello: Promise<AgentHelloAnswer>;
  private greeted!: (a: AgentHelloAnswer) => void;

  constructor(opts: AgentOptions) {
    const nvram = new Nvram(opts.nvramFile);
    const log = opts.log ?? (() => {});
    for (const { machineId, game } of opts.cabinets) {
      const definition = games[game];
      if (!definition) throw new Error(`machine ${machineId}: no game ${game}`);
      const send = (seq: number, event: CabinetEvent) =>
        this.socket.connected && this.socket.emit('event', { machineId, seq, event });
      this.cabinets.set(
        machineId,
        new Cabinet(machineId, definition, nvram, send, {
          ...(opts.handPayLimit !== undefined ? { handPayLimit: opts.handPayLimit } : {}),
        }),
      );
    }
    this.hello = new Promise((resolve) => {
      this.greeted = resolve;
    });
    this.socket = io(`${opts.serverUrl}${AGENT_NAMESPACE}`, {
      transports: ['websocket'],
      auth: { agentId: opts.agentId, secret: opts.secret, version: AGENT_PROTOCOL_VERSION },
      reconnectionDelayMax: 5000,
    });
    this.socket.on('connect', () => {
      this.hello = this.sayHello();
      this.hello.then(this.greeted, (e) => log('hello failed', { err: String(e) }));
    });
    this.socket.on('connect_error', (e: Error & { data?: unknown }) =>
      log('connection refused', { reason: e.message, data: e.data }),
    );
    this.socket.on('bye', (b: { reason?: string }) => log('server ended the connection', b));
    this.socket.on('command', (payload: unknown, ack?: (a: unknown) => void) => {
      const parsed = agentCommand.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, requestId: 'malformed', reason: 'malformed' });
      const cabinet = this.cabinets.get(parsed.data.machineId);
      if (!cabinet) {
        return ack?.({ ok: false, requestId: parsed.data.requestId, reason: 'not hosted here' });
      }
      ack?.(cabinet.command(parsed.data));
    });
    // Reels stop and autoplay goes on whether or not anyone watches.
    this.timers.push(setInterval(() => this.tick(), 50));
    this.timers.push(
      setInterval(() => this.sendMeters(), opts.metersEveryMs ?? 5000),
      setInterval(() => this.socket.emit('heartbeat', { at: Date.now() }), 10_000),
    );
  }

  private async sayHello(): Promise<AgentHelloAnswer> {
    const answer = await this.socket.timeout(10_000).emitWithAck('hello', {
      pid: process.pid,
      software: 'reelcast-agent 0',
      cabinets: [...this.cabinets.values()].map((c) => c.hello()),
    });
    return answer as AgentHelloAnswer;
  }

  private tick(): void {
    for (const c of this.cabinets.values()) c.tick();
  }

  private sendMeters(): void {
    if (!this.socket.connected) return;
    for (const c of this.cabinets.values()) {
      this.socket.emit('meters', { machineId: c.machineId, meters: c.egm.meters });
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.socket.disconnect();
  }
}
