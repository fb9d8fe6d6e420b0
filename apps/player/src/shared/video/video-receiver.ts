// The receiving end of a machine's WebRTC video: the server offers, this answers. One peer
// connection per offer; its candidates go back through the socket, the server's are applied once
// the offer is, and its statistics give the latency indicator its video delay.
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';

/** A peer connection that stays disconnected this long is replaced (failed: at once). */
const disconnectedRetryMs = 3_000;

export type VideoReceiverOptions = {
  iceServers: RTCIceServer[];
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  /** sends the answer and our candidates to the server */
  sendSignal: (signal: SignalFromClient) => void;
  /** the picture to show, or null when there is none */
  onStream: (stream: MediaStream | null) => void;
  /** the media path broke while the socket stayed up: a fresh offer is wanted */
  onPeerFailed: () => void;
};

export class VideoReceiver {
  private peer: RTCPeerConnection | null = null;
  // Remote candidates that arrive before the offer has been applied.
  private pendingCandidates: RTCIceCandidateInit[] = [];
  // Signals are applied one after another: a candidate must not overtake the offer's
  // asynchronous setRemoteDescription.
  private signalChain: Promise<void> = Promise.resolve();
  private retry: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** TURN with the player's own credentials, from the join (the settings' servers come first) */
  private joinedIceServers: RTCIceServer[] = [];

  constructor(private readonly options: VideoReceiverOptions) {}

  /** The next peer connection uses these too (each join's answer brings fresh credentials). */
  setIceServers(servers: RTCIceServer[]): void {
    this.joinedIceServers = servers;
  }

  /** The receiving peer connection, for its statistics. */
  get peerConnection(): RTCPeerConnection | null {
    return this.peer;
  }

  /** Queues a signal from the server behind the ones before it. */
  receive(signal: SignalFromServer): void {
    this.signalChain = this.signalChain
      .then(() => this.apply(signal))
      .catch((error: unknown) => console.error('Video signalling failed:', error));
  }

  /** Drops the peer connection (the server's side is gone or about to be replaced). */
  closePeer(): void {
    this.clearRetry();
    if (!this.peer) return;
    const peer = this.peer;
    this.peer = null;
    this.pendingCandidates = [];
    peer.onicecandidate = null;
    peer.ontrack = null;
    peer.onconnectionstatechange = null;
    peer.close();
    this.options.onStream(null);
  }

  /** For good: signals still queued are not applied. */
  dispose(): void {
    this.disposed = true;
    this.closePeer();
  }

  private async apply(signal: SignalFromServer): Promise<void> {
    if (this.disposed) return;
    if (signal.type === 'offer') return this.answer(signal.sdp);
    // The end-of-candidates marker needs no action: the browser copes without it.
    if (!signal.candidate) return;
    if (!this.peer?.remoteDescription) {
      this.pendingCandidates.push(signal.candidate);
      return;
    }
    await this.peer.addIceCandidate(signal.candidate).catch(logCandidateError);
  }

  private async answer(sdp: string): Promise<void> {
    // A new offer on a negotiated peer comes from a new server-side connection (a quality band
    // change, a video restart): it needs a fresh peer connection of its own.
    if (this.peer?.remoteDescription) this.closePeer();
    const peer = this.ensurePeer();
    await peer.setRemoteDescription({ type: 'offer', sdp });
    for (const candidate of this.pendingCandidates.splice(0)) {
      await peer.addIceCandidate(candidate).catch(logCandidateError);
    }
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    if (this.peer !== peer) return;
    this.options.sendSignal({
      type: 'answer',
      sdp: peer.localDescription?.sdp ?? answer.sdp ?? '',
    });
  }

  private ensurePeer(): RTCPeerConnection {
    if (this.peer) return this.peer;
    const config: RTCConfiguration = {
      iceServers: [...this.options.iceServers, ...this.joinedIceServers],
    };
    const peer = this.options.createPeer?.(config) ?? new RTCPeerConnection(config);
    peer.onicecandidate = (event) => {
      if (this.peer !== peer) return;
      // null tells the server that gathering is complete.
      this.options.sendSignal({
        type: 'candidate',
        candidate: event.candidate ? event.candidate.toJSON() : null,
      } as SignalFromClient);
    };
    // The socket may stay up while the media path breaks (a network change): the peer connection
    // is negotiated anew over the socket, without a reload.
    peer.onconnectionstatechange = () => {
      if (this.peer !== peer) return;
      const state = peer.connectionState;
      if (state === 'connected') this.clearRetry();
      else if (state === 'failed' || state === 'disconnected') this.retryLater(peer, state);
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
      this.options.onStream(event.streams[0] ?? new MediaStream([event.track]));
    };
    this.peer = peer;
    return peer;
  }

  private retryLater(peer: RTCPeerConnection, state: 'failed' | 'disconnected'): void {
    if (this.retry) return;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.peer === peer) this.options.onPeerFailed();
      },
      state === 'failed' ? 0 : disconnectedRetryMs,
    );
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }
}

type Stats = {
  type: string;
  kind?: string;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
  jitterBufferDelay?: number;
  jitterBufferEmittedCount?: number;
  totalDecodeTime?: number;
  framesDecoded?: number;
};

/** The video delay: half the ICE round trip + jitter buffer + decode, or null before a frame. */
export async function videoDelayMs(peer: RTCPeerConnection): Promise<number | null> {
  const report = await peer.getStats();
  let buffer: number | null = null;
  let decode = 0;
  let network = 0;
  report.forEach((raw) => {
    const s = raw as Stats;
    if (s.type === 'inbound-rtp' && s.kind === 'video' && s.jitterBufferEmittedCount) {
      buffer = ((s.jitterBufferDelay ?? 0) / s.jitterBufferEmittedCount) * 1000;
      if (s.framesDecoded) decode = ((s.totalDecodeTime ?? 0) / s.framesDecoded) * 1000;
    }
    if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') {
      network = ((s.currentRoundTripTime ?? 0) * 1000) / 2;
    }
  });
  return buffer === null ? null : network + buffer + decode;
}

function logCandidateError(error: unknown): void {
  console.warn('Remote ICE candidate rejected:', error);
}
