// A viewer's video through the media server, as the video sender sees it: the server subscribes
// a Janus handle to the machine's publisher at the viewer's band and relays the offer, answer and
// candidates between it and the player, through the ICE allow-list. The grant is the handle:
// detached when the video ends (the player left, changed band, or lost the seat), media stops.
import { candidateAllowed, filterSdp } from '@reelcast/cabinet-video/ice-filter';
import { SignalRefused } from '@reelcast/cabinet-video/peer-offer';
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';
import type { MachineVideo } from '../floor/agent';
import type { VideoBand } from '../gateway/video-sender';
import type { JanusMedia } from './janus';
import type { JanusHandle } from './janus-client';
import type { Feed } from './janus-feed';
import { startSubscription, subscribe } from './videoroom';

export interface JanusViewerOptions {
  media: JanusMedia;
  machine: MachineVideo;
  band: VideoBand;
  send(signal: SignalFromServer): void;
  /** the viewer's video is over (closed here) */
  closed(): void;
  failed(): void;
}

export class JanusViewer {
  private state: 'new' | 'connected' | 'failed' | 'closed' = 'new';
  private feed: Feed | null = null;
  private handle: JanusHandle | null = null;

  constructor(private readonly opts: JanusViewerOptions) {}

  /** Subscribes and sends the media server's offer; false when closed meanwhile. */
  async offer(): Promise<boolean> {
    const { media, machine, band, send } = this.opts;
    const allowed = media.config.allowed;
    const feed = await media.feed(machine, band);
    this.feed = feed;
    if (this.isClosed) return this.releaseFeed();
    const feedId = await feed.ready;
    if (this.isClosed) return false;
    const handle = await media.attach();
    if (this.isClosed) {
      await handle.detach().catch(() => {});
      return false;
    }
    this.handle = handle;
    handle.once('webrtcup', () => {
      if (this.state === 'new') this.state = 'connected';
    });
    const fail = () => {
      if (this.state === 'closed') return;
      this.state = 'failed';
      this.opts.failed();
    };
    handle.once('hangup', fail);
    handle.on('trickle', (data) => {
      const c = (
        data as {
          candidate?: {
            candidate?: string;
            sdpMid?: string;
            sdpMLineIndex?: number;
            completed?: boolean;
          };
        }
      ).candidate;
      if (!c || c.completed || !c.candidate) return send({ type: 'candidate', candidate: null });
      if (!candidateAllowed(c.candidate, allowed)) return;
      send({
        type: 'candidate',
        candidate: {
          candidate: c.candidate,
          sdpMid: c.sdpMid ?? null,
          sdpMLineIndex: c.sdpMLineIndex ?? null,
        },
      });
    });
    const jsep = await subscribe(handle, { room: feed.room, feed: feedId });
    if (this.isClosed) return false;
    send({ type: 'offer', sdp: filterSdp(jsep.sdp, allowed) });
    return true;
  }

  /** Closed meanwhile (read after each await: the state changes under it). */
  private get isClosed(): boolean {
    return this.state === 'closed';
  }

  private releaseFeed(): false {
    if (this.feed) this.opts.media.release(this.feed);
    this.feed = null;
    return false;
  }

  /** The player's answer or candidate, through the allow-list, to the media server. */
  async signal(p: SignalFromClient): Promise<void> {
    const handle = this.handle;
    if (!handle) throw new SignalRefused('no video offered');
    const allowed = this.opts.media.config.allowed;
    try {
      if (p.type === 'answer') {
        await startSubscription(handle, { type: 'answer', sdp: filterSdp(p.sdp, allowed) });
        return;
      }
      if (p.candidate && !candidateAllowed(p.candidate.candidate, allowed)) return;
      await handle.trickle(
        p.candidate
          ? {
              candidate: p.candidate.candidate,
              sdpMid: p.candidate.sdpMid ?? null,
              sdpMLineIndex: p.candidate.sdpMLineIndex ?? null,
            }
          : null,
      );
    } catch {
      throw new SignalRefused(`the ${p.type} was refused`);
    }
  }

  get connectionState(): string {
    return this.state;
  }

  /** The media server says when the subscriber's media is up; counted as one frame then. */
  async framesSent(): Promise<number> {
    return this.state === 'connected' ? 1 : 0;
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    const handle = this.handle;
    this.handle = null;
    void handle?.detach().catch(() => {});
    this.releaseFeed();
    this.opts.closed();
  }
}
