// A viewer's video of an agent's cabinet, as the video sender sees it: the agent offers and sends
// the stream itself, and this relays the signalling both ways under the server's ICE allow-list
// (the agent's candidates too: what reaches a player is the server's to check).
import { randomUUID } from 'node:crypto';
import { candidateAllowed, filterSdp } from '@reelcast/cabinet-video/ice-filter';
import { SignalRefused } from '@reelcast/cabinet-video/peer-offer';
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';
import type { VideoRelay } from '../floor/agent';

export interface RelayedPeerOptions {
  relay: VideoRelay;
  allowed: readonly string[];
  scale: number;
  bitrate: { startKbps: number; maxKbps: number };
  send(signal: SignalFromServer): void;
  /** the viewer's stream is over (closed here, or failed at the agent) */
  closed(): void;
  failed(): void;
}

export class RelayedPeer {
  private readonly viewerId = randomUUID();
  private state: 'new' | 'connected' | 'failed' | 'closed' = 'new';
  private offered!: (sent: boolean) => void;
  private readonly offerSent = new Promise<boolean>((resolve) => {
    this.offered = resolve;
  });

  constructor(private readonly opts: RelayedPeerOptions) {}

  /** Asks the agent to offer; answers once its offer went to the viewer (false: it never came). */
  offer(): Promise<boolean> {
    const { relay, scale, bitrate, allowed, send } = this.opts;
    relay.open(this.viewerId, { scale, ...bitrate }, (signal) => {
      if (this.state === 'closed') return;
      switch (signal.type) {
        case 'offer':
          send({ type: 'offer', sdp: filterSdp(signal.sdp, allowed) });
          this.offered(true);
          return;
        case 'candidate':
          if (signal.candidate && !candidateAllowed(signal.candidate.candidate, allowed)) return;
          send(signal);
          return;
        case 'playing':
          this.state = 'connected';
          return;
        case 'failed':
          this.state = 'failed';
          this.offered(false);
          this.opts.failed();
          return;
      }
    });
    return this.offerSent;
  }

  /** The viewer's answer or candidate, through the allow-list, to the agent. */
  async signal(p: SignalFromClient): Promise<void> {
    const { allowed, relay } = this.opts;
    let signal = p;
    if (p.type === 'answer') signal = { type: 'answer', sdp: filterSdp(p.sdp, allowed) };
    else if (p.candidate && !candidateAllowed(p.candidate.candidate, allowed)) return;
    try {
      await relay.signal(this.viewerId, signal);
    } catch {
      throw new SignalRefused(`the ${p.type} was refused`);
    }
  }

  get connectionState(): string {
    return this.state;
  }

  /** The agent says when frames are going out; counted as one until then none. */
  async framesSent(): Promise<number> {
    return this.state === 'connected' ? 1 : 0;
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.offered(false);
    this.opts.relay.close(this.viewerId);
    this.opts.closed();
  }
}
