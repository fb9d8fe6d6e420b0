// The video of an agent's cabinet: the agent offers its screen to each viewer itself (over the
// network, straight to the player), and the server only relays the signalling, under the same
// checks as its own video: a viewer id is made here for each start and dies with it, so an
// agent can speak only to the viewers of its own cabinets, and a viewer only to its own stream.
import type { VideoSignalFromAgent } from '@reelcast/protocol/agent';
import type { SignalFromClient } from '@reelcast/protocol/machine-socket';
import type { VideoRelay } from '../floor/agent';

type AgentSignal = VideoSignalFromAgent['signal'];

/** What the relay sends over its cabinet's agent connection. */
export interface VideoLink {
  startVideo(v: {
    viewerId: string;
    machineId: number;
    scale: number;
    startKbps: number;
    maxKbps: number;
  }): void;
  /** the agent's answer: false when its libwebrtc refused the viewer's signal */
  videoSignal(viewerId: string, signal: SignalFromClient): Promise<boolean>;
  stopVideo(viewerId: string): void;
}

export class CabinetVideoRelay implements VideoRelay {
  private link: VideoLink | null = null;
  private readonly viewers = new Map<string, (s: AgentSignal) => void>();

  constructor(private readonly machineId: number) {}

  /** The agent is (back) on line; the viewers it had before lost their streams with it. */
  attach(link: VideoLink): void {
    this.link = link;
  }

  /** The agent's connection ended: every stream it was sending has failed. */
  detach(): void {
    this.link = null;
    const viewers = [...this.viewers.values()];
    this.viewers.clear();
    for (const signal of viewers) signal({ type: 'failed', reason: 'agent disconnected' });
  }

  open(
    viewerId: string,
    opts: { scale: number; startKbps: number; maxKbps: number },
    signal: (s: AgentSignal) => void,
  ): void {
    if (!this.link) {
      signal({ type: 'failed', reason: 'agent not connected' });
      return;
    }
    this.viewers.set(viewerId, signal);
    this.link.startVideo({ viewerId, machineId: this.machineId, ...opts });
  }

  async signal(viewerId: string, signal: SignalFromClient): Promise<void> {
    if (!this.link || !this.viewers.has(viewerId)) throw new Error('no such video');
    if (!(await this.link.videoSignal(viewerId, signal))) throw new Error('refused by the agent');
  }

  close(viewerId: string): void {
    if (!this.viewers.delete(viewerId)) return;
    this.link?.stopVideo(viewerId);
  }

  /** A signal from the agent for one of this cabinet's viewers; false when it has no such viewer. */
  fromAgent(viewerId: string, signal: AgentSignal): boolean {
    const viewer = this.viewers.get(viewerId);
    if (!viewer) return false;
    if (signal.type === 'failed') this.viewers.delete(viewerId);
    viewer(signal);
    return true;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }
}
