// The /machine socket of one visit to a game screen (§7): connects, joins with `init` after every
// (re)connection, passes the server's events on and answers requests with their acknowledgements.
// Its status follows connection-state.ts; once closed, nothing from the socket is passed on, and
// an answer to an init sent on an earlier connection is ignored.
import { ErrorCode } from '@reelcast/protocol/codes';
import type {
  Ack,
  AckError,
  InfoNotification,
  MachineAckBodies,
  MachineClientEvents,
  MachineLayout,
  MachineServerEvents,
  MachineState,
  SignalFromClient,
  SignalFromServer,
  SlotSessionInfo,
} from '@reelcast/protocol/machine-socket';
import { MACHINE_NAMESPACE } from '@reelcast/protocol/socket-namespaces';
import { io, type Socket } from 'socket.io-client';
import { getSettings } from '../../../shared/settings';
import { socketTarget } from '../../../shared/socket/socket-url';
import {
  type ConnectionEvent,
  type ConnectionStatus,
  nextStatus,
  reconnectBackOff,
} from './connection-state';

const requestTimeoutMs = 10_000;
/** Leaving never hangs on a dead socket. */
const leaveTimeoutMs = 3_000;
const pingTimeoutMs = 5_000;

export type MachineSocket = Socket<MachineServerEvents, MachineClientEvents>;

/** Requests whose answer the caller waits for (money and the quality band). */
export type MachineRequest = 'transfer' | 'cashout' | 'quality';
/** Inputs that matter only now: a late or lost acknowledgement is not an error. */
export type MachineInput = 'touch' | 'press' | 'layout' | 'video';

export type MachineSocketHandlers = {
  onStatus: (status: ConnectionStatus) => void;
  onJoined: (session: SlotSessionInfo, machine: MachineState) => void;
  /** init refused, or the server ended the connection: the screen shows why and leaves. */
  onRefused: (error: AckError) => void;
  onMachine: (machine: MachineState) => void;
  onSession: (session: SlotSessionInfo) => void;
  onInfo: (info: InfoNotification) => void;
  onSignal: (signal: SignalFromServer) => void;
  /** The server's end of the video is gone (a drop) or about to be replaced (a fresh join). */
  onVideoGone: () => void;
  /** TURN servers with this player's own credentials, from the join's answer (before its offer) */
  onIceServers?: (servers: RTCIceServer[]) => void;
};

export type MachineSocketOptions = {
  machineId: number;
  /** read at every (re)join, so a token refreshed meanwhile is the one sent */
  getToken: () => string | null;
  handlers: MachineSocketHandlers;
  createSocket?: () => MachineSocket;
};

export function isAckError(ack: { code: number }): ack is AckError {
  return ack.code !== ErrorCode.success;
}

/** A request made while the connection is not open is refused here rather than buffered. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** §7: the machine connection goes where the settings say (MACHINE_URL, else the API's base). */
function machineSocket(): MachineSocket {
  const { MACHINE_URL, API_URL } = getSettings();
  const { url, path } = socketTarget(MACHINE_URL, API_URL, MACHINE_NAMESPACE);
  return io(url, { path, transports: ['websocket'], autoConnect: false, ...reconnectBackOff });
}

export class MachineSocketClient {
  private readonly socket: MachineSocket;
  private current: ConnectionStatus = 'connecting';
  /** Counts connections: an init answer from an earlier one is stale. */
  private connection = 0;
  private layout: MachineLayout = 'landscape';

  constructor(private readonly options: MachineSocketOptions) {
    this.socket = options.createSocket?.() ?? machineSocket();
  }

  get status(): ConnectionStatus {
    return this.current;
  }

  start(): void {
    const { socket } = this;
    const { handlers } = this.options;
    // Listeners first, so nothing the server sends right after init is missed.
    socket.on('signal', (signal) => handlers.onSignal(signal));
    socket.on('machine', (machine) => handlers.onMachine(machine));
    socket.on('session', (session) => handlers.onSession(session));
    socket.on('info', (info) => {
      // §8 70000: the machine's video cannot be started, so there is nothing to play here. The
      // slot session stays open on the server with its credits, for the reconnect dialog.
      if (info.code === ErrorCode.pipelineFailed) {
        this.end({ code: info.code, ErrorMessage: info.message, Params: info.params });
        return;
      }
      handlers.onInfo(info);
    });
    // Fires on the first connection and after every reconnection: each one is a fresh server
    // socket, so the player joins again and the video is negotiated anew.
    socket.on('connect', () => this.join());
    socket.on('disconnect', (reason) => {
      handlers.onVideoGone();
      if (this.current === 'closed') return;
      // The server ended this connection on purpose; socket.io will not reconnect.
      if (reason === 'io server disconnect') this.refuse(ErrorCode.sessionTerminated, '');
      else this.move('dropped');
    });
    socket.on('connect_error', (error) => {
      // An inactive socket was refused by the server (middleware) and will not retry.
      if (!socket.active) this.refuse(ErrorCode.pipelineFailed, error.message);
      else this.move('attemptFailed');
    });
    socket.connect();
  }

  /** Leaves for good: the socket closes and no more events are passed on. */
  close(): void {
    this.move('ended');
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /** The player leaves on purpose: the server cashes out and closes the slot session. */
  async leave(): Promise<void> {
    if (this.current === 'open') {
      await this.socket
        .timeout(leaveTimeoutMs)
        .emitWithAck('leave', {})
        .catch(() => undefined);
    }
    this.close();
  }

  /** Money requests are never queued while offline: a replay after reconnecting would surprise. */
  request<E extends MachineRequest>(
    event: E,
    payload: Parameters<MachineClientEvents[E]>[0],
  ): Promise<Ack<MachineAckBodies[E]>> {
    if (this.current !== 'open') return Promise.reject(new NotConnectedError());
    // socket.io's typings check one event at a time, not a generic one: the signature above is
    // what keeps event, payload and answer together.
    return this.socket
      .timeout(requestTimeoutMs)
      .emitWithAck(event as 'cashout', payload as Parameters<MachineClientEvents['cashout']>[0])
      .then((answer) => answer as Ack<MachineAckBodies[E]>);
  }

  /**
   * Sends an input while open. Nobody has to wait for its answer; a caller that wants to say why
   * it was refused may (undefined when it was not sent or no answer came).
   */
  input<E extends MachineInput>(
    event: E,
    payload: Parameters<MachineClientEvents[E]>[0],
    timeoutMs = requestTimeoutMs,
  ): Promise<Ack<Record<string, unknown>> | undefined> {
    if (this.current !== 'open') return Promise.resolve(undefined);
    return this.socket
      .timeout(timeoutMs)
      .emitWithAck(event as 'touch', payload as Parameters<MachineClientEvents['touch']>[0])
      .then((answer) => answer as Ack<Record<string, unknown>>)
      .catch(() => undefined);
  }

  signal(signal: SignalFromClient): void {
    this.socket.emit('signal', signal);
  }

  /**
   * The machine's screen layout this player wants (rotation, cut screen on a phone); sent now and
   * again after every join, so a layout left behind by someone else never lingers.
   */
  setLayout(layout: MachineLayout): void {
    if (layout === this.layout) return;
    this.layout = layout;
    this.input('layout', { layout });
  }

  /** Socket round trip in ms, or null when there is no answer. */
  async ping(): Promise<number | null> {
    if (this.current !== 'open') return null;
    const start = performance.now();
    try {
      await this.socket.timeout(pingTimeoutMs).emitWithAck('ping', {});
      return performance.now() - start;
    } catch {
      return null;
    }
  }

  private join(): void {
    const token = this.options.getToken();
    if (!token) {
      this.end({ code: ErrorCode.unauthorized, ErrorMessage: '', Params: {} });
      return;
    }
    this.options.handlers.onVideoGone();
    const { socket } = this;
    const connection = ++this.connection;
    socket
      .timeout(requestTimeoutMs)
      .emit('init', { machineID: this.options.machineId, token }, (error, ack) => {
        if (this.current === 'closed' || connection !== this.connection) return;
        if (error) {
          // No answer: if the socket dropped meanwhile, the next connect joins again.
          if (socket.connected) socket.disconnect().connect();
          return;
        }
        if (isAckError(ack)) {
          this.end(ack);
          return;
        }
        this.move('joined');
        if (ack.iceServers) this.options.handlers.onIceServers?.(ack.iceServers);
        this.options.handlers.onJoined(ack.session, ack.machine);
        this.input('layout', { layout: this.layout });
      });
  }

  /** Closes and says why: refused by the server, or nothing to join with. */
  private end(error: AckError): void {
    if (this.current === 'closed') return;
    this.close();
    this.options.handlers.onRefused(error);
  }

  /** Ended by the server or its middleware: the socket is gone already, only the status moves. */
  private refuse(code: number, message: string): void {
    if (this.current === 'closed') return;
    this.move('ended');
    this.options.handlers.onRefused({ code, ErrorMessage: message, Params: {} });
  }

  private move(event: ConnectionEvent): void {
    const next = nextStatus(this.current, event);
    if (next === this.current) return;
    this.current = next;
    this.options.handlers.onStatus(next);
  }
}
