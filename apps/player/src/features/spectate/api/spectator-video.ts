// The receiving end of a spectator's video: the server offers, this answers; one peer connection
// per offer, remote candidates applied once the offer is, in order.
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';

export type SpectatorVideoOptions = {
  iceServers: RTCIceServer[];
  sendSignal: (signal: SignalFromClient) => void;
  onStream: (stream: MediaStream | null) => void;
  /** the peer connection failed while the socket stayed up: a fresh offer is wanted */
  onFailed: () => void;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
};

export class SpectatorVideo {
  private peer: RTCPeerConnection | null = null;
  private pending: RTCIceCandidateInit[] = [];
  private chain: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: SpectatorVideoOptions) {}

  receive(signal: SignalFromServer): void {
    this.chain = this.chain
      .then(() => this.apply(signal))
      .catch((error: unknown) => console.error('Spectator video signalling failed:', error));
  }

  private async apply(signal: SignalFromServer): Promise<void> {
    if (this.disposed) return;
    if (signal.type === 'offer') return this.answer(signal.sdp);
    if (!signal.candidate) return;
    if (!this.peer?.remoteDescription) this.pending.push(signal.candidate);
    else await this.peer.addIceCandidate(signal.candidate).catch(() => {});
  }

  private async answer(sdp: string): Promise<void> {
    this.closePeer();
    const config: RTCConfiguration = { iceServers: this.options.iceServers };
    const peer = this.options.createPeer?.(config) ?? new RTCPeerConnection(config);
    this.peer = peer;
    peer.onicecandidate = (event) => {
      if (this.peer !== peer) return;
      this.options.sendSignal({
        type: 'candidate',
        candidate: event.candidate ? event.candidate.toJSON() : null,
      } as SignalFromClient);
    };
    peer.ontrack = (event) => {
      if (this.peer === peer)
        this.options.onStream(event.streams[0] ?? new MediaStream([event.track]));
    };
    peer.onconnectionstatechange = () => {
      if (this.peer === peer && peer.connectionState === 'failed') this.options.onFailed();
    };
    await peer.setRemoteDescription({ type: 'offer', sdp });
    for (const candidate of this.pending.splice(0)) {
      await peer.addIceCandidate(candidate).catch(() => {});
    }
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    if (this.peer === peer) this.options.sendSignal({ type: 'answer', sdp: answer.sdp ?? '' });
  }

  private closePeer(): void {
    const peer = this.peer;
    if (!peer) return;
    this.peer = null;
    this.pending = [];
    peer.onicecandidate = null;
    peer.ontrack = null;
    peer.onconnectionstatechange = null;
    peer.close();
    this.options.onStream(null);
  }

  dispose(): void {
    this.disposed = true;
    this.closePeer();
  }
}
