// One visit to the game screen: the /machine socket (machine-socket.ts) and the video it
// negotiates (shared/video/video-receiver.ts), tied together. Once closed, nothing from its socket or peer
// reaches the screen any more (STYLE: events from an old socket are ignored).
import type {
  Ack,
  MachineAckBodies,
  MachineButton,
  MachineLayout,
  TouchEvent,
} from '@reelcast/protocol/machine-socket';
import { VideoReceiver } from '../../../shared/video/video-receiver';
import {
  type MachineSocket,
  MachineSocketClient,
  type MachineSocketHandlers,
} from './machine-socket';

/** A tap is only worth something now. */
const touchTimeoutMs = 3_000;

export type InitAck = Ack<MachineAckBodies['init']>;
export type TransferAck = Ack<MachineAckBodies['transfer']>;
export type CashoutAck = Ack<MachineAckBodies['cashout']>;
export type QualityAck = Ack<MachineAckBodies['quality']>;

/** The socket's handlers the screen sees, with the video as a stream instead of signalling. */
export type MachineConnectionHandlers = Omit<MachineSocketHandlers, 'onSignal' | 'onVideoGone'> & {
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

export class MachineConnection {
  private readonly socket: MachineSocketClient;
  private readonly video: VideoReceiver;

  constructor(options: MachineConnectionOptions) {
    const { handlers } = options;
    this.video = new VideoReceiver({
      iceServers: options.iceServers,
      createPeer: options.createPeer,
      sendSignal: (signal) => this.socket.signal(signal),
      onStream: handlers.onStream,
      onPeerFailed: () => {
        if (this.socket.status !== 'open') return;
        this.video.closePeer();
        this.socket.input('video', {});
      },
    });
    this.socket = new MachineSocketClient({
      machineId: options.machineId,
      getToken: options.getToken,
      createSocket: options.createSocket,
      handlers: {
        onStatus: (status) => {
          if (status === 'closed') this.video.dispose();
          handlers.onStatus(status);
        },
        onJoined: handlers.onJoined,
        onRefused: handlers.onRefused,
        onMachine: handlers.onMachine,
        onSession: handlers.onSession,
        onInfo: handlers.onInfo,
        onSignal: (signal) => this.video.receive(signal),
        onVideoGone: () => this.video.closePeer(),
        onIceServers: (servers) => this.video.setIceServers(servers),
      },
    });
  }

  start(): void {
    this.socket.start();
  }

  /** Leaves for good: the video and the socket close and no more events are delivered. */
  close(): void {
    this.socket.close();
  }

  /**
   * The player leaves on purpose: the server cashes out and closes the slot session, then the
   * connection closes. Never waits long: leaving must not hang on a dead socket.
   */
  leave(): Promise<void> {
    return this.socket.leave();
  }

  /** §3 activeBand: the server scales the video it sends for this viewer. */
  setQuality(band: string): Promise<QualityAck> {
    return this.socket.request('quality', { band });
  }

  /** The machine's screen layout this player wants; asked again after every join. */
  setLayout(layout: MachineLayout): void {
    this.socket.setLayout(layout);
  }

  /** Socket round trip in ms, or null when there is no answer. */
  ping(): Promise<number | null> {
    return this.socket.ping();
  }

  /** The receiving peer connection, for its statistics (video delay). */
  get peerConnection(): RTCPeerConnection | null {
    return this.video.peerConnection;
  }

  /** Answers the server's acknowledgement, for a refusal the player should hear of. */
  touch(point: TouchEvent): Promise<Ack<Record<string, unknown>> | undefined> {
    return this.socket.input('touch', point, touchTimeoutMs);
  }

  press(button: MachineButton): Promise<Ack<Record<string, unknown>> | undefined> {
    return this.socket.input('press', { button }, touchTimeoutMs);
  }

  transfer(amountCents: number): Promise<TransferAck> {
    // The request id makes a retried transfer land only once.
    return this.socket.request('transfer', {
      amount: amountCents,
      requestId: crypto.randomUUID(),
    });
  }

  cashout(): Promise<CashoutAck> {
    return this.socket.request('cashout', {});
  }
}
