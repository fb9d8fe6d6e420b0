// A machine agent: hosts cabinets and dials out to the server's /agent namespace with its own
// id and secret (the agent protocol, packages/protocol agent.ts). On every (re)connection it says
// hello with each cabinet's state, meters and pending hand pay; it answers commands from its
// cabinets (each once per request id, written to NVRAM first), and sends their events, meter
// snapshots and heartbeats. After each hello's answer it tells every game of the cabinets'
// journals (ended, not yet said recorded by the server), and again any left unanswered. It sends each cabinet's video to its viewers itself (video.ts), the
// server relaying the signalling. socket.io reconnects it with back-off when the link drops.
import { games } from '@reelcast/egm';
import {
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentHelloAnswer,
  agentCommand,
  type CabinetEvent,
  gamesRecorded,
  videoSignalToAgent,
  videoStart,
  videoStop,
} from '@reelcast/protocol/agent';
import { io, type Socket } from 'socket.io-client';
import { Cabinet } from './cabinet';
import { Nvram } from './nvram';
import { CabinetVideo } from './video';

export interface AgentOptions {
  serverUrl: string;
  agentId: string;
  secret: string;
  /** the NVRAM directory, one file per cabinet (kept across restarts of the agent) */
  nvramDir: string;
  /** an earlier agent's single NVRAM file, moved into the directory at start if it is there */
  legacyNvramFile?: string;
  cabinets: { machineId: number; game: string }[];
  handPayLimit?: number;
  /** meter snapshots every this many ms (SAS long poll) */
  metersEveryMs?: number;
  log?: (msg: string, extra?: object) => void;
  /** NVRAM refused a write: a cabinet that cannot remember must not go on (main.ts exits) */
  onNvramFailure?: (e: unknown) => void;
}

/** Events held while there is no link, at most (autoplay stops with the link, so few come). */
const HELD_EVENTS_MAX = 10_000;
/**
 * A journal game told this long ago and not yet said recorded is told again (its record failed
 * on a server that stayed up); checked as often.
 */
const JOURNAL_RESEND_MS = 30_000;

export class MachineAgent {
  readonly cabinets = new Map<number, Cabinet>();
  /** each cabinet's video, set up at the first hello (the server says how) */
  readonly videos = new Map<number, CabinetVideo>();
  readonly socket: Socket;
  private readonly timers: NodeJS.Timeout[] = [];
  /** the server's answer to the latest hello */
  hello: Promise<AgentHelloAnswer>;
  private greeted!: (a: AgentHelloAnswer) => void;
  /** the server answered this connection's hello: it takes the cabinets' events */
  private linked = false;
  /**
   * Events of the cabinets while there was no link (or no answered hello yet), in order: a game
   * that ends while the server is away (restarting, or the network cut) is told once it is back,
   * so its slot session records it. Sent at most once, like every event.
   */
  private held: { machineId: number; seq: number; event: CabinetEvent }[] = [];

  constructor(opts: AgentOptions) {
    const nvram = new Nvram(opts.nvramDir, opts.legacyNvramFile);
    const log = opts.log ?? (() => {});
    for (const { machineId, game } of opts.cabinets) {
      const definition = games[game];
      if (!definition) throw new Error(`machine ${machineId}: no game ${game}`);
      const send = (seq: number, event: CabinetEvent) => this.sendEvent(machineId, seq, event);
      this.cabinets.set(
        machineId,
        new Cabinet(machineId, definition, nvram, send, {
          ...(opts.handPayLimit !== undefined ? { handPayLimit: opts.handPayLimit } : {}),
          ...(opts.onNvramFailure ? { onNvramFailure: opts.onNvramFailure } : {}),
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
      this.hello.then(
        (answer) => {
          this.sendJournal();
          this.sendHeld();
          this.setUpVideo(answer);
          this.greeted(answer);
        },
        (e) => log('hello failed', { err: String(e) }),
      );
    });
    this.socket.on('connect_error', (e: Error & { data?: unknown }) =>
      log('connection refused', { reason: e.message, data: e.data }),
    );
    // A bye (replaced by a newer connection of this agent, or revoked) ends it for good; any
    // other end made by the server (it is shutting down) is followed by a reconnection, as
    // socket.io does by itself after a network cut.
    let told = false;
    this.socket.on('bye', (b: { reason?: string }) => {
      told = true;
      log('server ended the connection', b);
    });
    this.socket.on('disconnect', (reason) => {
      this.linked = false;
      // No game starts with no host to record it (as a SAS cabinet on AFT disables when its host
      // link is lost): autoplay stops; a game already under way finishes and is told later.
      for (const c of this.cabinets.values()) c.egm.setAutoplay(false);
      if (reason !== 'io server disconnect' || told) return;
      setTimeout(() => this.socket.connect(), 1000).unref();
    });
    this.serveCommands();
    this.serveVideo(log);
    // Reels stop and autoplay goes on whether or not anyone watches.
    this.timers.push(setInterval(() => this.tick(), 50));
    this.timers.push(
      setInterval(() => this.sendMeters(), opts.metersEveryMs ?? 5000),
      setInterval(() => this.socket.emit('heartbeat', { at: Date.now() }), 10_000),
      setInterval(() => this.resendJournal(), JOURNAL_RESEND_MS),
    );
  }

  /**
   * The server's commands, each answered by its cabinet once applied (and written), and its word
   * that games are recorded (out of their cabinet's journal).
   */
  private serveCommands(): void {
    this.socket.on('command', (payload: unknown, ack?: (a: unknown) => void) => {
      const parsed = agentCommand.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, requestId: 'malformed', reason: 'malformed' });
      const cabinet = this.cabinets.get(parsed.data.machineId);
      if (!cabinet) {
        return ack?.({ ok: false, requestId: parsed.data.requestId, reason: 'not hosted here' });
      }
      const op = parsed.data.operation.op;
      void cabinet.command(parsed.data).then((answer) => {
        ack?.(answer);
        // An input shows in the very next frame; a new layout changes the frames' size.
        if (answer.ok && (op === 'press' || op === 'touch' || op === 'layout')) {
          this.videos.get(cabinet.machineId)?.renderNow();
        }
      });
    });
    this.socket.on('games-recorded', (payload: unknown) => {
      const p = gamesRecorded.safeParse(payload);
      if (p.success) this.cabinets.get(p.data.machineId)?.recorded(p.data.games);
    });
  }

  /** A cabinet's event: to the server, or held while it has no link. */
  private sendEvent(machineId: number, seq: number, event: CabinetEvent): void {
    if (this.linked && this.socket.connected) {
      this.socket.emit('event', { machineId, seq, event });
    } else if (this.held.length < HELD_EVENTS_MAX) {
      this.held.push({ machineId, seq, event });
    }
  }

  /**
   * After a hello's answer: the events held meanwhile go out in their order, then each of those
   * cabinets' state as it is now (the hello told it, and the held events are older).
   */
  private sendHeld(): void {
    const held = this.held;
    this.held = [];
    this.linked = true;
    for (const e of held) this.socket.emit('event', e);
    for (const machineId of new Set(held.map((e) => e.machineId))) {
      this.cabinets.get(machineId)?.tellState();
    }
  }

  /**
   * Right after a hello's answer, before the events held meanwhile: every journal game of every
   * cabinet, the final message of each cabinet's marked (until it comes, the server moves no money
   * on that cabinet). The held events repeat some of them; the server records each game once.
   */
  private sendJournal(): void {
    for (const c of this.cabinets.values()) {
      for (const m of c.journalMessages()) this.socket.emit('games', m);
    }
  }

  /** Journal games told a while ago and still not said recorded, told again. */
  private resendJournal(): void {
    if (!this.linked || !this.socket.connected) return;
    for (const c of this.cabinets.values()) {
      for (const m of c.journalMessages(JOURNAL_RESEND_MS)) this.socket.emit('games', m);
    }
  }

  private async sayHello(): Promise<AgentHelloAnswer> {
    const answer = await this.socket.timeout(10_000).emitWithAck('hello', {
      pid: process.pid,
      software: 'reelcast-agent 0',
      cabinets: [...this.cabinets.values()].map((c) => c.hello()),
    });
    return answer as AgentHelloAnswer;
  }

  /** The viewers' video: started, signalled and stopped by the server for its players. */
  private serveVideo(log: NonNullable<AgentOptions['log']>): void {
    this.socket.on('video-start', (payload: unknown) => {
      const v = videoStart.safeParse(payload);
      const video = v.success ? this.videos.get(v.data.machineId) : undefined;
      if (!v.success || !video) return log('video start refused', { payload: typeof payload });
      video.start(v.data, (signal) =>
        this.socket.emit('video-signal', { viewerId: v.data.viewerId, signal }),
      );
    });
    this.socket.on('video-signal', (payload: unknown, ack?: (a: unknown) => void) => {
      const p = videoSignalToAgent.safeParse(payload);
      const video = p.success ? this.videoOf(p.data.viewerId) : undefined;
      if (!p.success || !video) return ack?.({ ok: false, reason: 'no such video' });
      video.signal(p.data.viewerId, p.data.signal).then((ok) => ack?.({ ok }));
    });
    this.socket.on('video-stop', (payload: unknown) => {
      const p = videoStop.safeParse(payload);
      if (p.success) this.videoOf(p.data.viewerId)?.stop(p.data.viewerId);
    });
    // The server's end of every stream went with the connection: so do the streams.
    this.socket.on('disconnect', () => {
      for (const video of this.videos.values()) video.stopViewers();
    });
  }

  private videoOf(viewerId: string): CabinetVideo | undefined {
    for (const video of this.videos.values()) if (video.has(viewerId)) return video;
    return undefined;
  }

  /** Each accepted cabinet's screen as video, as the server's answer says (once). */
  private setUpVideo(answer: AgentHelloAnswer): void {
    for (const { machineId, title, look } of answer.screens) {
      const cabinet = this.cabinets.get(machineId);
      if (!cabinet || this.videos.has(machineId)) continue;
      this.videos.set(
        machineId,
        new CabinetVideo(machineId, cabinet.egm, answer.video, { title, look }),
      );
    }
  }

  private tick(): void {
    for (const c of this.cabinets.values()) c.tick();
  }

  private sendMeters(): void {
    if (!this.linked || !this.socket.connected) return;
    for (const c of this.cabinets.values()) {
      const meters = c.metersAtRest();
      if (meters) this.socket.emit('meters', { machineId: c.machineId, meters });
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    for (const video of this.videos.values()) video.close();
    this.socket.disconnect();
  }
}
