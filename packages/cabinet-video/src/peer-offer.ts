// One viewer's peer connection sending a cabinet's screen: offered by the sender, the viewer's
// answer and ICE candidates taken through the allow-list, the band's bitrate cap written into
// the answer. Used by the server (a viewer of a simulated machine) and by the machine agent (a
// viewer of one of its cabinets, the server relaying the signalling) alike.
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';
import { GuardedPeer } from './guarded-peer';
import { candidateAllowed, filterSdp } from './ice-filter';
import { withBitrateHints } from './sdp-bitrate';
import { wrtc } from './wrtc';

export interface PeerOfferOptions {
  iceServers: RTCIceServer[];
  /** addresses whose candidates may be offered and taken (others, and mDNS names, are dropped) */
  allowed: readonly string[];
  track: MediaStreamTrack;
  /** the offer and this side's candidates, for the viewer */
  send(signal: SignalFromServer): void;
  /** after the peer connection has really closed: the track may be given back */
  closed(): void;
  /** the connection failed (the viewer may ask for the video anew) */
  failed?(): void;
}

/** The viewer sent what libwebrtc refused (an SDP it cannot parse, a candidate for no m-line). */
export class SignalRefused extends Error {}

async function refusedAs(step: Promise<void>, what: string): Promise<void> {
  try {
    await step;
  } catch {
    throw new SignalRefused(`the ${what} was refused`);
  }
}

export class PeerOffer {
  readonly peer: GuardedPeer;

  constructor(private readonly opts: PeerOfferOptions) {
    const pc = new wrtc.RTCPeerConnection({ iceServers: opts.iceServers });
    this.peer = new GuardedPeer(pc, opts.closed);
    pc.addTrack(opts.track, new wrtc.MediaStream([opts.track]));
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') opts.failed?.();
    };
  }

  /**
   * Creates and sends the offer; candidates gathered before it has gone out wait for it (a viewer
   * cannot take a candidate before the offer it belongs to, and the offer carries none). Answers
   * false when the connection was closed meanwhile (nothing sent).
   */
  async offer(): Promise<boolean> {
    const { allowed, send } = this.opts;
    const early: SignalFromServer[] = [];
    let waiting = true;
    const sendCandidate = (signal: SignalFromServer) =>
      waiting ? early.push(signal) : send(signal);
    this.peer.pc.onicecandidate = (e) => {
      if (!e.candidate) return sendCandidate({ type: 'candidate', candidate: null });
      if (!candidateAllowed(e.candidate.candidate, allowed)) return;
      const { candidate, sdpMid, sdpMLineIndex } = e.candidate;
      sendCandidate({ type: 'candidate', candidate: { candidate, sdpMid, sdpMLineIndex } });
    };
    let sdp: string;
    try {
      sdp = await this.peer.run(async (pc) => {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        // The offer as created, never pc.localDescription: wrtc serialises that on the JS thread
        // while libwebrtc's signalling thread adds gathered candidates to it, and the race
        // crashed the process (SIGSEGV in SdpSerialize, seen in a core dump). The candidates
        // reach the viewer one by one (onicecandidate) instead.
        return offer.sdp ?? '';
      });
    } catch (e) {
      if (this.peer.isClosing) return false;
      throw e;
    }
    if (this.peer.isClosing) return false;
    send({ type: 'offer', sdp: filterSdp(sdp, allowed) });
    waiting = false;
    for (const signal of early) send(signal);
    return true;
  }

  /**
   * The viewer's answer (with the band's bitrate cap written in, as the sender's own ceiling) or
   * an ICE candidate of theirs, through the allow-list before libwebrtc sees it.
   */
  async signal(p: SignalFromClient, bitrate: { startKbps: number; maxKbps: number }) {
    const { allowed } = this.opts;
    if (p.type === 'answer') {
      const sdp = withBitrateHints(filterSdp(p.sdp, allowed), bitrate);
      const answer = { type: 'answer' as const, sdp };
      return refusedAs(
        this.peer.run((pc) => pc.setRemoteDescription(answer)),
        'answer',
      );
    }
    if (!p.candidate || !candidateAllowed(p.candidate.candidate, allowed)) return;
    const { candidate, sdpMid, sdpMLineIndex } = p.candidate;
    const init = { candidate, sdpMid: sdpMid ?? null, sdpMLineIndex: sdpMLineIndex ?? null };
    return refusedAs(
      this.peer.run((pc) => pc.addIceCandidate(init)),
      'candidate',
    );
  }

  get connectionState(): string {
    return this.peer.pc.connectionState;
  }

  /** Video frames encoded for sending so far (0 once closed). */
  async framesSent(): Promise<number> {
    let frames = 0;
    try {
      const report = await this.peer.run((pc) => pc.getStats());
      report.forEach((raw: unknown) => {
        const s = raw as { type?: string; kind?: string; framesEncoded?: number };
        if (s.type === 'outbound-rtp' && s.kind === 'video') frames += s.framesEncoded ?? 0;
      });
    } catch {
      // A peer connection closed meanwhile has no statistics: nothing was sent.
    }
    return frames;
  }

  /** Closes at once, or when its pending step settles; then `closed` gives the track back. */
  close(): void {
    this.peer.close();
  }
}
