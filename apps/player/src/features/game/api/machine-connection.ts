// The real-time machine connection (socket.io namespace /machine, §7) and the WebRTC video it
// negotiates. One instance per visit to the game screen; once closed, nothing from its socket or
// peer reaches the screen any more (STYLE: events from an old socket are ignored).
import type {
  Ack,
  InfoNotification,
  InitRequest,
  MachineButton,
  MachineLayout,
  MachineServerEvents,
  MachineState,
  SignalFromClient,
  SignalFromServer,
  SlotSessionInfo,
  TouchEvent,
  TransferRequest,
} from '@reelcast/protocol/machine-socket';
import { io, type Socket } from 'socket.io-client';

// Written out instead of importing MACHINE_NAMESPACE: that module's values pull zod into the bundle.
const machineNamespace = '/machine';
const requestTimeoutMs = 10_000;
const touchTimeoutMs = 3_000;
/** ErrorCode.pipelineFailed, written out for the same reason. */
const pipelineFailedCode = 70000;

export type AckError = { code: number; ErrorMessage: string; Params: Record<string, unknown> };
export type InitAck = Ack<{ session: SlotSessionInfo; machine: MachineState }>;
export type TransferAck = Ack<{ balance?: number; credits?: number }>;
export type CashoutAck = Ack<{ amount: number }>;
export type QualityAck = Ack<{ band: string; applied: boolean }>;

type AckCallback<T> = (ack: T) => void;

/** What the client sends on /machine; the server parses each payload with the protocol schemas. */
export interface MachineClientEvents {
  init: (request: InitRequest, ack: AckCallback<InitAck>) => void;
  signal: (signal: SignalFromClient) => void;
  touch: (point: TouchEvent, ack: AckCallback<Ack>) => void;
  press: (request: { button: MachineButton }, ack: AckCallback<Ack>) => void;
  transfer: (request: TransferRequest, ack: AckCallback<TransferAck>) => void;
  cashout: (request: Record<string, never>, ack: AckCallback<CashoutAck>) => void;
  leave: (request: Record<string, never>, ack: AckCallback<CashoutAck>) => void;
  quality: (request: { band: string }, ack: AckCallback<QualityAck>) => void;
  video: (request: Record<string, never>, ack: AckCallback<Ack>) => void;
  ping: (request: Record<string, never>, ack: AckCallback<Ack>) => void;
  layout: (request: { layout: MachineLayout }, ack: AckCallback<Ack>) => void;
}

export type MachineSocket = Socket<MachineServerEvents, MachineClientEvents>;

/**
 * connecting: before the first successful init; open: joined; lost: the socket dropped and
 * socket.io is reconnecting; closed: left, refused or ended for good.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'lost' | 'closed';

export type MachineConnectionHandlers = {
  onStatus: (status: ConnectionStatus) => void;
  onJoined: (session: SlotSessionInfo, machine: MachineState) => void;
  /** init refused (or the server dropped us): the screen shows why and leaves. */
  onRefused: (error: AckError) => void;
  onMachine: (machine: MachineState) => void;
  onBalance: (balanceCents: number) => void;
  onSession: (session: SlotSessionInfo) => void;
  onInfo: (info: InfoNotification) => void;
  onStream: (stream: MediaStream | null) => void;
};

export type MachineConnectionOptions = {
  machineId: number;
  /** read at every (re)join, so a token refreshed meanwhile is the one sent */
  getToken: () => string | null;
  iceServers: RTCIceServer[];
  handlers: MachineConnectionHandlers;
  createSocket?: () => MachineSocket;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
};

export function isAckError(ack: { code: number }): ack is AckError {
  return ack.code !== 20000;
}

/** A request made while the connection is not open is refused here rather than buffered. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

export class MachineConnection {
  private readonly socket: MachineSocket;
  private peer: RTCPeerConnection | null = null;
  // Remote candidates that arrive before the offer has been applied.
  private pendingCandidates: RTCIceCandidateInit[] = [];
  // Signals are applied one after another: a candidate must not overtake the offer's
  // asynchronous setRemoteDescription.
  private signalChain: Promise<void> = Promise.resolve();
  private status: ConnectionStatus = 'connecting';
  private layout: MachineLayout = 'landscape';
  /** Asks the server for a fresh offer once the peer connection has been failing this long. */
  private videoRetry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: MachineConnectionOptions) {
    this.socket =
      options.createSocket?.() ??
      io(machineNamespace, { transports: ['websocket'], autoConnect: false });
  }

  start(): void {
    const { socket } = this;
    const { handlers } = this.options;
    // Listeners first, so nothing the server sends right after init is missed.
    socket.on('signal', (signal) => {
      this.signalChain = this.signalChain
        .then(() => this.applySignal(signal))
        .catch((error: unknown) => console.error('Video signalling failed:', error));
    });
    socket.on('machine', (machine) => handlers.onMachine(machine));
    socket.on('balance', ({ balance }) => handlers.onBalance(balance));
    socket.on('session', (session) => handlers.onSession(session));
    socket.on('info', (info) => {
      // §8 70000: the machine's video cannot be started, so there is nothing to play here. The
      // slot session stays open on the server with its credits, for the reconnect dialog.
      if (info.code === pipelineFailedCode) {
        this.close();
        handlers.onRefused({ code: info.code, ErrorMessage: info.message, Params: info.params });
        return;
      }
      handlers.onInfo(info);
    });
    // Fires on the first connection and after every reconnection: each one is a fresh server
    // socket, so the player joins again and the video is negotiated anew.
    socket.on('connect', () => this.join());
    socket.on('disconnect', (reason) => {
      this.closePeer();
      if (this.status === 'closed') return;
      if (reason === 'io server disconnect') {
        // The server ended this connection on purpose; socket.io will not reconnect.
        this.setStatus('closed');
        handlers.onRefused({ code: 50100, ErrorMessage: '', Params: {} });
      } else {
        this.setStatus('lost');
      }
    });
    socket.on('connect_error', (error) => {
      // An inactive socket was refused by the server (middleware) and will not retry.
      if (!socket.active && this.status !== 'closed') {
        this.setStatus('closed');
        handlers.onRefused({ code: 70000, ErrorMessage: error.message, Params: {} });
      } else if (this.status === 'open') {
        this.setStatus('lost');
      }
    });
    socket.connect();
  }

  /** Leaves for good: the video and the socket close and no more events are delivered. */
  close(): void {
    this.setStatus('closed');
    this.closePeer();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /**
   * The player leaves on purpose: the server cashes out and closes the slot session, then the
   * connection closes. Never waits long: leaving must not hang on a dead socket.
   */
  async leave(): Promise<void> {
    if (this.status === 'open') {
      await this.socket
        .timeout(3_000)
        .emitWithAck('leave', {})
        .catch(() => undefined);
    }
    this.close();
  }

  /** §3 activeBand: the server scales the video it sends for this viewer. */
  setQuality(band: string): Promise<QualityAck> {
    return this.request('quality', { band }) as Promise<QualityAck>;
  }

  /**
   * The machine's screen layout this player wants (rotation, cut screen on a phone); sent now and
   * again after every join, so a layout left behind by someone else never lingers.
   */
  setLayout(layout: MachineLayout): void {
    if (layout === this.layout) return;
    this.layout = layout;
    this.sendLayout();
  }

  private sendLayout(): void {
    if (this.status !== 'open') return;
    // Like a tap: a lost answer only means the picture stays as it is.
    this.socket
      .timeout(requestTimeoutMs)
      .emitWithAck('layout', { layout: this.layout })
      .catch(() => undefined);
  }

  /** Socket round trip in ms, or null when there is no answer. */
  async ping(): Promise<number | null> {
    if (this.status !== 'open') return null;
    const start = performance.now();
    try {
      await this.socket.timeout(5_000).emitWithAck('ping', {});
      return performance.now() - start;
    } catch {
      return null;
    }
  }

  /** The receiving peer connection, for its statistics (video delay). */
  get peerConnection(): RTCPeerConnection | null {
    return this.peer;
  }

  touch(point: TouchEvent): void {
    if (this.status !== 'open') return;
    // A tap is only worth something now; a late or lost acknowledgement is not an error.
    this.socket
      .timeout(touchTimeoutMs)
      .emitWithAck('touch', point)
      .catch(() => undefined);
  }

  press(button: MachineButton): void {
    if (this.status !== 'open') return;
    this.socket
      .timeout(touchTimeoutMs)
      .emitWithAck('press', { button })
      .catch(() => undefined);
  }

  transfer(amountCents: number): Promise<TransferAck> {
    // The request id makes a retried transfer land only once.
    const request: TransferRequest = { amount: amountCents, requestId: crypto.randomUUID() };
    return this.request('transfer', request) as Promise<TransferAck>;
  }

  cashout(): Promise<CashoutAck> {
    return this.request('cashout', {}) as Promise<CashoutAck>;
  }

  private request(
    event: 'transfer' | 'cashout' | 'quality',
    payload: TransferRequest | Record<string, never> | { band: string },
  ): Promise<unknown> {
    if (this.status !== 'open') return Promise.reject(new NotConnectedError());
    // Money requests are never queued while offline: a replay after reconnecting would surprise.
    return this.socket
      .timeout(requestTimeoutMs)
      .emitWithAck(event as 'cashout', payload as Record<string, never>);
  }

  private join(): void {
    const token = this.options.getToken();
    if (!token) {
      this.close();
      this.options.handlers.onRefused({ code: 40100, ErrorMessage: '', Params: {} });
      return;
    }
    this.closePeer();
    const socket = this.socket;
    socket
      .timeout(requestTimeoutMs)
      .emit('init', { machineID: this.options.machineId, token }, (error, ack: InitAck) => {
        if (this.status === 'closed') return;
        if (error) {
          // No answer: if the socket dropped meanwhile, the next connect joins again.
          if (socket.connected) socket.disconnect().connect();
          return;
        }
        if (isAckError(ack)) {
          this.close();
          this.options.handlers.onRefused(ack);
          return;
        }
        this.setStatus('open');
        this.options.handlers.onJoined(ack.session, ack.machine);
        this.sendLayout();
      });
  }

  private ensurePeer(): RTCPeerConnection {
    if (this.peer) return this.peer;
    const config: RTCConfiguration = { iceServers: this.options.iceServers };
    const peer = this.options.createPeer?.(config) ?? new RTCPeerConnection(config);
    peer.onicecandidate = (event) => {
      if (this.peer !== peer) return;
      // null tells the server that gathering is complete.
      this.socket.emit('signal', {
        type: 'candidate',
        candidate: event.candidate ? event.candidate.toJSON() : null,
      } as SignalFromClient);
    };
    // The socket may stay up while the media path breaks (a network change): the peer connection
    // is negotiated anew over the socket, without a reload.
    peer.onconnectionstatechange = () => {
      if (this.peer !== peer) return;
      const state = peer.connectionState;
      if (state === 'connected') {
        this.clearVideoRetry();
      } else if (state === 'failed' || state === 'disconnected') {
        if (!this.videoRetry) {
          this.videoRetry = setTimeout(
            () => {
              this.videoRetry = null;
              if (this.peer !== peer || this.status !== 'open') return;
              this.closePeer();
              this.socket
                .timeout(requestTimeoutMs)
                .emitWithAck('video', {})
                .catch(() => undefined);
            },
            state === 'failed' ? 0 : 3_000,
          );
        }
      }
    };
    peer.ontrack = (event) => {
      if (this.peer !== peer) return;
      // A machine is played live: show each frame as soon as it is decoded rather than buffering
      // for smoothness (Chromium's hint; a no-op where unsupported).
      const receiver = event.receiver as RTCRtpReceiver & {
        jitterBufferTarget?: number | null;
        playoutDelayHint?: number;
      };
      if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
      if ('playoutDelayHint' in receiver) receiver.playoutDelayHint = 0;
      this.options.handlers.onStream(event.streams[0] ?? new MediaStream([event.track]));
    };
    this.peer = peer;
    return peer;
  }

  private clearVideoRetry(): void {
    if (this.videoRetry) clearTimeout(this.videoRetry);
    this.videoRetry = null;
  }

  private closePeer(): void {
    this.clearVideoRetry();
    if (!this.peer) return;
    const peer = this.peer;
    this.peer = null;
    this.pendingCandidates = [];
    peer.onicecandidate = null;
    peer.ontrack = null;
    peer.onconnectionstatechange = null;
    peer.close();
    this.options.handlers.onStream(null);
  }

  private async applySignal(signal: SignalFromServer): Promise<void> {
    if (this.status === 'closed') return;
    if (signal.type === 'offer') {
      // A new offer on a negotiated peer comes from a new server-side connection (a quality band
      // change, a video restart): it needs a fresh peer connection of its own.
      if (this.peer?.remoteDescription) this.closePeer();
      const peer = this.ensurePeer();
      await peer.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      for (const candidate of this.pendingCandidates.splice(0)) {
        await peer.addIceCandidate(candidate).catch(logCandidateError);
      }
      const answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      if (this.peer !== peer) return;
      this.socket.emit('signal', {
        type: 'answer',
        sdp: peer.localDescription?.sdp ?? answer.sdp ?? '',
      });
      return;
    }
    // The end-of-candidates marker needs no action: the browser copes without it.
    if (!signal.candidate) return;
    if (!this.peer?.remoteDescription) {
      this.pendingCandidates.push(signal.candidate);
      return;
    }
    await this.peer.addIceCandidate(signal.candidate).catch(logCandidateError);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.handlers.onStatus(status);
  }
}

function logCandidateError(error: unknown): void {
  console.warn('Remote ICE candidate rejected:', error);
}
